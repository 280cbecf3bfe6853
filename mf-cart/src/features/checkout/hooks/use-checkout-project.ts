import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { CART_ITEMS_PAGE_SIZE } from '@atelier/contracts';
import { cartItemsQuery, cartQuery, useCartStore } from '@atelier/session';

/**
 * The project checkout is for: /projects/:id/checkout names it (id or token); /checkout
 * means the held cart. `ref` is null when there is none to check out.
 */
export function useCheckoutProject() {
  const { id } = useParams<{ id?: string }>();
  const held = useCartStore((s) => s.token);
  const ref = id ?? held;
  const cart = useQuery({ ...cartQuery(ref ?? ''), enabled: ref !== null });
  const items = useQuery({
    ...cartItemsQuery(ref ?? '', 1, CART_ITEMS_PAGE_SIZE),
    enabled: ref !== null && (cart.data?.quantity ?? 0) > 0,
  });
  return { ref, isHeldCart: id === undefined, cart, items };
}
