import { useQuery } from '@tanstack/react-query';
import { cartItemsQuery } from '@atelier/session';

/** One page of a project's items (quantity > 0, SPEC §5); idle while there is no project. */
export function useCartItems(idOrToken: string | null, page: number, pageSize: number) {
  return useQuery({
    ...cartItemsQuery(idOrToken ?? '', page, pageSize),
    enabled: idOrToken !== null,
  });
}
