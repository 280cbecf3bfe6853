import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { CHECKOUT_MESSAGES } from '../checkout-model';

/** Nothing to order: no held cart, or a project without items. A way back to the cart. */
export function CheckoutUnavailable({ title, backTo }: { title: string; backTo: string }) {
  return (
    <Result
      status="info"
      title={title}
      extra={
        <Link to={backTo}>
          <Button type="primary">{CHECKOUT_MESSAGES.backToCart}</Button>
        </Link>
      }
    />
  );
}
