import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { ImageCard } from '@atelier/contracts';

/** SPEC §9: search page size (limit) defaults to 100. */
export const SEARCH_LIMIT = 100;

export interface SearchParams {
  q: string;
  offset: number;
  limit: number;
}

export interface SearchResponse {
  images: ImageCard[];
  total: number;
  total_available: number;
  total_for_pagination: number;
  total_is_partial: boolean;
  facets: Record<string, unknown>;
  errors: unknown[];
}

export const searchImages = ({ q, offset, limit }: SearchParams, signal?: AbortSignal) =>
  api.get<SearchResponse>('/content/search/v3/', { params: { q, offset, limit }, signal });

export const searchQuery = (params: SearchParams) =>
  queryOptions({
    queryKey: ['search', params],
    queryFn: ({ signal }) => searchImages(params, signal),
    placeholderData: keepPreviousData,
  });

export const useSearch = (params: SearchParams) => useQuery(searchQuery(params));
