import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import {
  ORDER_FULFILMENT_MESSAGES,
  ORDER_TRANSITIONS,
  type Order,
  type OrderFulfilmentRequest,
  type OrderStatus,
  type StaffOrder,
  type ValidationError,
} from '@atelier/contracts';
import { BASE, at, renderAt } from '../../../test/render';
import { OrderDetailPage } from './OrderDetailPage';

// The forms are typed into key by key; a busy machine needs more than the defaults.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(90_000);

const staffOrder = (status: OrderStatus): StaffOrder => ({
  id: 't'.repeat(32),
  order_id: 1042,
  status,
  email: 'ada@example.com',
  payment_method: 'purchase_order',
  po_number: 'PO-1',
  shipping_address: {
    name: 'Ada Lovelace',
    line1: '1 Analytical Way',
    city: 'London',
    region: 'LDN',
    postal_code: 'N1 1AA',
    country: 'GB',
  },
  project: { id: 3, name: 'Gallery wall', token: 'p'.repeat(32) },
  lines: [],
  history: [{ status: 'placed', note: '', created: '2026-01-02T10:00:00Z', actor: null }],
  created: '2026-01-02T10:00:00Z',
  payment_client_secret: null,
  shipment: null,
  cancel_reason: null,
  quantity: 2,
  subtotal: 9000,
  volume_discount: 0,
  volume_discount_rate: 0,
  shipping: 1000,
  grand_total: 10000,
  customer_name: 'Ada Lovelace',
  next_statuses: [...ORDER_TRANSITIONS[status]],
});

let current: StaffOrder;
const moves: OrderFulfilmentRequest[] = [];
/** What the server answers to the next PATCH (null: moves the order). */
let refusal: { status: number; body: ValidationError } | null = null;
const server = setupServer(
  http.get(`${BASE}/api/order/1042/`, () => HttpResponse.json<StaffOrder>(current)),
  http.patch<PathParams, OrderFulfilmentRequest, Order | ValidationError>(
    `${BASE}/api/v2/orders/1042/`,
    async ({ request }) => {
      const body = await request.json();
      moves.push(body);
      if (refusal)
        return HttpResponse.json<ValidationError>(refusal.body, { status: refusal.status });
      current = { ...staffOrder(body.status) };
      const { customer_name: _c, next_statuses: _n, ...order } = current;
      void _c;
      void _n;
      return HttpResponse.json<Order>(order);
    },
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  moves.length = 0;
  refusal = null;
});

const open = (status: OrderStatus) => {
  current = staffOrder(status);
  renderAt('/manage/order/1042', [at('/manage/order/:id', <OrderDetailPage />)]);
  return userEvent.setup({ delay: null });
};

it.each([
  ['placed', ['Start production', 'Cancel order…']],
  ['awaiting payment', ['Record payment', 'Cancel order…']],
  ['paid', ['Start production', 'Cancel order…']],
  ['in production', ['Ship…']],
] as const)('offers the moves open from %s', async (status, labels) => {
  open(status);
  await screen.findByRole('heading', { name: /Order #1042/ });
  const fulfilment = screen.getByRole('heading', { name: 'Fulfilment' }).parentElement!;
  const buttons = [...fulfilment.querySelectorAll('button')].map((b) => b.textContent);
  expect(buttons).toEqual(labels);
});

it.each(['shipped', 'cancelled'] as const)('offers nothing once %s', async (status) => {
  open(status);
  expect(await screen.findByText(/Nothing more to do: this order is/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Ship|Cancel order|Start production/ })).toBeNull();
});

it('starts production in one click and shows the new status', async () => {
  const user = open('placed');
  await user.click(await screen.findByRole('button', { name: 'Start production' }));
  await waitFor(() => expect(moves).toEqual([{ status: 'in production' }]));
  expect(await screen.findByRole('button', { name: 'Ship…' })).toBeInTheDocument();
});

it('checks the ship form before sending: carrier required, tracking in its format', async () => {
  const user = open('in production');
  await user.click(await screen.findByRole('button', { name: 'Ship…' }));
  const submit = screen.getByRole('button', { name: 'Mark shipped and email the customer' });
  await user.click(submit);
  expect(await screen.findByText('Choose the carrier.')).toBeInTheDocument();
  expect(screen.getByText('This field may not be blank.')).toBeInTheDocument();

  await user.click(screen.getByRole('combobox', { name: 'Carrier' }));
  await user.click(await screen.findByTitle('UPS'));
  await user.type(screen.getByRole('textbox', { name: 'Tracking number' }), '12345');
  await user.click(submit);
  expect(
    await screen.findByText(
      'Enter a valid UPS tracking number (1Z followed by 16 letters or digits).',
    ),
  ).toBeInTheDocument();
  expect(moves).toEqual([]);

  const tracking = screen.getByRole('textbox', { name: 'Tracking number' });
  await user.clear(tracking);
  await user.type(tracking, '1z999aa1 0123456784');
  await user.click(submit);
  await waitFor(() =>
    expect(moves).toEqual([
      { status: 'shipped', carrier: 'ups', tracking_number: '1Z999AA10123456784', note: '' },
    ]),
  );
});

it("shows the server's field error under the tracking number", async () => {
  const user = open('in production');
  refusal = { status: 400, body: { tracking_number: ['Already used by order #1001.'] } };
  await user.click(await screen.findByRole('button', { name: 'Ship…' }));
  await user.click(screen.getByRole('combobox', { name: 'Carrier' }));
  await user.click(await screen.findByTitle('Other carrier'));
  await user.type(screen.getByRole('textbox', { name: 'Tracking number' }), 'ABC-12345');
  await user.click(screen.getByRole('button', { name: 'Mark shipped and email the customer' }));
  expect(await screen.findByText('Already used by order #1001.')).toBeInTheDocument();
});

it('cancels only with a reason', async () => {
  const user = open('paid');
  await user.click(await screen.findByRole('button', { name: 'Cancel order…' }));
  const submit = screen.getByRole('button', { name: 'Cancel order and email the customer' });
  await user.click(submit);
  expect(await screen.findByText(ORDER_FULFILMENT_MESSAGES.reasonRequired)).toBeInTheDocument();
  expect(moves).toEqual([]);
  await user.type(
    screen.getByRole('textbox', { name: 'Reason (sent to the customer)' }),
    'Out of stock',
  );
  await user.click(submit);
  await waitFor(() => expect(moves).toEqual([{ status: 'cancelled', reason: 'Out of stock' }]));
});
