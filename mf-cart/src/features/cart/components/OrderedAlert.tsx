import { Alert } from 'antd';
import { Link } from 'react-router-dom';
import type { OrderRef } from '@atelier/contracts';
import { CART_TEXT, orderPath } from '../constants';

/** SPEC §2: an ordered project says so and links to its order. */
export function OrderedAlert({ order }: { order: OrderRef }) {
  return (
    <Alert
      type="info"
      showIcon
      title={CART_TEXT.ordered}
      action={<Link to={orderPath(order.id)}>{CART_TEXT.viewOrder}</Link>}
      style={{ marginBottom: 16 }}
    />
  );
}
