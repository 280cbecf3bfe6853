import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { CheckoutRequest, Order } from '@atelier/contracts';
import { cartKeys, useCartStore } from '@atelier/session';
import { isDefiniteRejection } from '../api/checkout-errors';
import { usePlaceOrderMutation } from '../api/place-order';
import { useIdempotencyKey } from './use-idempotency-key';

const ORDERS_KEY = ['orders'] as const;
const PROJECTS_KEY = ['projects'] as const;

/**
 * Places the order for project `token`. Every try of one attempt carries the same
 * Idempotency-Key (kept across a network error or a 5xx; a new one after the server's
 * answer); a submit while one is in flight joins it. On success: the order is cached, the
 * held cart let go when it was this one, cart data refreshed, and on to the confirmation.
 */
export function usePlaceOrder(token: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = usePlaceOrderMutation();
  const key = useIdempotencyKey();
  const inFlight = useRef<Promise<Order> | null>(null);

  const place = useCallback(
    (body: CheckoutRequest): Promise<Order> => {
      if (inFlight.current) return inFlight.current;
      const attempt = mutation
        .mutateAsync({ token, body, idempotencyKey: key.current() })
        .then(
          (order) => {
            key.settle();
            queryClient.setQueryData(['orders', 'detail', order.id], order);
            navigate(`/checkout/confirmation/${encodeURIComponent(order.id)}`);
            if (useCartStore.getState().token === token) useCartStore.getState().clear();
            void queryClient.invalidateQueries({ queryKey: cartKeys.all });
            void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
            void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
            return order;
          },
          (error: unknown) => {
            if (isDefiniteRejection(error)) key.settle();
            throw error;
          },
        )
        .finally(() => {
          inFlight.current = null;
        });
      inFlight.current = attempt;
      return attempt;
    },
    [token, mutation, key, queryClient, navigate],
  );
  return { place, isPending: mutation.isPending };
}
