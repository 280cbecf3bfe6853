import { Tag } from 'antd';
import type { OrderStatus } from '@atelier/contracts';

const COLOURS: Record<OrderStatus, string> = {
  placed: 'blue',
  'awaiting payment': 'gold',
  paid: 'green',
  'in production': 'purple',
  shipped: 'cyan',
  cancelled: 'default',
};

/** An order's status as a coloured tag; the text is the status itself. */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return (
    <Tag color={COLOURS[status]} style={{ textTransform: 'capitalize', marginInlineEnd: 0 }}>
      {status}
    </Tag>
  );
}
