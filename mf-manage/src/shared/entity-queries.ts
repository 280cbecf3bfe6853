import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { OptionsMetadata, Page } from '@atelier/contracts';

export type Entity = { id: number | string } & Record<string, unknown>;

export const entityPath = (apiType: string, id?: string | number) =>
  id === undefined ? `/api/${apiType}/` : `/api/${apiType}/${encodeURIComponent(String(id))}/`;

export interface ListParams {
  search: string;
  page: number;
  pageSize: number;
}

const entityListQuery = (apiType: string, params: ListParams) =>
  queryOptions({
    queryKey: ['manage', apiType, 'list', params],
    queryFn: ({ signal }) =>
      api.get<Page<Entity>>(entityPath(apiType), {
        params: {
          ...(params.search ? { search: params.search } : {}),
          page: params.page,
          page_size: params.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

const entityQuery = (apiType: string, id: string) =>
  queryOptions({
    queryKey: ['manage', apiType, 'detail', id],
    queryFn: ({ signal }) => api.get<Entity>(entityPath(apiType, id), { signal }),
  });

/** The same key as EntityForm's, so a detail page and its edit form ask once. */
const entityOptionsQuery = (apiType: string, id?: string) =>
  queryOptions({
    queryKey: ['entity-form', 'options', entityPath(apiType, id)],
    queryFn: ({ signal }) =>
      api.request<OptionsMetadata>('OPTIONS', entityPath(apiType, id), { signal }),
    staleTime: 5 * 60_000,
  });

export const useEntityList = (apiType: string, params: ListParams, enabled: boolean) =>
  useQuery({ ...entityListQuery(apiType, params), enabled });
export const useEntity = (apiType: string, id: string, enabled = true) =>
  useQuery({ ...entityQuery(apiType, id), enabled });
export const useEntityOptions = (apiType: string, id?: string, enabled = true) =>
  useQuery({ ...entityOptionsQuery(apiType, id), enabled });
