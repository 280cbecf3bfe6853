import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { Order, OrderFulfilmentRequest } from '@atelier/contracts';
import { orderKeys } from './order-queries';

/** `PATCH /api/v2/orders/{number}/`: moves an order (shipped: carrier and tracking; cancelled: reason). */
const moveOrder = (id: string, body: OrderFulfilmentRequest) =>
  api.patch<Order>(`/api/v2/orders/${encodeURIComponent(id)}/`, body);

export function useMoveOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderFulfilmentRequest) => moveOrder(id, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
