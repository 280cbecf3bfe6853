import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { ContentEditRequest, ContentEditResponse, Image } from '@atelier/contracts';
import { imageQuery } from './get-image';

/** `PATCH /content/edit/{id}/` with `{favorite}` (SPEC §4 Favorite; signed-in users). */
const setFavorite = (imageId: number, favorite: boolean) =>
  api.patch<ContentEditResponse>(`/content/edit/${imageId}/`, {
    favorite,
  } satisfies ContentEditRequest);

/**
 * Toggles an image's favourite. The server's answer (not the click) becomes the cached
 * state, so a failed call leaves the toggle showing what is really stored.
 */
export function useToggleFavorite(imageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: boolean) => setFavorite(imageId, favorite),
    onSuccess: (state) => {
      queryClient.setQueryData<Image>(imageQuery(String(imageId)).queryKey, (image) =>
        image
          ? { ...image, user_favorite: state.user_favorite, published: state.published }
          : image,
      );
      // Favourite lists and the search favourites filter read the same flag.
      void queryClient.invalidateQueries({ queryKey: ['search'] });
    },
  });
}
