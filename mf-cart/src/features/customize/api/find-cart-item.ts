import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@atelier/api-client';
import type { CartItem } from '@atelier/contracts';
import { CART_ITEMS_PAGE_SIZE } from '@atelier/contracts';
import { cartApi, cartKeys } from '@atelier/session';

/** A missing item answers like a missing page: a 404 the page shows as 'Item not found'. */
const notFound = (token: string, itemId: number) =>
  new ApiError('Item not found', {
    method: 'GET',
    url: `/api/v2/projects/${token}/items/${itemId}/`,
    response: { status: 404, statusText: 'Not Found', data: { detail: 'Not found.' } },
  });

/** Reads the project's items a page at a time until it meets the item. */
async function findCartItem(
  token: string,
  itemId: number,
  signal?: AbortSignal,
): Promise<CartItem> {
  for (let page = 1; ; page += 1) {
    const answer = await cartApi.getItems(token, { page, page_size: CART_ITEMS_PAGE_SIZE }, signal);
    const item = answer.results.find((candidate) => candidate.id === itemId);
    if (item) return item;
    if (!answer.next || answer.results.length === 0) throw notFound(token, itemId);
  }
}

/** Kept under the project's key, so a change to the project refreshes it too. */
const cartItemQuery = (token: string, itemId: number) =>
  queryOptions({
    queryKey: [...cartKeys.project(token), 'item', itemId] as const,
    queryFn: ({ signal }) => findCartItem(token, itemId, signal),
  });

export function useCartItem(token: string | null, itemId: number) {
  return useQuery({
    ...cartItemQuery(token ?? '', itemId),
    enabled: token !== null && Number.isInteger(itemId),
  });
}
