import type { PaymentProvider } from './types';

// Payment methods settled outside the site: staff record them by moving the order
// (PATCH /api/v2/orders/{id}/), so these providers start nothing online.

/** The customer's organisation pays against its purchase order: production can start. */
export const purchaseOrderProvider: PaymentProvider = {
  method: 'purchase_order',
  label: 'Purchase order',
  description: "Pay against your organisation's purchase order; production starts right away.",
  initialStatus: 'placed',
  initialNote: 'Order placed on a purchase order.',
  start: () => Promise.resolve(null),
  clientSecret: () => Promise.resolve(null),
};

/** We send an invoice; the order waits until staff record its payment. */
export const invoiceProvider: PaymentProvider = {
  method: 'invoice',
  label: 'Invoice',
  description: 'We email you an invoice; production starts once it is paid.',
  initialStatus: 'awaiting payment',
  initialNote: 'Order placed; awaiting payment of the invoice.',
  start: () => Promise.resolve(null),
  clientSecret: () => Promise.resolve(null),
};
