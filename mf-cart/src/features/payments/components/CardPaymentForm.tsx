import { useState, type FormEvent } from 'react';
import { Alert, Button } from 'antd';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import type { Order } from '@atelier/contracts';
import { PAYMENT_MESSAGES } from '../messages';

/** Where Stripe sends the customer back after the payment (and any bank check). */
const paymentReturnUrl = (orderId: string): string =>
  `${window.location.origin}/orders/${encodeURIComponent(orderId)}`;

function PayForm({ order }: { order: Pick<Order, 'id' | 'grand_total'> }) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      // On success Stripe redirects to the return URL; it only answers here with an error.
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: paymentReturnUrl(order.id) },
      });
      if (result.error) setError(result.error.message ?? PAYMENT_MESSAGES.unexpectedError);
    } catch {
      setError(PAYMENT_MESSAGES.unexpectedError);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form aria-label={PAYMENT_MESSAGES.heading} onSubmit={(event) => void submit(event)}>
      <PaymentElement />
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={submitting}
        disabled={!stripe || !elements}
        style={{ marginTop: 16 }}
      >
        {PAYMENT_MESSAGES.pay(order.grand_total)}
      </Button>
    </form>
  );
}

/**
 * Stripe's Payment Element for the order's PaymentIntent and the Pay button. Its own async
 * chunk with @stripe/react-stripe-js (see loadCardPayment).
 */
export function CardPaymentForm({
  stripe,
  clientSecret,
  order,
}: {
  stripe: Stripe;
  clientSecret: string;
  order: Pick<Order, 'id' | 'grand_total'>;
}) {
  return (
    <Elements key={clientSecret} stripe={stripe} options={{ clientSecret }}>
      <PayForm order={order} />
    </Elements>
  );
}
