import type { ReactNode } from 'react';
import { Alert, Button, Col, Row, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { orderTitle, type Order } from '@atelier/contracts';
import { ORDER_MESSAGES } from '../messages';
import { OrderLines } from './OrderLines';
import { OrderSection } from './OrderSection';
import { OrderStatusTag } from '../../../shared/components/OrderStatusTag';
import { PaymentDetails } from './PaymentDetails';
import { TotalsList } from '../../../shared/components/TotalsList';

/**
 * 'Thank you — Order #N is placed', the email notice, `payment` (a card payment still to
 * make), lines, totals and where to go next.
 */
export function OrderConfirmation({ order, payment }: { order: Order; payment?: ReactNode }) {
  const title = orderTitle(order.order_id);
  return (
    <article aria-labelledby="confirmation-title">
      <Typography.Title id="confirmation-title" level={1} style={{ fontSize: 24 }}>
        {ORDER_MESSAGES.placedHeading(title)}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <span>Status:</span>
        <OrderStatusTag status={order.status} />
      </Space>
      <Alert
        type="success"
        showIcon
        title={ORDER_MESSAGES.confirmationSent(order.email)}
        style={{ marginBottom: 16 }}
      />
      {payment}
      <Row gutter={[16, 0]}>
        <Col xs={24} lg={15}>
          <OrderSection title="Items">
            <OrderLines lines={order.lines} />
          </OrderSection>
        </Col>
        <Col xs={24} lg={9}>
          <OrderSection title="Summary">
            <TotalsList totals={order} />
          </OrderSection>
          <OrderSection title="Payment">
            <PaymentDetails order={order} />
          </OrderSection>
        </Col>
      </Row>
      <Space wrap>
        <Link to={`/orders/${encodeURIComponent(order.id)}`}>
          <Button type="primary">{ORDER_MESSAGES.viewOrder}</Button>
        </Link>
        <Link to="/search">
          <Button>{ORDER_MESSAGES.continueShopping}</Button>
        </Link>
      </Space>
    </article>
  );
}
