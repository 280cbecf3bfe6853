import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { Collection } from '@atelier/contracts';
import { collectionKeys } from '../../../shared/collections/collection-keys';

const getCollection = (id: string, signal?: AbortSignal) =>
  api.get<Collection>(`/api/collections/${encodeURIComponent(id)}/`, { signal });

const collectionQuery = (id: string) =>
  queryOptions({
    queryKey: collectionKeys.detail(id),
    queryFn: ({ signal }) => getCollection(id, signal),
  });

export const useCollection = (id: string) => useQuery(collectionQuery(id));
