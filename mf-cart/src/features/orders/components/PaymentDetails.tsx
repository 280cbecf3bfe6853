import type { Order } from '@atelier/contracts';
import { ORDER_MESSAGES, PAYMENT_METHOD_LABELS } from '../messages';

/** How the order is paid: the method, its PO number, and what an invoice means. */
export function PaymentDetails({
  order,
}: {
  order: Pick<Order, 'payment_method' | 'po_number' | 'status'>;
}) {
  return (
    <dl style={{ margin: 0 }}>
      <dt style={{ fontWeight: 600 }}>Payment method</dt>
      <dd style={{ margin: 0 }}>{PAYMENT_METHOD_LABELS[order.payment_method]}</dd>
      {order.po_number && (
        <>
          <dt style={{ fontWeight: 600, marginTop: 8 }}>PO number</dt>
          <dd style={{ margin: 0 }}>{order.po_number}</dd>
        </>
      )}
      {order.payment_method === 'invoice' && order.status === 'awaiting payment' && (
        <dd style={{ margin: '8px 0 0' }}>{ORDER_MESSAGES.invoiceNote}</dd>
      )}
    </dl>
  );
}
