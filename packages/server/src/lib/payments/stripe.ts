import Stripe from 'stripe';
import { WebhookRejected, type PaymentEvent, type PaymentProvider } from './types';

export interface StripeOptions {
  secretKey: string;
  /** Without it no webhook is accepted. */
  webhookSecret: string | undefined;
  /** Another API origin (stripe-mock, a proxy); absent: api.stripe.com. */
  apiUrl: string | undefined;
}

export interface StripeProvider extends PaymentProvider {
  /** A verified webhook event (see Payments.stripeEvent). */
  event(rawBody: Buffer, signature: string | undefined): PaymentEvent | null;
}

/** The Stripe client's host, port and protocol for another API origin. */
function apiOrigin(apiUrl: string | undefined): Partial<Stripe.StripeConfig> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    protocol,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
  };
}

/** The idempotency key of an order's PaymentIntent: one PaymentIntent per order, ever. */
export const paymentIntentKey = (orderToken: string): string => `atelier-order-${orderToken}`;

/** Card payments through Stripe PaymentIntents (the browser pays with the Payment Element). */
export function createStripeProvider(options: StripeOptions): StripeProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Atelier' },
    ...apiOrigin(options.apiUrl),
  });

  return {
    method: 'card',
    label: 'Card',
    description: 'Pay now by credit or debit card, securely through Stripe.',
    initialStatus: 'awaiting payment',
    initialNote: 'Order placed; awaiting card payment.',

    async start(order) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: order.amount,
          currency: 'usd',
          description: `Atelier order #${order.orderId}`,
          receipt_email: order.email,
          metadata: { order_token: order.token, order_id: String(order.orderId) },
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: paymentIntentKey(order.token) },
      );
      return { ref: intent.id, clientSecret: intent.client_secret };
    },

    async clientSecret(ref) {
      const intent = await stripe.paymentIntents.retrieve(ref);
      return intent.status === 'succeeded' || intent.status === 'canceled'
        ? null
        : intent.client_secret;
    },

    event(rawBody, signature) {
      if (!options.webhookSecret) throw new WebhookRejected('Stripe webhooks are not configured.');
      if (!signature) throw new WebhookRejected('No Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        throw new WebhookRejected('The Stripe signature does not match.');
      }
      if (
        event.type !== 'payment_intent.succeeded' &&
        event.type !== 'payment_intent.payment_failed'
      ) {
        return null;
      }
      const intent = event.data.object;
      const token = intent.metadata?.order_token;
      return event.type === 'payment_intent.succeeded'
        ? {
            kind: 'succeeded',
            ref: intent.id,
            orderToken: typeof token === 'string' ? token : null,
            amount: intent.amount_received,
            reason: '',
          }
        : {
            kind: 'failed',
            ref: intent.id,
            orderToken: typeof token === 'string' ? token : null,
            amount: intent.amount,
            reason: intent.last_payment_error?.message ?? 'The card payment failed.',
          };
    },
  };
}
