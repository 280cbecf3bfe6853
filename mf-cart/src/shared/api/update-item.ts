import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart, UpdateItemRequest } from '@atelier/contracts';
import { cartApi } from '@atelier/session';
import { invalidateProject } from './invalidate-project';

const updateItem = cartApi.updateItem;

/** PATCH an item of `cart`, then refresh the project's totals, items and nav count. */
export function useUpdateItem(cart: Pick<Cart, 'token' | 'project'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: number; body: UpdateItemRequest }) =>
      updateItem(cart.token, itemId, body),
    onSettled: () => invalidateProject(client, cart),
  });
}
