import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { loadStripe } from '@stripe/stripe-js';
import type {
  Order,
  OrderStatusRequest,
  PaymentMethodsResponse,
  DetailError,
} from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { order, ORDER_TOKEN, paymentMethods, user } from '../test/order-fixtures';
import { fakeStripe } from '../features/payments/test-stripe';
import { PAYMENT_POLL } from '../features/payments/messages';
import { renderPage } from '../test/render';
import OrderPage from './OrderPage';

jest.mock('@stripe/stripe-js', () => ({ loadStripe: jest.fn() }));
jest.mock(
  '@stripe/react-stripe-js',
  () =>
    jest.requireActual<{ reactStripeMock: unknown }>('../features/payments/test-stripe')
      .reactStripeMock,
);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

jest.setTimeout(90_000);

const ORDER_URL = `http://localhost/api/v2/orders/${ORDER_TOKEN}/`;

const invoiceOrder = (overrides: Partial<Order> = {}) =>
  order({
    status: 'awaiting payment',
    payment_method: 'invoice',
    po_number: null,
    history: [
      { status: 'placed', note: '', created: '2025-05-01T10:00:00Z' },
      { status: 'awaiting payment', note: 'Invoice 2231 sent', created: '2025-05-01T10:01:00Z' },
    ],
    ...overrides,
  });

const renderOrder = (query = '') =>
  renderPage(<OrderPage />, { path: `/orders/${ORDER_TOKEN}${query}`, route: '/orders/:id' });

const cardOrder = (overrides: Partial<Order> = {}) =>
  order({
    status: 'awaiting payment',
    payment_method: 'card',
    po_number: null,
    payment_client_secret: 'pi_123_secret_456',
    history: [{ status: 'awaiting payment', note: '', created: '2025-05-01T10:00:00Z' }],
    ...overrides,
  });

const serveMethods = () =>
  server.use(
    http.get('http://localhost/api/v2/payment-methods/', () =>
      HttpResponse.json<PaymentMethodsResponse>(paymentMethods()),
    ),
  );

beforeEach(() => {
  useAuthStore.setState({ user: null, profile: null, status: 'ready' });
});

describe('order detail', () => {
  it('opens for the link holder without login: lines, totals, address, payment and history', async () => {
    server.use(http.get(ORDER_URL, () => HttpResponse.json<Order>(invoiceOrder())));
    renderOrder();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order #1042' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Order lines' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(screen.getByLabelText('Order totals')).toHaveTextContent('Total$174.00');
    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent(
      '1 Harbour St',
    );
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Invoice');
    const history = screen.getByRole('region', { name: 'Status history' });
    expect(history).toHaveTextContent('placed');
    expect(history).toHaveTextContent('Invoice 2231 sent');
    expect(screen.queryByRole('form', { name: 'Change status' })).not.toBeInTheDocument();
    expect(document.title).toBe('Order #1042 | Atelier');
  });

  it('shows the PO number of a purchase order', async () => {
    server.use(http.get(ORDER_URL, () => HttpResponse.json<Order>(order())));
    renderOrder();
    expect(await screen.findByRole('region', { name: 'Payment' })).toHaveTextContent('PO-77');
  });

  it('gives staff a form to move the order to an allowed next status with a note', async () => {
    useAuthStore.setState({ user: user({ is_staff: true }) });
    let sent: OrderStatusRequest | undefined;
    server.use(
      http.get(ORDER_URL, () => HttpResponse.json<Order>(invoiceOrder())),
      http.patch(ORDER_URL, async ({ request }) => {
        sent = (await request.json()) as OrderStatusRequest;
        return HttpResponse.json<Order>(
          invoiceOrder({
            status: 'paid',
            history: [
              ...invoiceOrder().history,
              { status: 'paid', note: sent.note ?? '', created: '2025-05-02T09:00:00Z' },
            ],
          }),
        );
      }),
    );
    renderOrder();
    const form = await screen.findByRole('form', { name: 'Change status' });
    const group = within(form).getByRole('radiogroup', { name: 'Next status' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['paid']);
    expect(
      screen.getByRole('link', { name: 'Ship or cancel this order in Manage' }),
    ).toHaveAttribute('href', '/manage/order/1042');
    fireEvent.click(within(group).getByRole('radio', { name: 'paid' }));
    fireEvent.change(within(form).getByLabelText('Note'), {
      target: { value: 'Paid by transfer' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Update status' }));
    await waitFor(() => expect(sent).toEqual({ status: 'paid', note: 'Paid by transfer' }));
    expect(await screen.findByText('Paid by transfer')).toBeInTheDocument();
    expect(await screen.findByText('Order status updated.')).toBeInTheDocument();
  });

  it("shows a shipped order's carrier and tracking number, linked to the carrier", async () => {
    server.use(
      http.get(ORDER_URL, () =>
        HttpResponse.json<Order>(
          invoiceOrder({
            status: 'shipped',
            shipment: {
              carrier: 'ups',
              carrier_label: 'UPS',
              tracking_number: '1Z999AA10123456784',
              tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
            },
          }),
        ),
      ),
    );
    renderOrder();
    const section = await screen.findByRole('region', { name: 'Shipment' });
    expect(section).toHaveTextContent('UPS');
    expect(within(section).getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
  });

  it("says 'Order not found' on a 404", async () => {
    server.use(
      http.get(ORDER_URL, () =>
        HttpResponse.json<DetailError>({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    renderOrder();
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
  });
});

describe('card payment on the order page', () => {
  beforeEach(() => {
    jest.mocked(loadStripe).mockReset().mockResolvedValue(fakeStripe);
  });

  it('shows the Payment Element and Pay button while a card order awaits payment', async () => {
    serveMethods();
    server.use(http.get(ORDER_URL, () => HttpResponse.json<Order>(cardOrder())));
    renderOrder();
    const section = await screen.findByRole('region', { name: 'Pay by card' });
    expect(await within(section).findByRole('button', { name: 'Pay $174.00' })).toBeEnabled();
    expect(screen.getByTestId('stripe-elements')).toHaveAttribute(
      'data-client-secret',
      'pi_123_secret_456',
    );
  });

  it('shows no card payment once the order is paid', async () => {
    serveMethods();
    server.use(http.get(ORDER_URL, () => HttpResponse.json<Order>(cardOrder({ status: 'paid' }))));
    renderOrder();
    expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pay by card' })).not.toBeInTheDocument();
    expect(jest.mocked(loadStripe)).not.toHaveBeenCalled();
  });

  it("back from Stripe, refetches the order until it is paid: 'Payment is processing', then success", async () => {
    serveMethods();
    let gets = 0;
    server.use(
      http.get(ORDER_URL, () => {
        gets += 1;
        return HttpResponse.json<Order>(gets < 3 ? cardOrder() : cardOrder({ status: 'paid' }));
      }),
    );
    // The poll waits PAYMENT_POLL.intervalMs between fetches: on Jest's clock, which
    // Testing Library's waitFor moves on, not the wall's (two intervals slept 3 s).
    jest.useFakeTimers();
    const start = Date.now();
    try {
      renderOrder(
        '?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_456&redirect_status=succeeded',
      );
      expect(await screen.findByText('Payment is processing')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
      expect(
        await screen.findByText('Payment received. Thank you!', {}, { timeout: 15_000 }),
      ).toBeInTheDocument();
      // Two waits of the poll's interval before the third fetch found the order paid.
      expect(Date.now() - start).toBeGreaterThanOrEqual(2 * PAYMENT_POLL.intervalMs);
    } finally {
      jest.useRealTimers();
    }
    expect(gets).toBe(3);
    expect(screen.queryByText('Payment is processing')).not.toBeInTheDocument();
    expect(screen.getByText('paid')).toBeInTheDocument();
  });

  it('back from Stripe with a failed payment, says so and offers the card form again', async () => {
    serveMethods();
    let gets = 0;
    server.use(
      http.get(ORDER_URL, () => {
        gets += 1;
        return HttpResponse.json<Order>(cardOrder());
      }),
    );
    renderOrder('?payment_intent=pi_123&redirect_status=failed');
    expect(await screen.findByText('Your payment did not go through')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay $174.00' })).toBeInTheDocument();
    expect(gets).toBe(1);
  });
});
