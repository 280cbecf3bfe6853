import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@atelier/api-client';
import type { Order } from '@atelier/contracts';
import { orderKeys } from '../../../shared/api/order-keys';

export const orderPath = (id: string) => `/api/v2/orders/${encodeURIComponent(id)}/`;

/** One order by its link id (anyone holding it) or number (owner, staff). */
export const getOrder = (id: string, signal?: AbortSignal) =>
  api.get<Order>(orderPath(id), { signal });

const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    // A missing order stays missing: no retries on a 404.
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });

export const useOrder = (id: string | undefined) =>
  useQuery({ ...orderQuery(id ?? ''), enabled: Boolean(id) });
