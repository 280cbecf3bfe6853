import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import { COLLECTIONS_MAX_LIMIT, type CollectionPage } from '@atelier/contracts';
import { collectionKeys } from '../../../shared/collections/collection-keys';

/**
 * SPEC §7: collections are fetched with limit 1000, ordered by name; `search` (the generic
 * list page's search box) narrows them to names containing it.
 */
const getCollections = (search: string, signal?: AbortSignal) =>
  api.get<CollectionPage>('/api/collections/', {
    params: {
      limit: COLLECTIONS_MAX_LIMIT,
      ordering: 'name',
      ...(search ? { search } : {}),
    },
    signal,
  });

const collectionsQuery = (search = '') =>
  queryOptions({
    queryKey: collectionKeys.list(search),
    queryFn: ({ signal }) => getCollections(search, signal),
  });

export const useCollections = (search = '') => useQuery(collectionsQuery(search));
