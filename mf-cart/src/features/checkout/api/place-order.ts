import { useMutation } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { CheckoutRequest, Order } from '@atelier/contracts';

const checkoutPath = (token: string) => `/api/v2/projects/${encodeURIComponent(token)}/checkout/`;

interface PlaceOrderInput {
  token: string;
  body: CheckoutRequest;
  /** One per checkout attempt, the same on every retry of it: never two orders. */
  idempotencyKey: string;
}

/** `POST /api/v2/projects/{token}/checkout/` → 201 Order (409 once the project is ordered). */
const placeOrder = ({ token, body, idempotencyKey }: PlaceOrderInput) =>
  api.post<Order>(checkoutPath(token), body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const usePlaceOrderMutation = () => useMutation({ mutationFn: placeOrder });
