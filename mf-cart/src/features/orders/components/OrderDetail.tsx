import type { ReactNode } from 'react';
import { Col, Row, Space, Typography } from 'antd';
import { orderTitle, type Order } from '@atelier/contracts';
import { formatDate } from '../messages';
import { OrderHistory } from './OrderHistory';
import { OrderLines } from './OrderLines';
import { OrderSection } from './OrderSection';
import { OrderStatusTag } from '../../../shared/components/OrderStatusTag';
import { PaymentDetails } from './PaymentDetails';
import { ShipmentView } from './ShipmentView';
import { ShippingAddressView } from './ShippingAddressView';
import { StaffStatusForm } from './StaffStatusForm';
import { TotalsList } from '../../../shared/components/TotalsList';

/** An order in full, with `payment` (a card payment to make or its outcome); staff also get the form that moves it along. */
export function OrderDetail({
  order,
  isStaff,
  payment,
}: {
  order: Order;
  isStaff: boolean;
  payment?: ReactNode;
}) {
  return (
    <article aria-labelledby="order-title">
      <Space wrap align="center" style={{ marginBottom: 8 }}>
        <Typography.Title id="order-title" level={1} style={{ fontSize: 24, margin: 0 }}>
          {orderTitle(order.order_id)}
        </Typography.Title>
        <OrderStatusTag status={order.status} />
      </Space>
      <Typography.Paragraph type="secondary">
        Placed <time dateTime={order.created}>{formatDate(order.created)}</time> ·{' '}
        {order.project.name} · {order.email}
      </Typography.Paragraph>
      {payment}
      <Row gutter={[16, 0]}>
        <Col xs={24} lg={15}>
          <OrderSection title="Items">
            <OrderLines lines={order.lines} />
          </OrderSection>
          <OrderSection title="Status history">
            <OrderHistory history={order.history} />
            {isStaff && <StaffStatusForm order={order} />}
          </OrderSection>
        </Col>
        <Col xs={24} lg={9}>
          {order.shipment && (
            <OrderSection title="Shipment">
              <ShipmentView shipment={order.shipment} />
            </OrderSection>
          )}
          {order.cancel_reason && (
            <OrderSection title="Cancellation">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
                {order.cancel_reason}
              </Typography.Paragraph>
            </OrderSection>
          )}
          <OrderSection title="Summary">
            <TotalsList totals={order} />
          </OrderSection>
          <OrderSection title="Shipping address">
            <ShippingAddressView address={order.shipping_address} />
          </OrderSection>
          <OrderSection title="Payment">
            <PaymentDetails order={order} />
          </OrderSection>
        </Col>
      </Row>
    </article>
  );
}
