import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { Page } from '@atelier/contracts';

/** SPEC §3 Collection. */
export interface Collection {
  id: number;
  name: string;
  description: string;
  communal: boolean;
  public: boolean;
  owner: string | null;
  contents: number[];
  created: string;
}

/** SPEC §7: collections are fetched with limit 1000, ordered by name. */
export const COLLECTIONS_LIMIT = 1000;

export const collectionsQuery = () =>
  queryOptions({
    queryKey: ['collections', 'list'],
    queryFn: ({ signal }) =>
      api.get<Page<Collection>>('/api/collections/', {
        params: { limit: COLLECTIONS_LIMIT, ordering: 'name' },
        signal,
      }),
  });

export const collectionQuery = (id: string) =>
  queryOptions({
    queryKey: ['collections', 'detail', id],
    queryFn: ({ signal }) =>
      api.get<Collection>(`/api/collections/${encodeURIComponent(id)}/`, { signal }),
  });

export const useCollections = () => useQuery(collectionsQuery());
export const useCollection = (id: string) => useQuery(collectionQuery(id));
