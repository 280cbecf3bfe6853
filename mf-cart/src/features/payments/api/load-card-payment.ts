import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stripe } from '@stripe/stripe-js';
import { STRIPE_LOAD_TIMEOUT_MS } from '../messages';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Stripe.js took too long to load')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Stripe.js for this publishable key. @stripe/stripe-js is imported here only, dynamically,
 * so its code is an async chunk fetched when a card payment is shown, never in a first load.
 * loadStripe then fetches Stripe.js itself from js.stripe.com (a failed attempt is retried
 * on the next call).
 */
async function loadStripeClient(publishableKey: string): Promise<Stripe> {
  const { loadStripe } = await import(/* webpackChunkName: "stripe-js" */ '@stripe/stripe-js');
  const stripe = await withTimeout(loadStripe(publishableKey), STRIPE_LOAD_TIMEOUT_MS);
  if (!stripe) throw new Error('Stripe.js is not available');
  return stripe;
}

/** Stripe.js and the Payment Element form (with @stripe/react-stripe-js), both loaded lazily. */
async function loadCardPayment(publishableKey: string) {
  const [stripe, form] = await Promise.all([
    loadStripeClient(publishableKey),
    import(/* webpackChunkName: "card-payment-form" */ '../components/CardPaymentForm'),
  ]);
  return { stripe, Form: form.CardPaymentForm };
}

const cardPaymentQuery = (publishableKey: string) =>
  queryOptions({
    queryKey: ['payments', 'stripe', publishableKey],
    queryFn: () => loadCardPayment(publishableKey),
    // Loaded once per page; a failure waits for the customer's Retry.
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    structuralSharing: false,
  });

/** Stripe for the Payment Element, once there is a publishable key. */
export const useCardPaymentLoader = (publishableKey: string | null) =>
  useQuery({ ...cardPaymentQuery(publishableKey ?? ''), enabled: Boolean(publishableKey) });
