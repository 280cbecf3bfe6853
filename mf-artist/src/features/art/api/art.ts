import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { ArtistArtPage, ArtistArtworkDetail } from '@atelier/contracts';

const ART_PATH = '/api/artist-portal/art/';

export interface ArtListParams {
  sold: boolean;
  limit: number;
  offset: number;
}

const artKeys = {
  list: (params: ArtListParams) => ['artist-art', 'list', params] as const,
  detail: (id: number) => ['artist-art', 'detail', id] as const,
};

const artListQuery = (params: ArtListParams) =>
  queryOptions({
    queryKey: artKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ArtistArtPage>(ART_PATH, {
        params: { sold: params.sold || undefined, limit: params.limit, offset: params.offset },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useArtList = (params: ArtListParams) => useQuery(artListQuery(params));

const artworkQuery = (id: number) =>
  queryOptions({
    queryKey: artKeys.detail(id),
    queryFn: ({ signal }) => api.get<ArtistArtworkDetail>(`${ART_PATH}${id}/`, { signal }),
  });
export const useArtwork = (id: number) => useQuery(artworkQuery(id));
