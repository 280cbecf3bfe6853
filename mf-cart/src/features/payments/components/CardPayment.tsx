import { Alert, Button } from 'antd';
import type { Order } from '@atelier/contracts';
import { Loading } from '@atelier/ui';
import { usePaymentMethods } from '../../../shared/api/get-payment-methods';
import { useCardPaymentLoader } from '../api/load-card-payment';
import { PAYMENT_MESSAGES } from '../messages';

/** Card payment cannot be offered now (Stripe.js did not load, or no key): never a fake form. */
function CardPaymentUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      type="warning"
      showIcon
      title={PAYMENT_MESSAGES.unavailable}
      action={
        <Button size="small" onClick={onRetry}>
          {PAYMENT_MESSAGES.retry}
        </Button>
      }
    />
  );
}

/**
 * Pays an order awaiting a card payment: loads Stripe.js for the server's publishable key
 * and shows Stripe's Payment Element with a Pay button for the grand total.
 */
export function CardPayment({
  order,
  clientSecret,
}: {
  order: Pick<Order, 'id' | 'grand_total'>;
  clientSecret: string;
}) {
  const methods = usePaymentMethods();
  const publishableKey = methods.data?.stripe_publishable_key ?? null;
  const loader = useCardPaymentLoader(publishableKey);

  if (methods.isPending) return <Loading label={PAYMENT_MESSAGES.loading} />;
  if (methods.isError || !publishableKey) {
    return <CardPaymentUnavailable onRetry={() => void methods.refetch()} />;
  }
  if (loader.isError) return <CardPaymentUnavailable onRetry={() => void loader.refetch()} />;
  if (!loader.data) return <Loading label={PAYMENT_MESSAGES.loading} />;
  const { Form, stripe } = loader.data;
  return <Form stripe={stripe} clientSecret={clientSecret} order={order} />;
}
