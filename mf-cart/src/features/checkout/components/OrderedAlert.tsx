import { Alert } from 'antd';
import { Link } from 'react-router-dom';
import type { OrderRef } from '@atelier/contracts';
import { CHECKOUT_MESSAGES } from '../checkout-model';

/**
 * The project already has an order: an info alert when we knew before submitting, an error
 * when checkout answered 409. Either way, a link to the order.
 */
export function OrderedAlert({
  order,
  conflict = false,
}: {
  order: OrderRef | null | undefined;
  conflict?: boolean;
}) {
  return (
    <Alert
      type={conflict ? 'error' : 'info'}
      showIcon
      role="alert"
      title={conflict ? CHECKOUT_MESSAGES.alreadyOrdered : CHECKOUT_MESSAGES.projectOrdered}
      description={
        <Link to={order ? `/orders/${encodeURIComponent(order.id)}` : '/orders'}>
          {CHECKOUT_MESSAGES.viewOrder}
        </Link>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
