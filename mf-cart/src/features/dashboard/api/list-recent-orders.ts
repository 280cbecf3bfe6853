import { queryOptions, useQuery } from '@tanstack/react-query';
import { listOrders, type OrderListParams } from '../../../shared/api/list-orders';
import { orderKeys } from '../../../shared/api/order-keys';
import { DASHBOARD_LIMITS } from '../messages';

/** The user's own orders (staff too: `mine`, not everyone's), newest first. */
const params: OrderListParams = { page: 1, page_size: DASHBOARD_LIMITS.orders, mine: true };

const listRecentOrders = (signal?: AbortSignal) => listOrders(params, signal);

const recentOrdersQuery = () =>
  queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => listRecentOrders(signal),
  });

export const useRecentOrders = () => useQuery(recentOrdersQuery());
