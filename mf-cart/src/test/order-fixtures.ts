import type { Order, OrderLine, OrderSummary, PaymentMethodsResponse } from '@atelier/contracts';
import type { SessionUser } from '@atelier/session';

/** Order fixtures for the checkout, confirmation, orders and dashboard tests. */
export const ORDER_TOKEN = 'ord_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

const orderLine = (id: number, overrides: Partial<OrderLine> = {}): OrderLine => ({
  id,
  image_id: 100 + id,
  name: `Work ${id}`,
  thumb: `/media/thumbs/${id}.jpg`,
  artist: 'Mira Sol',
  width: 24,
  height: 36,
  size_label: '24" x 36"',
  substrate: 'canvas',
  workspace: null,
  location: '',
  quantity: 1,
  unit_price: 5_000,
  line_total: 5_000,
  ...overrides,
});

export const order = (overrides: Partial<Order> = {}): Order => ({
  id: ORDER_TOKEN,
  order_id: 1042,
  status: 'placed',
  email: 'guest@example.com',
  payment_method: 'purchase_order',
  po_number: 'PO-77',
  shipping_address: {
    name: 'Ada Lovelace',
    line1: '1 Harbour St',
    city: 'Portland',
    region: 'OR',
    postal_code: '97201',
    country: 'US',
  },
  project: { id: 7, name: 'Lobby refit', token: 'tok_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
  lines: [orderLine(1), orderLine(2, { quantity: 2, line_total: 10_000 })],
  history: [{ status: 'placed', note: '', created: '2025-05-01T10:00:00Z' }],
  created: '2025-05-01T10:00:00Z',
  payment_client_secret: null,
  shipment: null,
  cancel_reason: null,
  quantity: 3,
  subtotal: 15_000,
  volume_discount: 0,
  volume_discount_rate: 0,
  shipping: 2_400,
  grand_total: 17_400,
  ...overrides,
});

export const orderSummary = (
  orderId: number,
  overrides: Partial<OrderSummary> = {},
): OrderSummary => ({
  id: `ord_${orderId}`,
  order_id: orderId,
  status: 'placed',
  email: 'ada@example.com',
  payment_method: 'invoice',
  project: { id: 7, name: 'Lobby refit' },
  created: '2025-05-01T10:00:00Z',
  quantity: 1,
  subtotal: 5_000,
  volume_discount: 0,
  volume_discount_rate: 0,
  shipping: 1_200,
  grand_total: 6_200,
  ...overrides,
});

export const paymentMethods = (withCard = true): PaymentMethodsResponse => ({
  methods: [
    { value: 'purchase_order', label: 'Purchase order', description: 'Pay against your PO.' },
    { value: 'invoice', label: 'Invoice', description: 'We email an invoice.' },
    ...(withCard ? [{ value: 'card' as const, label: 'Card', description: 'Pay by card.' }] : []),
  ],
  stripe_publishable_key: withCard ? 'pk_test_123' : null,
});

export const user = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  uuid: 'user-1',
  name: 'Ada',
  email: 'ada@example.com',
  is_staff: false,
  ...overrides,
});
