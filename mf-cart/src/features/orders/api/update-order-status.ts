import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { Order, OrderStatusRequest } from '@atelier/contracts';
import { orderPath } from './get-order';
import { orderKeys } from '../../../shared/api/order-keys';

/** Staff: move an order to a next status (ORDER_TRANSITIONS), with a note for its history. */
const updateOrderStatus = (id: string, body: OrderStatusRequest) =>
  api.patch<Order>(orderPath(id), body);

export function useUpdateOrderStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderStatusRequest) => updateOrderStatus(id, body),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(id), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
  });
}
