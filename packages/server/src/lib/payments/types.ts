// The payment provider interface (see index.ts).

import type { OrderStatus, PaymentMethod } from '@atelier/contracts';

/** What a provider needs of a stored order to collect its payment. */
interface OrderPayment {
  /** The order's link token (also the provider's idempotency key and metadata). */
  token: string;
  /** The number people say ('Order #1042'). */
  orderId: number;
  /** Cents (USD). */
  amount: number;
  email: string;
}

/** A payment started with the provider: its reference (stored as orders.payment_ref). */
interface PaymentStart {
  ref: string;
  /** What the browser needs to complete it (Stripe's client_secret). */
  clientSecret: string | null;
}

export interface PaymentProvider {
  readonly method: PaymentMethod;
  readonly label: string;
  /** One line for the checkout page. */
  readonly description: string;
  /** The status a new order paid this way starts in. */
  readonly initialStatus: OrderStatus;
  /** The note of that first status. */
  readonly initialNote: string;
  /**
   * Starts collecting the payment of a stored order (card: a PaymentIntent). Null when
   * nothing is collected online. Safe to repeat for the same order (the provider's
   * idempotency key is derived from the order).
   */
  start(order: OrderPayment): Promise<PaymentStart | null>;
  /** What the browser needs to pay an order awaiting payment; null when nothing is to pay. */
  clientSecret(ref: string): Promise<string | null>;
}

/** A verified webhook event, as the orders module acts on it. */
export interface PaymentEvent {
  kind: 'succeeded' | 'failed';
  /** The provider's reference of the payment (PaymentIntent id). */
  ref: string;
  /** The order token the payment was started for (its metadata). */
  orderToken: string | null;
  /** Cents received (succeeded) or asked (failed). */
  amount: number;
  /** Why a payment failed, as the provider says it. */
  reason: string;
}

/** A webhook whose signature (or body) does not check out: answered 400. */
export class WebhookRejected extends Error {
  override name = 'WebhookRejected';
}

export interface Payments {
  /** The methods checkout offers now, in display order. */
  available(): PaymentProvider[];
  /** The provider of `method`, or null when it is not available (card without Stripe). */
  provider(method: PaymentMethod): PaymentProvider | null;
  /** Stripe's publishable key for the browser, when cards are taken. */
  readonly stripePublishableKey: string | null;
  /** Whether Stripe webhooks can be verified (STRIPE_WEBHOOK_SECRET). */
  readonly stripeWebhooks: boolean;
  /**
   * Verifies a Stripe webhook over its raw body and reads it: an event the orders module
   * acts on, or null for any other event type. Throws WebhookRejected.
   */
  stripeEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent | null;
}
