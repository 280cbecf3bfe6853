import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Order, OrderStatusRequest } from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { order, ORDER_TOKEN, user } from '../features/orders/test-fixtures';
import { renderPage } from '../test/render';
import OrderPage from './OrderPage';

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

const renderOrder = () =>
  renderPage(<OrderPage />, { path: `/orders/${ORDER_TOKEN}`, route: '/orders/:id' });

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
    ).toEqual(['paid', 'cancelled']);
    fireEvent.click(within(group).getByRole('radio', { name: 'paid' }));
    fireEvent.change(within(form).getByLabelText('Note'), {
      target: { value: 'Paid by transfer' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Update status' }));
    await waitFor(() => expect(sent).toEqual({ status: 'paid', note: 'Paid by transfer' }));
    expect(await screen.findByText('Paid by transfer')).toBeInTheDocument();
    expect(await screen.findByText('Order status updated.')).toBeInTheDocument();
  });

  it("says 'Order not found' on a 404", async () => {
    server.use(
      http.get(ORDER_URL, () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
    );
    renderOrder();
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
  });
});
