import { formatUsd } from '@atelier/contracts';

/** What card payment says (ARCHITECTURE §3: user-visible strings are named). */
export const PAYMENT_MESSAGES = {
  heading: 'Pay by card',
  intro: 'Your order is awaiting payment. Enter your card details to pay.',
  pay: (cents: number) => `Pay ${formatUsd(cents)}`,
  loading: 'Loading card payment',
  unavailable: 'Card payment is unavailable right now. Please try again later or contact support.',
  retry: 'Retry',
  preparing: 'We are preparing your card payment. Please try again in a moment.',
  unexpectedError: 'Your payment could not be completed. Please try again.',
  processing: 'Payment is processing',
  processingHint: 'This page updates once your bank confirms the payment.',
  stillProcessing: 'Your payment is still processing',
  stillProcessingHint:
    'It can take a few minutes. Refresh later, or watch for the email once the order is paid.',
  refresh: 'Refresh',
  succeeded: 'Payment received. Thank you!',
  failed: 'Your payment did not go through',
  failedHint: 'No money was taken. Please try again with another card.',
} as const;

/** After Stripe's redirect, the order is fetched again this often, this many times at most. */
export const PAYMENT_POLL = { intervalMs: 1_500, attempts: 8 } as const;

/** How long Stripe.js may take to load before card payment is called unavailable. */
export const STRIPE_LOAD_TIMEOUT_MS = 20_000;
