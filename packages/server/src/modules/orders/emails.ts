import { formatUsd, orderTitle, type Order } from '@atelier/contracts';
import type { MailMessage } from '../../lib/mail';
import { NAME_MAX, oneLine, userText } from '../../lib/mail/user-text';

/** The link of an order in emails: `${PUBLIC_URL or an allowed request origin}/orders/{token}`. */
/** The order's page, or null when the site's address is unknown (the email goes without it). */
export const orderLink = (origin: string | null, orderToken: string): string | null =>
  origin === null ? null : new URL(`/orders/${encodeURIComponent(orderToken)}`, origin).toString();

/** Address fields are longer than names, but still one line each. */
const ADDRESS_FIELD_MAX = 120;
/** The staff's shipping note: several lines, each bounded, links kept (tracking pages). */
const NOTE_MAX_LINES = 20;
const NOTE_LINE_MAX = 300;

const PAYMENT_LINES: Record<Order['payment_method'], (order: Order) => string> = {
  purchase_order: (order) =>
    `Payment: on purchase order ${userText(order.po_number, NAME_MAX)}; production starts now.`,
  invoice: () => 'Payment: we will email you an invoice; production starts once it is paid.',
  card: () => 'Payment: by card. Production starts once your payment is confirmed.',
};

const addressLines = (order: Order): string[] => {
  const a = order.shipping_address;
  const field = (value: string | null | undefined) => userText(value, ADDRESS_FIELD_MAX);
  return [
    userText(a.name),
    field(a.company),
    field(a.line1),
    field(a.line2),
    `${field(a.city)}, ${field(a.region)} ${field(a.postal_code)}`,
    field(a.country),
    field(a.phone),
  ].filter((line) => line !== '');
};

/** Staff wrote it, so its links stay; what it cannot do is break the email's layout. */
const noteLines = (note: string): string[] =>
  note
    .split(/\r\n|\r|\n/)
    .map((line) => oneLine(line, NOTE_LINE_MAX))
    .filter((line) => line !== '')
    .slice(0, NOTE_MAX_LINES);

/** The link lines of an email, or none when the site's address is not known. */
const linkLines = (intro: string, link: string | null): string[] =>
  link === null ? [] : ['', intro, link];

/** "Your Atelier order #1042": what was ordered, the totals, where it goes, the link. */
export function confirmationEmail(order: Order, link: string | null): MailMessage {
  const lines = order.lines.map(
    (line) =>
      `- ${line.quantity} × ${userText(line.name)} by ${userText(line.artist)}, ${line.size_label} on ${line.substrate}: ${formatUsd(line.line_total)}`,
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
    ...lines,
    '',
    ...totals,
    '',
    PAYMENT_LINES[order.payment_method](order),
    '',
    'Shipping to:',
    ...addressLines(order),
    ...linkLines('See your order at any time:', link),
    '',
    'Atelier',
  ].join('\n');
  return {
    to: order.email,
    subject: `Your Atelier order #${order.order_id}`,
    text,
  };
}

/** "Your Atelier order #1042 has shipped": the carrier, tracking number and its page. */
export function shippedEmail(order: Order, link: string | null, note: string): MailMessage {
  const noted = noteLines(note);
  const shipment = order.shipment;
  const tracking =
    shipment === null
      ? []
      : [
          '',
          `Carrier: ${shipment.carrier_label}`,
          `Tracking number: ${shipment.tracking_number}`,
          ...(shipment.tracking_url ? [`Track your parcel: ${shipment.tracking_url}`] : []),
        ];
  return {
    to: order.email,
    subject: `Your Atelier order #${order.order_id} has shipped`,
    text: [
      `${orderTitle(order.order_id)} has shipped to:`,
      ...addressLines(order),
      ...tracking,
      ...(noted.length > 0 ? ['', ...noted] : []),
      ...linkLines('See your order:', link),
      '',
      'Atelier',
    ].join('\n'),
  };
}

/** "Your Atelier order #1042 is in production": the prints are being made. */
export function inProductionEmail(order: Order, link: string | null, note: string): MailMessage {
  const noted = noteLines(note);
  return {
    to: order.email,
    subject: `Your Atelier order #${order.order_id} is in production`,
    text: [
      `${orderTitle(order.order_id)} is in production: your prints are being made.`,
      'We will email you the tracking number as soon as it ships.',
      ...(noted.length > 0 ? ['', ...noted] : []),
      ...linkLines('See your order:', link),
      '',
      'Atelier',
    ].join('\n'),
  };
}

/** "Your Atelier order #1042 has been cancelled", with the reason staff gave. */
export function cancelledEmail(order: Order, link: string | null): MailMessage {
  const reason = noteLines(order.cancel_reason ?? '');
  return {
    to: order.email,
    subject: `Your Atelier order #${order.order_id} has been cancelled`,
    text: [
      `${orderTitle(order.order_id)} has been cancelled.`,
      ...(reason.length > 0 ? ['', 'Reason:', ...reason] : []),
      '',
      'If you have paid for it, the payment will be refunded. Reply to this email with any question.',
      ...linkLines('See your order:', link),
      '',
      'Atelier',
    ].join('\n'),
  };
}
