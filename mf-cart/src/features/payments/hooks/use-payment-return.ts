import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Order } from '@atelier/contracts';
import { PAYMENT_POLL } from '../messages';

export interface PaymentReturn {
  /** Stripe's `redirect_status`: 'succeeded', 'processing', 'failed' (or another word). */
  redirectStatus: string;
}

/** The query Stripe appends to the return URL (`payment_intent`, `redirect_status`), if any. */
export function usePaymentReturn(): PaymentReturn | null {
  const [params] = useSearchParams();
  if (!params.get('payment_intent')) return null;
  return { redirectStatus: params.get('redirect_status') ?? '' };
}

/**
 * Back from Stripe with a payment that did not fail, the webhook may not have marked the
 * order paid yet: fetch it again every PAYMENT_POLL.intervalMs, PAYMENT_POLL.attempts times at
 * most, while it is still awaiting payment. `waiting` while polling, `gaveUp` after.
 */
export function usePollAfterPayment(
  order: Pick<Order, 'status'> | undefined,
  refetch: () => Promise<unknown>,
  active: boolean,
) {
  const [attempts, setAttempts] = useState(0);
  const awaiting = active && order?.status === 'awaiting payment';
  const waiting = awaiting && attempts < PAYMENT_POLL.attempts;

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      void refetch().finally(() => setAttempts((n) => n + 1));
    }, PAYMENT_POLL.intervalMs);
    return () => clearTimeout(timer);
  }, [waiting, attempts, refetch]);

  return { waiting, gaveUp: awaiting && !waiting };
}
