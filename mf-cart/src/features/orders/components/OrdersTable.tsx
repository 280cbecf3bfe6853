import { Table, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { formatUsd, orderTitle, type OrderSummary } from '@atelier/contracts';
import { formatDate } from '../messages';
import { OrderStatusTag } from '../../../shared/components/OrderStatusTag';

/**
 * SPEC §2 order rows: each row is named 'Order #' plus order_id and links to the order.
 * The date folds under the title on phones, so the table fits 390 px without scrolling.
 */
export function OrdersTable({
  orders,
  loading = false,
  caption = 'Orders',
}: {
  orders: readonly OrderSummary[];
  loading?: boolean;
  caption?: string;
}) {
  return (
    <Table<OrderSummary>
      aria-label={caption}
      rowKey="id"
      size="middle"
      loading={loading}
      pagination={false}
      dataSource={orders as OrderSummary[]}
      onRow={(order) => ({ 'aria-label': orderTitle(order.order_id) })}
      columns={[
        {
          key: 'order',
          title: 'Order',
          render: (_, order) => (
            <div>
              <Link to={`/orders/${encodeURIComponent(order.id)}`}>
                {orderTitle(order.order_id)}
              </Link>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                {order.project.name}
              </Typography.Text>
            </div>
          ),
        },
        {
          key: 'created',
          title: 'Date',
          responsive: ['sm'],
          render: (_, order) => <time dateTime={order.created}>{formatDate(order.created)}</time>,
        },
        {
          key: 'status',
          title: 'Status',
          render: (_, order) => <OrderStatusTag status={order.status} />,
        },
        {
          key: 'total',
          title: 'Total',
          align: 'right',
          render: (_, order) => formatUsd(order.grand_total),
        },
      ]}
    />
  );
}
