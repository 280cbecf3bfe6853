import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { Collection, CollectionInput } from '@atelier/contracts';
import { collectionKeys } from '../../../shared/collections/collection-keys';

/** POST a new collection (owned by the caller), or PUT the form fields of `id`. */
const saveCollection = (values: CollectionInput, id?: number) =>
  id === undefined
    ? api.post<Collection>('/api/collections/', values)
    : api.put<Collection>(`/api/collections/${id}/`, values);

/** Saves, then refreshes every collections list, lookup and detail shown anywhere. */
export function useSaveCollection(id?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: CollectionInput) => saveCollection(values, id),
    onSuccess: async (saved) => {
      client.setQueryData(collectionKeys.detail(String(saved.id)), saved);
      await client.invalidateQueries({ queryKey: collectionKeys.all });
    },
  });
}
