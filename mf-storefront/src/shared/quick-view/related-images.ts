import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import { RELATED_IMAGES_LIMIT, type RelatedImagesResponse } from '@atelier/contracts';

/** SPEC §9: the related images cache is cleared hourly. */
const RELATED_CACHE_MS = 60 * 60 * 1000;
/** SPEC §9: the artist popover shows 3 thumbnails (search limit 3). */
const ARTIST_POPOVER_LIMIT = 3;

/** `GET /content/search/?q&limit`: for a local id, that image first, then its neighbours. */
const relatedQuery = (q: string, limit: number) =>
  queryOptions({
    queryKey: ['search', 'related', q, limit],
    queryFn: ({ signal }) =>
      api.get<RelatedImagesResponse>('/content/search/', { params: { q, limit }, signal }),
    staleTime: RELATED_CACHE_MS,
    gcTime: RELATED_CACHE_MS,
  });

/** Up to 5 related images, the first the image itself (SPEC §9). */
export const useRelatedImages = (localId: string) =>
  useQuery(relatedQuery(localId, RELATED_IMAGES_LIMIT));

/** The artist's works for the artist link's popover; asked only once it opens. */
export const useArtistThumbnails = (artist: string, enabled: boolean) =>
  useQuery({ ...relatedQuery(`"${artist}"`, ARTIST_POPOVER_LIMIT), enabled });
