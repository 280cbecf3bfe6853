import { Button, Result } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '@atelier/api-client';
import { selectIsSignedIn, useAuthStore } from '@atelier/session';
import { ErrorDisplay, Loading, usePageTitle } from '@atelier/ui';
import { useLatestOrder } from '../features/orders/api/get-latest-order';
import { useOrder } from '../features/orders/api/get-order';
import { OrderConfirmation } from '../features/orders/components/OrderConfirmation';
import { ORDER_MESSAGES } from '../features/orders/messages';
import { OrderPayment } from '../features/payments/components/OrderPayment';
import { ResultHeading } from '../components/ResultHeading';

function NoOrder({ title = ORDER_MESSAGES.noLatestOrder }: { title?: string }) {
  return (
    <Result
      status="info"
      title={<ResultHeading>{title}</ResultHeading>}
      subTitle={ORDER_MESSAGES.noLatestOrderHint}
      extra={
        <Link to="/search">
          <Button type="primary">{ORDER_MESSAGES.continueShopping}</Button>
        </Link>
      }
    />
  );
}

/**
 * /checkout/confirmation/:id?: the order just placed (id = its link id). Without an id, the
 * signed-in user's latest order; a guest without one gets a friendly word instead.
 */
export default function ConfirmationPage() {
  usePageTitle('Order Confirmation');
  const { id } = useParams<{ id?: string }>();
  const booting = useAuthStore((s) => s.status === 'booting');
  const signedIn = useAuthStore(selectIsSignedIn);
  const byId = useOrder(id);
  const latest = useLatestOrder(!id && signedIn);

  if (id) {
    if (byId.isPending) return <Loading label="Loading your order" />;
    if (byId.isError) {
      if (isApiError(byId.error) && byId.error.status === 404) {
        return <NoOrder title={ORDER_MESSAGES.notFound} />;
      }
      return <ErrorDisplay error={byId.error} />;
    }
    return (
      <OrderConfirmation
        order={byId.data}
        payment={<OrderPayment order={byId.data} onRefresh={() => void byId.refetch()} />}
      />
    );
  }
  if (booting) return <Loading label="Loading your session" />;
  if (!signedIn) return <NoOrder />;
  if (latest.isPending) return <Loading label="Loading your order" />;
  if (latest.isError) return <ErrorDisplay error={latest.error} />;
  return latest.data ? (
    <OrderConfirmation
      order={latest.data}
      payment={<OrderPayment order={latest.data} onRefresh={() => void latest.refetch()} />}
    />
  ) : (
    <NoOrder />
  );
}
