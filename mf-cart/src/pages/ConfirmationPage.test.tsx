import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { loadStripe } from '@stripe/stripe-js';
import type { Order, OrderSummary, Page, PaymentMethodsResponse } from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { order, ORDER_TOKEN, orderSummary, paymentMethods, user } from '../test/order-fixtures';
import { fakeStripe } from '../features/payments/test-stripe';
import { page } from '../test/fixtures';
import { renderPage } from '../test/render';
import ConfirmationPage from './ConfirmationPage';

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

const ROUTE = '/checkout/confirmation/:id?';

beforeEach(() => {
  useAuthStore.setState({ user: null, profile: null, status: 'ready' });
});

describe('checkout confirmation', () => {
  it('thanks for the order by its number, with status, email notice, lines, totals and links', async () => {
    server.use(
      http.get(`http://localhost/api/v2/orders/${ORDER_TOKEN}/`, () =>
        HttpResponse.json<Order>(order()),
      ),
    );
    renderPage(<ConfirmationPage />, {
      path: `/checkout/confirmation/${ORDER_TOKEN}`,
      route: ROUTE,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you — Order #1042 is placed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('placed')).toBeInTheDocument();
    expect(screen.getByText('A confirmation was sent to guest@example.com.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Order lines' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(screen.getByLabelText('Order totals')).toHaveTextContent('Total$174.00');
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      `/orders/${ORDER_TOKEN}`,
    );
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute(
      'href',
      '/search',
    );
  });

  it("shows the signed-in user's latest order when no id is given", async () => {
    useAuthStore.setState({ user: user() });
    let mine: string | null = null;
    server.use(
      http.get('http://localhost/api/v2/orders/', ({ request }) => {
        mine = new URL(request.url).searchParams.get('mine');
        return HttpResponse.json<Page<OrderSummary>>(
          page([orderSummary(1050, { id: 'ord_1050' })]),
        );
      }),
      http.get('http://localhost/api/v2/orders/ord_1050/', () =>
        HttpResponse.json<Order>(order({ id: 'ord_1050', order_id: 1050 })),
      ),
    );
    renderPage(<ConfirmationPage />, { path: '/checkout/confirmation', route: ROUTE });
    expect(
      await screen.findByRole('heading', { name: 'Thank you — Order #1050 is placed' }),
    ).toBeInTheDocument();
    expect(mine).toBe('true');
  });

  it('has a friendly word for a guest without an id', async () => {
    renderPage(<ConfirmationPage />, { path: '/checkout/confirmation', route: ROUTE });
    expect(await screen.findByText('There is no recent order to show.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toBeInTheDocument();
  });
});

describe('card payment on the confirmation page', () => {
  const cardOrder = (overrides: Partial<Order> = {}) =>
    order({
      status: 'awaiting payment',
      payment_method: 'card',
      po_number: null,
      payment_client_secret: 'pi_123_secret_456',
      ...overrides,
    });

  beforeEach(() => {
    jest.mocked(loadStripe).mockReset().mockResolvedValue(fakeStripe);
    server.use(
      http.get('http://localhost/api/v2/payment-methods/', () =>
        HttpResponse.json<PaymentMethodsResponse>(paymentMethods()),
      ),
    );
  });

  it('offers the card payment of an order awaiting it', async () => {
    server.use(
      http.get(`http://localhost/api/v2/orders/${ORDER_TOKEN}/`, () =>
        HttpResponse.json<Order>(cardOrder()),
      ),
    );
    renderPage(<ConfirmationPage />, {
      path: `/checkout/confirmation/${ORDER_TOKEN}`,
      route: ROUTE,
    });
    const section = await screen.findByRole('region', { name: 'Pay by card' });
    expect(await within(section).findByRole('button', { name: 'Pay $174.00' })).toBeInTheDocument();
    expect(jest.mocked(loadStripe)).toHaveBeenCalledWith('pk_test_123');
  });

  it('fetches the order again for its client secret when Stripe was not reached at checkout', async () => {
    let gets = 0;
    server.use(
      http.get(`http://localhost/api/v2/orders/${ORDER_TOKEN}/`, () => {
        gets += 1;
        return HttpResponse.json<Order>(
          gets === 1 ? cardOrder({ payment_client_secret: null }) : cardOrder(),
        );
      }),
    );
    renderPage(<ConfirmationPage />, {
      path: `/checkout/confirmation/${ORDER_TOKEN}`,
      route: ROUTE,
    });
    expect(
      await screen.findByText('We are preparing your card payment. Please try again in a moment.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Pay $174.00' })).toBeInTheDocument();
  });

  it('shows no card payment for a purchase order', async () => {
    server.use(
      http.get(`http://localhost/api/v2/orders/${ORDER_TOKEN}/`, () =>
        HttpResponse.json<Order>(order()),
      ),
    );
    renderPage(<ConfirmationPage />, {
      path: `/checkout/confirmation/${ORDER_TOKEN}`,
      route: ROUTE,
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pay by card' })).not.toBeInTheDocument();
  });
});
