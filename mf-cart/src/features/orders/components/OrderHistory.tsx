import { Timeline, Typography } from 'antd';
import type { Order } from '@atelier/contracts';
import { formatDateTime } from '../messages';
import { OrderStatusTag } from '../../../shared/components/OrderStatusTag';

/** The order's status changes, oldest first, each with its note. */
export function OrderHistory({ history }: { history: Order['history'] }) {
  return (
    <div>
      <Timeline
        items={history.map((change, index) => ({
          key: `${change.created}-${index}`,
          content: (
            <div>
              <OrderStatusTag status={change.status} />{' '}
              <Typography.Text type="secondary">
                <time dateTime={change.created}>{formatDateTime(change.created)}</time>
              </Typography.Text>
              {change.note && <div style={{ whiteSpace: 'pre-wrap' }}>{change.note}</div>}
            </div>
          ),
        }))}
      />
    </div>
  );
}
