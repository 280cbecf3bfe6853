import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, searchImages } from '@atelier/api-client';

/** A strip of the most popular works: two or three rows of the grid on a wide screen. */
const POPULAR_IMAGES_LIMIT = 20;

/** The search API's 'Most popular' sort (SPEC §9), with no query: the whole catalogue. */
export const popularImagesQuery = (limit = POPULAR_IMAGES_LIMIT) =>
  queryOptions({
    queryKey: ['images', 'popular', limit],
    queryFn: ({ signal }) => searchImages(api, { sort: 'popular', limit, offset: 0 }, { signal }),
  });

export const usePopularImages = (limit?: number) => useQuery(popularImagesQuery(limit));
