import { Button, Result } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '@atelier/api-client';
import { orderTitle } from '@atelier/contracts';
import { selectIsStaff, useAuthStore } from '@atelier/session';
import { ErrorDisplay, Loading, usePageTitle } from '@atelier/ui';
import { useOrder } from '../features/orders/api/get-order';
import { OrderDetail } from '../features/orders/components/OrderDetail';
import { ORDER_MESSAGES } from '../features/orders/messages';
import { OrderPayment } from '../features/payments/components/OrderPayment';
import {
  usePaymentReturn,
  usePollAfterPayment,
} from '../features/payments/hooks/use-payment-return';
import { ResultHeading } from '../components/ResultHeading';

/**
 * /orders/:id: open to whoever holds the order's link (guests follow the emailed link), so
 * it needs no login; the server answers 404 to anyone else.
 */
export default function OrderPage() {
  const { id } = useParams<{ id: string }>();
  const isStaff = useAuthStore(selectIsStaff);
  const order = useOrder(id);
  // Back from Stripe (?payment_intent=…&redirect_status=…): follow the order until it is paid.
  const paymentReturn = usePaymentReturn();
  const { waiting } = usePollAfterPayment(
    order.data,
    order.refetch,
    Boolean(paymentReturn) && paymentReturn?.redirectStatus !== 'failed',
  );
  usePageTitle(order.data ? orderTitle(order.data.order_id) : null);

  if (order.isPending) return <Loading label="Loading the order" />;
  if (order.isError) {
    if (isApiError(order.error) && order.error.status === 404) {
      return (
        <Result
          status="404"
          title={<ResultHeading>{ORDER_MESSAGES.notFound}</ResultHeading>}
          subTitle={ORDER_MESSAGES.notFoundHint}
          extra={
            <Link to="/orders">
              <Button type="primary">Your orders</Button>
            </Link>
          }
        />
      );
    }
    return <ErrorDisplay error={order.error} />;
  }
  return (
    <OrderDetail
      order={order.data}
      isStaff={isStaff}
      payment={
        <OrderPayment
          order={order.data}
          onRefresh={() => void order.refetch()}
          paymentReturn={paymentReturn}
          waiting={waiting}
        />
      }
    />
  );
}
