import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CART_ITEMS_PAGE_SIZE } from '@atelier/contracts';
import { useCartStore } from '../cart-store';
import { cartApi, type CartApi } from './cart-api';

/** Cart data is keyed by the cart token: another cart is another cache entry. */
export const cartKeys = {
  all: ['cart'] as const,
  project: (idOrToken: string | number) => ['cart', String(idOrToken)] as const,
  items: (idOrToken: string | number, page: number, pageSize: number) =>
    ['cart', String(idOrToken), 'items', page, pageSize] as const,
  projects: (params: object) => ['projects', 'list', params] as const,
};

export const cartQuery = (idOrToken: string | number, client: CartApi = cartApi) =>
  queryOptions({
    queryKey: cartKeys.project(idOrToken),
    queryFn: ({ signal }) => client.getProject(idOrToken, signal),
    staleTime: 10_000,
  });

export const cartItemsQuery = (
  idOrToken: string | number,
  page = 1,
  pageSize: number = CART_ITEMS_PAGE_SIZE,
  client: CartApi = cartApi,
) =>
  queryOptions({
    queryKey: cartKeys.items(idOrToken, page, pageSize),
    queryFn: ({ signal }) => client.getItems(idOrToken, { page, page_size: pageSize }, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** The held cart (nav bar, cart screen, Quick Add); idle while there is none. */
export function useCurrentCart() {
  const token = useCartStore((s) => s.token);
  return useQuery({ ...cartQuery(token ?? ''), enabled: token !== null });
}
