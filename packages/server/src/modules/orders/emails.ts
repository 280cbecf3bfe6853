import { formatUsd, orderTitle, type Order } from '@atelier/contracts';
import type { MailMessage } from '../../lib/mail';

/** The link of an order in emails: `${PUBLIC_URL or the request's origin}/orders/{token}`. */
export const orderLink = (origin: string, orderToken: string): string =>
  new URL(`/orders/${encodeURIComponent(orderToken)}`, origin).toString();

const PAYMENT_LINES: Record<Order['payment_method'], (order: Order) => string> = {
  purchase_order: (order) =>
    `Payment: on purchase order ${order.po_number ?? ''}; production starts now.`,
  invoice: () => 'Payment: we will email you an invoice; production starts once it is paid.',
  card: () => 'Payment: by card. Production starts once your payment is confirmed.',
};

const addressLines = (order: Order): string[] => {
  const a = order.shipping_address;
  return [
    a.name,
    a.company,
    a.line1,
    a.line2,
    `${a.city}, ${a.region} ${a.postal_code}`,
    a.country,
    a.phone,
  ].filter((line): line is string => Boolean(line));
};

/** "Your Atelier order #1042": what was ordered, the totals, where it goes, the link. */
export function confirmationEmail(order: Order, link: string): MailMessage {
  const lines = order.lines.map(
    (line) =>
      `- ${line.quantity} × ${line.name} by ${line.artist}, ${line.size_label} on ${line.substrate}: ${formatUsd(line.line_total)}`,
  );
  const totals = [
    `Subtotal (${order.quantity} ${order.quantity === 1 ? 'item' : 'items'}): ${formatUsd(order.subtotal)}`,
    ...(order.volume_discount > 0
      ? [`Volume discount (${order.volume_discount_rate}%): -${formatUsd(order.volume_discount)}`]
      : []),
    `Shipping: ${formatUsd(order.shipping)}`,
    `Total: ${formatUsd(order.grand_total)}`,
  ];
  const text = [
    `Thank you for your order. ${orderTitle(order.order_id)} is ${order.status}.`,
    '',
    ...lines.map((line) => line.slice(0, 990)),
    '',
    ...totals,
    '',
    PAYMENT_LINES[order.payment_method](order),
    '',
    'Shipping to:',
    ...addressLines(order),
    '',
    'See your order at any time:',
    link,
    '',
    'Atelier',
  ].join('\n');
  return {
    to: order.email,
    subject: `Your Atelier order #${order.order_id}`,
    text,
  };
}

/** "Your Atelier order #1042 has shipped". */
export function shippedEmail(order: Order, link: string, note: string): MailMessage {
  return {
    to: order.email,
    subject: `Your Atelier order #${order.order_id} has shipped`,
    text: [
      `${orderTitle(order.order_id)} has shipped to:`,
      ...addressLines(order),
      ...(note ? ['', note.slice(0, 990)] : []),
      '',
      'See your order:',
      link,
      '',
      'Atelier',
    ].join('\n'),
  };
}
