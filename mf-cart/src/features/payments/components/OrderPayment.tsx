import { Alert, Button, Spin } from 'antd';
import type { Order } from '@atelier/contracts';
import { PAYMENT_MESSAGES } from '../messages';
import type { PaymentReturn } from '../hooks/use-payment-return';
import { CardPayment } from './CardPayment';

const box = { marginBottom: 16 } as const;

/**
 * The payment part of the confirmation and order pages: Stripe's Payment Element while a
 * card order awaits payment, and what happened after Stripe sent the customer back.
 */
export function OrderPayment({
  order,
  onRefresh,
  paymentReturn = null,
  waiting = false,
}: {
  order: Pick<Order, 'id' | 'status' | 'payment_method' | 'payment_client_secret' | 'grand_total'>;
  onRefresh: () => void;
  paymentReturn?: PaymentReturn | null;
  waiting?: boolean;
}) {
  if (order.payment_method !== 'card') return null;
  const awaiting = order.status === 'awaiting payment';
  const failed = paymentReturn?.redirectStatus === 'failed';

  if (paymentReturn && !awaiting) {
    return order.status === 'cancelled' ? null : (
      <Alert type="success" showIcon title={PAYMENT_MESSAGES.succeeded} style={box} />
    );
  }
  if (!awaiting) return null;
  if (paymentReturn && !failed) {
    return waiting ? (
      <Alert
        type="info"
        showIcon
        icon={<Spin size="small" />}
        title={PAYMENT_MESSAGES.processing}
        description={PAYMENT_MESSAGES.processingHint}
        role="status"
        style={box}
      />
    ) : (
      <Alert
        type="info"
        showIcon
        title={PAYMENT_MESSAGES.stillProcessing}
        description={PAYMENT_MESSAGES.stillProcessingHint}
        action={
          <Button size="small" onClick={onRefresh}>
            {PAYMENT_MESSAGES.refresh}
          </Button>
        }
        style={box}
      />
    );
  }
  return (
    <section aria-labelledby="card-payment-title" style={{ ...box, maxWidth: 560 }}>
      <h2 id="card-payment-title" style={{ fontSize: 18, margin: '0 0 8px' }}>
        {PAYMENT_MESSAGES.heading}
      </h2>
      {failed && (
        <Alert
          type="error"
          showIcon
          title={PAYMENT_MESSAGES.failed}
          description={PAYMENT_MESSAGES.failedHint}
          style={{ marginBottom: 12 }}
        />
      )}
      {order.payment_client_secret ? (
        <>
          <p style={{ margin: '0 0 12px' }}>{PAYMENT_MESSAGES.intro}</p>
          <CardPayment order={order} clientSecret={order.payment_client_secret} />
        </>
      ) : (
        <Alert
          type="info"
          showIcon
          title={PAYMENT_MESSAGES.preparing}
          action={
            <Button size="small" onClick={onRefresh}>
              {PAYMENT_MESSAGES.retry}
            </Button>
          }
        />
      )}
    </section>
  );
}
