// Payments behind one interface (ARCHITECTURE §2): a provider per payment method. Purchase
// orders and invoices need no configuration; cards go through Stripe, and only when it is
// keyed (STRIPE_SECRET_KEY). Nothing here fakes a provider: without Stripe there is no card.

import type { Config } from '../../config';
import { invoiceProvider, purchaseOrderProvider } from './offline';
import { createStripeProvider, type StripeProvider } from './stripe';
import { WebhookRejected, type PaymentProvider, type Payments } from './types';

export * from './types';

export type PaymentsConfig = Pick<
  Config,
  'stripeSecretKey' | 'stripeWebhookSecret' | 'stripePublishableKey' | 'stripeApiUrl'
>;

/** The providers the configuration allows. */
export function createPayments(config: PaymentsConfig): Payments {
  const stripe: StripeProvider | null = config.stripeSecretKey
    ? createStripeProvider({
        secretKey: config.stripeSecretKey,
        webhookSecret: config.stripeWebhookSecret,
        apiUrl: config.stripeApiUrl,
      })
    : null;
  const providers: PaymentProvider[] = [purchaseOrderProvider, invoiceProvider];
  if (stripe) providers.push(stripe);
  return {
    available: () => [...providers],
    provider: (method) => providers.find((provider) => provider.method === method) ?? null,
    stripePublishableKey: stripe ? (config.stripePublishableKey ?? null) : null,
    stripeWebhooks: Boolean(stripe && config.stripeWebhookSecret),
    stripeEvent(rawBody, signature) {
      if (!stripe) throw new WebhookRejected('Stripe is not configured.');
      return stripe.event(rawBody, signature);
    },
  };
}
