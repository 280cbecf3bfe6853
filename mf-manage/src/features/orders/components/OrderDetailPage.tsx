import { Skeleton, Tag, Timeline, Typography } from 'antd';
import { useParams } from 'react-router-dom';
import { formatUsd, orderTitle, type StaffOrder } from '@atelier/contracts';
import { ErrorDisplay } from '@atelier/ui';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { useStaffOrder } from '../api/order-queries';
import { OrderActions } from './OrderActions';
import { PAYMENT_LABELS, STATUS_LABELS, formatDateTime } from './order-labels';
import { ORDERS_CSS } from './orders-css';

/** /manage/order/:id: an order to fulfil, its lines, where it goes, its history, its moves. */
export function OrderDetailPage() {
  const id = useParams().id ?? '';
  const order = useStaffOrder(id);
  const title = /^\d+$/.test(id) ? orderTitle(Number(id)) : 'Order';
  return (
    <section>
      <style>{ORDERS_CSS}</style>
      <ManageBreadcrumb type="order" trail={[{ title }]} />
      {order.isPending && <Skeleton active />}
      {order.isError && <ErrorDisplay error={order.error} />}
      {order.isSuccess && <OrderBody order={order.data} />}
    </section>
  );
}

function OrderBody({ order }: { order: StaffOrder }) {
  const status = STATUS_LABELS[order.status];
  const a = order.shipping_address;
  return (
    <>
      <div className="mo-header">
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {orderTitle(order.order_id)} <Tag color={status.color}>{status.label}</Tag>
        </Typography.Title>
        <Typography.Text type="secondary">Placed {formatDateTime(order.created)}</Typography.Text>
      </div>
      <div className="mo-grid" style={{ marginTop: 16 }}>
        <div>
          <div className="mo-card">
            <h2>Fulfilment</h2>
            <OrderActions order={order} />
          </div>
          <div className="mo-card">
            <h2>Items</h2>
            <ul className="mo-lines" aria-label="Items">
              {order.lines.map((line) => (
                <li key={line.id}>
                  <img src={line.thumb} alt="" loading="lazy" />
                  <div style={{ minWidth: 0 }}>
                    <div style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.name}</div>
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {line.artist} · {line.size_label} · {line.substrate} · {line.quantity} ×{' '}
                      {formatUsd(line.unit_price)}
                    </Typography.Text>
                  </div>
                  <div style={{ whiteSpace: 'nowrap' }}>{formatUsd(line.line_total)}</div>
                </li>
              ))}
            </ul>
            <dl className="mo-facts" aria-label="Totals">
              <dt>Subtotal ({order.quantity})</dt>
              <dd>{formatUsd(order.subtotal)}</dd>
              {order.volume_discount > 0 && (
                <>
                  <dt>Volume discount ({order.volume_discount_rate}%)</dt>
                  <dd>-{formatUsd(order.volume_discount)}</dd>
                </>
              )}
              <dt>Shipping</dt>
              <dd>{formatUsd(order.shipping)}</dd>
              <dt>Total</dt>
              <dd style={{ fontWeight: 600 }}>{formatUsd(order.grand_total)}</dd>
            </dl>
          </div>
        </div>
        <div>
          <div className="mo-card">
            <h2>Customer</h2>
            <dl className="mo-facts">
              <dt>Name</dt>
              <dd>{order.customer_name}</dd>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${order.email}`}>{order.email}</a>
              </dd>
              <dt>Payment</dt>
              <dd>
                {PAYMENT_LABELS[order.payment_method]}
                {order.po_number ? ` ${order.po_number}` : ''}
              </dd>
              <dt>Project</dt>
              <dd>{order.project.name}</dd>
            </dl>
            <h2>Ship to</h2>
            <address style={{ fontStyle: 'normal', overflowWrap: 'anywhere' }}>
              {[
                a.name,
                a.company,
                a.line1,
                a.line2,
                `${a.city}, ${a.region} ${a.postal_code}`,
                a.country,
                a.phone,
              ]
                .filter(Boolean)
                .map((line) => (
                  <div key={line}>{line}</div>
                ))}
            </address>
          </div>
          {order.shipment && (
            <div className="mo-card">
              <h2>Shipment</h2>
              <dl className="mo-facts">
                <dt>Carrier</dt>
                <dd>{order.shipment.carrier_label}</dd>
                <dt>Tracking</dt>
                <dd>
                  {order.shipment.tracking_url ? (
                    <a href={order.shipment.tracking_url} target="_blank" rel="noreferrer">
                      {order.shipment.tracking_number}
                    </a>
                  ) : (
                    order.shipment.tracking_number
                  )}
                </dd>
              </dl>
            </div>
          )}
          {order.cancel_reason && (
            <div className="mo-card">
              <h2>Cancellation reason</h2>
              <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{order.cancel_reason}</p>
            </div>
          )}
          <div className="mo-card">
            <h2>History</h2>
            <Timeline
              aria-label="History"
              items={order.history.map((entry) => ({
                color:
                  STATUS_LABELS[entry.status].color === 'default'
                    ? 'gray'
                    : STATUS_LABELS[entry.status].color,
                content: (
                  <div>
                    <div style={{ fontWeight: 600 }}>{STATUS_LABELS[entry.status].label}</div>
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {formatDateTime(entry.created)} · {entry.actor ?? 'Checkout'}
                    </Typography.Text>
                    {entry.note && (
                      <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {entry.note}
                      </div>
                    )}
                  </div>
                ),
              }))}
            />
          </div>
        </div>
      </div>
    </>
  );
}
