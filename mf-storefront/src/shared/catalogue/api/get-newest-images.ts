import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { ImageCardPage } from '@atelier/contracts';

const NEWEST_IMAGES_LIMIT = 60;

const getNewestImages = (limit = NEWEST_IMAGES_LIMIT, signal?: AbortSignal) =>
  api.get<ImageCardPage>('/api/images/', { params: { limit, offset: 0 }, signal });

export const newestImagesQuery = (limit = NEWEST_IMAGES_LIMIT) =>
  queryOptions({
    queryKey: ['images', 'newest', limit],
    queryFn: ({ signal }) => getNewestImages(limit, signal),
  });

export const useNewestImages = (limit?: number) => useQuery(newestImagesQuery(limit));
