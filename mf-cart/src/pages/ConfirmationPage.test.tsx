import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Order, OrderSummary, Page } from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { order, ORDER_TOKEN, orderSummary, user } from '../features/orders/test-fixtures';
import { page } from '../test/fixtures';
import { renderPage } from '../test/render';
import ConfirmationPage from './ConfirmationPage';

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
