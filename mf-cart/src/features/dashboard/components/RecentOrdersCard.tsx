import { List, Space } from 'antd';
import { Link } from 'react-router-dom';
import { formatUsd, orderTitle } from '@atelier/contracts';
import { OrderStatusTag } from '../../../shared/components/OrderStatusTag';
import { useRecentOrders } from '../api/list-recent-orders';
import { DASHBOARD_LINKS, DASHBOARD_MESSAGES } from '../messages';
import { DashboardCard } from './DashboardCard';

export function RecentOrdersCard() {
  const orders = useRecentOrders();
  return (
    <DashboardCard
      title={DASHBOARD_MESSAGES.orders}
      to={DASHBOARD_LINKS.orders}
      query={orders}
      isEmpty={(page) => page.results.length === 0}
      empty={DASHBOARD_MESSAGES.noOrders}
    >
      {(page) => (
        <List
          size="small"
          dataSource={page.results}
          rowKey="id"
          renderItem={(order) => (
            <List.Item>
              <Link to={`/orders/${encodeURIComponent(order.id)}`}>
                {orderTitle(order.order_id)}
              </Link>
              <Space size={8}>
                <OrderStatusTag status={order.status} />
                <span>{formatUsd(order.grand_total)}</span>
              </Space>
            </List.Item>
          )}
        />
      )}
    </DashboardCard>
  );
}
