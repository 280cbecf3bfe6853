/** What the order screens say (ARCHITECTURE §3: user-visible strings are named). */
export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  notFoundHint: 'Check the link in your confirmation email, or sign in to see your orders.',
  listEmpty: 'List is empty',
  viewOrder: 'View order',
  continueShopping: 'Continue shopping',
  statusUpdated: 'Order status updated.',
  noNextStatus: 'This order has no further status to move to.',
  noLatestOrder: 'There is no recent order to show.',
  noLatestOrderHint:
    'Your confirmation email has a link to your order. Signed in, you can find it under Orders.',
  confirmationSent: (email: string) => `A confirmation was sent to ${email}.`,
  placedHeading: (title: string) => `Thank you — ${title} is placed`,
  invoiceNote: 'We will send an invoice; the order goes into production once it is paid.',
} as const;

export const PAYMENT_METHOD_LABELS = {
  purchase_order: 'Purchase order',
  invoice: 'Invoice',
  card: 'Card',
} as const;

/** 'Nov 23, 2026' (the date of an order or a status change). */
export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** 'Nov 23, 2026, 5:41 PM' (a status change in the history). */
export const formatDateTime = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
