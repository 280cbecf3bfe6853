import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { OrderSummary, Page } from '@atelier/contracts';
import { orderKeys } from './order-keys';

const ORDERS_PATH = '/api/v2/orders/';

export interface OrderListParams {
  page: number;
  page_size: number;
  /** Staff: only their own orders (the server shows staff everyone's otherwise). */
  mine?: boolean;
}

/** A page of orders, newest first (the server decides whose: staff see all). */
export const listOrders = (params: OrderListParams, signal?: AbortSignal) =>
  api.get<Page<OrderSummary>>(ORDERS_PATH, {
    params: { page: params.page, page_size: params.page_size, mine: params.mine || undefined },
    signal,
  });

const ordersQuery = (params: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => listOrders(params, signal),
    placeholderData: keepPreviousData,
  });

export const useOrders = (params: OrderListParams, enabled = true) =>
  useQuery({ ...ordersQuery(params), enabled });
