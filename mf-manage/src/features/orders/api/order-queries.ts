import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import {
  STAFF_ORDERS_PATH,
  type OrderStatus,
  type StaffOrder,
  type StaffOrderPage,
} from '@atelier/contracts';

export interface OrderListParams {
  search: string;
  status: OrderStatus | '';
  ordering: string;
  page: number;
  pageSize: number;
}

export const orderKeys = {
  all: ['manage', 'orders'] as const,
  list: (params: OrderListParams) => [...orderKeys.all, 'list', params] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};

/** `GET /api/order/`: the staff list (search, status filter, ordering, page). */
const orderListQuery = (params: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<StaffOrderPage>(STAFF_ORDERS_PATH, {
        params: {
          ...(params.search ? { search: params.search } : {}),
          ...(params.status ? { status: params.status } : {}),
          ordering: params.ordering,
          page: params.page,
          page_size: params.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useOrderList = (params: OrderListParams) => useQuery(orderListQuery(params));

/** `GET /api/order/{number}/`: one order with its history and the statuses it may move to. */
const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<StaffOrder>(`${STAFF_ORDERS_PATH}${encodeURIComponent(id)}/`, { signal }),
  });

export const useStaffOrder = (id: string) => useQuery(orderQuery(id));
