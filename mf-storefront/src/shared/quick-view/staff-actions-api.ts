import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type {
  ContentEditRequest,
  ContentEditResponse,
  DesignStudioRequest,
  DesignStudioResponse,
} from '@atelier/contracts';

export type StaticSet = DesignStudioRequest['collection'];

/** Staff publish or unpublish (`PATCH /content/edit/{id}/ {publish}`). */
const setPublished = (id: number, publish: boolean) =>
  api.patch<ContentEditResponse>(`/content/edit/${id}/`, { publish } satisfies ContentEditRequest);

/** Staff add an image to a collection (`POST /api/collections/{id}/prepend/`). */
const addToCollection = (collectionId: number, imageId: number) =>
  api.post<unknown>(`/api/collections/${collectionId}/prepend/`, { prepend: [imageId] });

/** Staff add an image to a static set (`POST /api/v2/designstudio/`). */
const addToStaticSet = (imageId: number, collection: StaticSet) =>
  api.post<DesignStudioResponse>('/api/v2/designstudio/', {
    imagedata: imageId,
    action: 'add-static',
    collection,
  } satisfies DesignStudioRequest);

/** Every search, image and collection view may show what changed: all are asked again. */
function useRefreshCatalogue() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['search'] });
    void queryClient.invalidateQueries({ queryKey: ['images'] });
    void queryClient.invalidateQueries({ queryKey: ['collections'] });
  };
}

export function usePublish(imageId: number) {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (publish: boolean) => setPublished(imageId, publish),
    onSuccess: refresh,
  });
}

export function useAddToCollection(imageId: number) {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (collection: { id: number; name: string }) =>
      addToCollection(collection.id, imageId),
    onSuccess: refresh,
  });
}

export function useAddToStaticSet(imageId: number) {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (set: StaticSet) => addToStaticSet(imageId, set),
    onSuccess: refresh,
  });
}
