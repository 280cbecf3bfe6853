import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { OrderSummary, Page } from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { orderSummary, user } from '../test/order-fixtures';
import { page } from '../test/fixtures';
import { renderPage } from '../test/render';
import OrdersPage from './OrdersPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

beforeEach(() => {
  useAuthStore.setState({ user: user(), profile: null, status: 'ready' });
});

describe('orders list', () => {
  it("names each row 'Order #' plus order_id, linking to the order, with date, status and total", async () => {
    const asked: URL[] = [];
    server.use(
      http.get('http://localhost/api/v2/orders/', ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json<Page<OrderSummary>>(
          page([orderSummary(1043, { status: 'awaiting payment' }), orderSummary(1042)], 45),
        );
      }),
    );
    renderPage(<OrdersPage />, { path: '/orders?page=2&page_size=20', route: '/orders' });
    const row = await screen.findByRole('row', { name: 'Order #1043' });
    expect(within(row).getByRole('link', { name: 'Order #1043' })).toHaveAttribute(
      'href',
      '/orders/ord_1043',
    );
    expect(row).toHaveTextContent('awaiting payment');
    expect(row).toHaveTextContent('$62.00');
    expect(screen.getByRole('row', { name: 'Order #1042' })).toBeInTheDocument();
    expect(asked[0]?.searchParams.get('page')).toBe('2');
    expect(asked[0]?.searchParams.get('page_size')).toBe('20');
    expect(asked[0]?.searchParams.has('mine')).toBe(false);

    // Paging keeps page and page size in the URL.
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orders?page=3'));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('page')).toBe('3'));
  });

  it("says 'List is empty' when there are no orders", async () => {
    server.use(
      http.get('http://localhost/api/v2/orders/', () =>
        HttpResponse.json<Page<OrderSummary>>(page([])),
      ),
    );
    renderPage(<OrdersPage />, { path: '/orders', route: '/orders' });
    expect(await screen.findByText('List is empty')).toBeInTheDocument();
  });

  it('asks a visitor to sign in', async () => {
    useAuthStore.setState({ user: null });
    renderPage(<OrdersPage />, { path: '/orders', route: '/orders' });
    expect(await screen.findByText('This page requires login.')).toBeInTheDocument();
  });
});
