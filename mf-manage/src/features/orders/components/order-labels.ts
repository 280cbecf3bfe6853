import type { OrderStatus } from '@atelier/contracts';

export const ORDERS_TITLE = 'Orders';
export const ORDERS_EMPTY = 'List is empty';
export const ORDERS_NO_RESULTS = 'No results';
export const ORDER_SEARCH_LABEL = 'Search orders';
export const ORDER_SEARCH_PLACEHOLDER = 'Order #, email or name';

/** A status as staff read it, and its tag colour. */
export const STATUS_LABELS: Record<OrderStatus, { label: string; color: string }> = {
  placed: { label: 'Placed', color: 'blue' },
  'awaiting payment': { label: 'Awaiting payment', color: 'gold' },
  paid: { label: 'Paid', color: 'cyan' },
  'in production': { label: 'In production', color: 'purple' },
  shipped: { label: 'Shipped', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

/** The button that moves an order to a status. */
export const ACTION_LABELS: Record<OrderStatus, string> = {
  placed: 'Mark placed',
  'awaiting payment': 'Mark awaiting payment',
  paid: 'Record payment',
  'in production': 'Start production',
  shipped: 'Ship…',
  cancelled: 'Cancel order…',
};

export const PAYMENT_LABELS = {
  purchase_order: 'Purchase order',
  invoice: 'Invoice',
  card: 'Card',
} as const;

export const ORDERINGS = [
  { value: '-created', label: 'Newest first' },
  { value: 'created', label: 'Oldest first' },
  { value: '-grand_total', label: 'Highest total' },
  { value: 'grand_total', label: 'Lowest total' },
] as const;

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatDate = (iso: string) => DATE.format(new Date(iso));
export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));
