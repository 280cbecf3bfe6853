import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@atelier/contracts';
import { getOrder } from './get-order';
import { listOrders } from '../../../shared/api/list-orders';
import { orderKeys } from '../../../shared/api/order-keys';

/** The signed-in user's most recent order in full, or null when they have none. */
const getLatestOrder = async (signal?: AbortSignal): Promise<Order | null> => {
  const page = await listOrders({ page: 1, page_size: 1, mine: true }, signal);
  const latest = page.results[0];
  return latest ? getOrder(latest.id, signal) : null;
};

const latestOrderQuery = () =>
  queryOptions({
    queryKey: orderKeys.latest(),
    queryFn: ({ signal }) => getLatestOrder(signal),
  });

export const useLatestOrder = (enabled: boolean) => useQuery({ ...latestOrderQuery(), enabled });
