import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@atelier/contracts';
import { cartApi } from '@atelier/session';
import { invalidateProject } from '../../../shared/api/invalidate-project';

const removeItem = cartApi.removeItem;

/** DELETE an item of `cart`, then refresh the project's totals, items and nav count. */
export function useRemoveItem(cart: Pick<Cart, 'token' | 'project'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) => removeItem(cart.token, itemId),
    onSettled: () => invalidateProject(client, cart),
  });
}
