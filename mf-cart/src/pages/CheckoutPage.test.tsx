import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type {
  Cart,
  CheckoutRequest,
  Order,
  PaymentMethodsResponse,
  CartItem,
  Page,
  ValidationError,
  DetailError,
} from '@atelier/contracts';
import { useAuthStore, useCartStore } from '@atelier/session';
import { order, ORDER_TOKEN, paymentMethods } from '../test/order-fixtures';
import { cart, cartItem, page, TOKEN } from '../test/fixtures';
import { renderPage } from '../test/render';
import CheckoutPage from './CheckoutPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const CHECKOUT_URL = `http://localhost/api/v2/projects/${TOKEN}/checkout/`;

beforeEach(() => {
  useAuthStore.setState({ user: null, profile: null, status: 'ready' });
  useCartStore.getState().setCart({ token: TOKEN, guest: true });
});

/** The held cart, its items and the payment methods, as the server answers them. */
function serveCart(
  current: () => Cart = () => cart(),
  methods: PaymentMethodsResponse = paymentMethods(),
) {
  server.use(
    http.get(`http://localhost/api/v2/projects/:ref/`, () => HttpResponse.json<Cart>(current())),
    http.get(`http://localhost/api/v2/projects/:ref/items/`, () =>
      HttpResponse.json<Page<CartItem>>(
        page([cartItem(1), cartItem(2, { quantity: 2, line_total: 10_000 })]),
      ),
    ),
    http.get('http://localhost/api/v2/payment-methods/', () =>
      HttpResponse.json<PaymentMethodsResponse>(methods),
    ),
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: false });

async function fillAddress() {
  const form = await screen.findByRole('form', { name: 'Checkout' });
  const set = (label: string, value: string) =>
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  set('Full name', 'Ada Lovelace');
  set('Address line 1', '1 Harbour St');
  set('City', 'Portland');
  set('State / Region', 'OR');
  set('ZIP / Postal code', '97201');
  return form;
}

const placeOrder = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
  await Promise.resolve();
};
const choose = (name: string) => fireEvent.click(screen.getByRole('radio', { name }));

jest.setTimeout(90_000);

describe('checkout (held cart)', () => {
  it('shows the summary and prefills the guest email; card is offered when the server lists it', async () => {
    serveCart();
    renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout' });
    expect(await screen.findByRole('heading', { name: 'Lobby refit' })).toBeInTheDocument();
    const items = screen.getByRole('list', { name: 'Items' });
    expect(await within(items).findAllByRole('listitem')).toHaveLength(2);
    expect(within(items).getByRole('img', { name: 'Work 1' })).toHaveAttribute(
      'src',
      '/media/thumbs/1.jpg',
    );
    expect(items).toHaveTextContent('24" x 36" · canvas');
    const totals = screen.getByLabelText('Project totals');
    expect(totals).toHaveTextContent('Subtotal (3 items)$150.00');
    expect(totals).toHaveTextContent('Shipping Estimate$24.00');
    expect(totals).toHaveTextContent('Total$174.00');
    expect(totals).not.toHaveTextContent('Volume Discount');
    expect(field('Email')).toHaveValue('guest@example.com');
    expect(field('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('ZIP / Postal code')).toHaveAttribute(
      'autocomplete',
      'shipping postal-code',
    );
    expect(screen.getByLabelText('Country')).toHaveValue('US');
    expect(screen.getByRole('radio', { name: 'Purchase order' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Invoice' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Card' })).toBeInTheDocument();
    expect(screen.getByText('Pay by card.')).toBeInTheDocument();
  });

  it('does not offer card when the server does not list it', async () => {
    serveCart(() => cart(), paymentMethods(false));
    renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout' });
    expect(await screen.findByRole('radio', { name: 'Purchase order' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Invoice' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Card' })).not.toBeInTheDocument();
  });

  it('places a card order and goes to the confirmation page to pay', async () => {
    serveCart();
    let sent: CheckoutRequest | undefined;
    server.use(
      http.post(CHECKOUT_URL, async ({ request }) => {
        sent = (await request.json()) as CheckoutRequest;
        return HttpResponse.json<Order>(
          order({
            status: 'awaiting payment',
            payment_method: 'card',
            po_number: null,
            payment_client_secret: 'pi_1_secret_2',
          }),
          { status: 201 },
        );
      }),
    );
    renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout' });
    await fillAddress();
    choose('Card');
    expect(
      screen.getByText('Place the order, then pay by card on the next page.'),
    ).toBeInTheDocument();
    await placeOrder();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/checkout/confirmation/${ORDER_TOKEN}`,
      ),
    );
    expect(sent?.payment_method).toBe('card');
    expect(sent?.po_number).toBeUndefined();
  });

  it('requires a PO number for a purchase order, and sends none to the server until given', async () => {
    serveCart();
    let posts = 0;
    server.use(
      http.post(CHECKOUT_URL, () => {
        posts += 1;
        return HttpResponse.json<Order>(order(), { status: 201 });
      }),
    );
    renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout' });
    await fillAddress();
    await placeOrder();
    expect(await screen.findByText('A purchase order number is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('PO number')).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toBe(0);

    choose('Invoice');
    expect(screen.queryByLabelText('PO number')).not.toBeInTheDocument();
    expect(screen.getByText(/placed awaiting payment/)).toBeInTheDocument();
  });

  it('sends an Idempotency-Key, reuses it on a retry after a failure, then shows the confirmation', async () => {
    serveCart();
    const keys: (string | null)[] = [];
    const bodies: CheckoutRequest[] = [];
    server.use(
      http.post(CHECKOUT_URL, async ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        bodies.push((await request.json()) as CheckoutRequest);
        if (keys.length === 1) return HttpResponse.error();
        return HttpResponse.json<Order>(order(), { status: 201 });
      }),
    );
    renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout' });
    await fillAddress();
    fireEvent.change(screen.getByLabelText('PO number'), { target: { value: 'PO-77' } });
    await placeOrder();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(keys).toHaveLength(1);

    await placeOrder();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/checkout/confirmation/${ORDER_TOKEN}`,
      ),
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(bodies[1]).toEqual({
      email: 'guest@example.com',
      shipping_address: {
        name: 'Ada Lovelace',
        line1: '1 Harbour St',
        city: 'Portland',
        region: 'OR',
        postal_code: '97201',
        country: 'US',
      },
      payment_method: 'purchase_order',
      po_number: 'PO-77',
    });
    expect(useCartStore.getState().token).toBeNull();
  });

  it('sends one order for a double click on Place order', async () => {
    serveCart();
    const keys: (string | null)[] = [];
    server.use(
      http.post(CHECKOUT_URL, async ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.json<Order>(order({ payment_method: 'invoice' }), { status: 201 });
      }),
    );
    renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout' });
    await fillAddress();
    choose('Invoice');
    const button = screen.getByRole('button', { name: 'Place order' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/checkout/confirmation/${ORDER_TOKEN}`,
      ),
    );
    expect(keys).toHaveLength(1);
  });

  it('puts nested address errors on their fields, focuses the first, and non-field errors in an alert', async () => {
    serveCart();
    const keys: (string | null)[] = [];
    server.use(
      http.post(CHECKOUT_URL, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.json<ValidationError>(
          {
            shipping_address: {
              postal_code: ['Enter a valid ZIP code.'],
              city: ['Unknown city.'],
            },
            non_field_errors: ['We cannot ship there yet.'],
          },
          { status: 400 },
        );
      }),
    );
    renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout' });
    await fillAddress();
    choose('Invoice');
    await placeOrder();
    expect(await screen.findByText('Enter a valid ZIP code.')).toBeInTheDocument();
    expect(screen.getByLabelText('ZIP / Postal code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Unknown city.')).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveFocus());
    expect(await screen.findByRole('alert')).toHaveTextContent('We cannot ship there yet.');
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'false');

    // The server answered: the next submission is a new attempt with a new key.
    await placeOrder();
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("answers a 409 with 'This project has already been ordered.' and a link to the order", async () => {
    let ordered = false;
    serveCart(() =>
      cart(
        ordered
          ? {
              latest_order: {
                id: ORDER_TOKEN,
                order_id: 1042,
                status: 'placed',
                created: '2025-05-01T10:00:00Z',
              },
            }
          : {},
      ),
    );
    server.use(
      http.post(CHECKOUT_URL, () => {
        ordered = true;
        return HttpResponse.json<DetailError>(
          { detail: 'This project has already been ordered.' },
          { status: 409 },
        );
      }),
    );
    renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout' });
    await fillAddress();
    choose('Invoice');
    await placeOrder();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This project has already been ordered.');
    await waitFor(() =>
      expect(within(alert).getByRole('link', { name: 'View order' })).toHaveAttribute(
        'href',
        `/orders/${ORDER_TOKEN}`,
      ),
    );
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
  });
});

describe('checkout (project and edge cases)', () => {
  it('checks out the project of /projects/:id/checkout and leaves the held cart alone', async () => {
    useCartStore.getState().setCart({ token: 'another-held-cart', guest: false });
    useAuthStore.setState({
      user: { uuid: 'u1', name: 'Ada', email: 'ada@example.com', is_staff: false },
    });
    const asked: string[] = [];
    serveCart(() => cart({ owner: 'u1', guest_email: null }), paymentMethods(false));
    server.use(
      http.get('http://localhost/api/v2/projects/:ref/', ({ params }) => {
        asked.push(String(params.ref));
        return HttpResponse.json<Cart>(cart({ owner: 'u1', guest_email: null }));
      }),
      http.post(CHECKOUT_URL, () =>
        HttpResponse.json<Order>(order({ payment_method: 'invoice' }), { status: 201 }),
      ),
    );
    renderPage(<CheckoutPage />, { path: '/projects/7/checkout', route: '/projects/:id/checkout' });
    await fillAddress();
    expect(field('Email')).toHaveValue('ada@example.com');
    choose('Invoice');
    await placeOrder();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/checkout/confirmation/${ORDER_TOKEN}`,
      ),
    );
    expect(asked[0]).toBe('7');
    expect(useCartStore.getState().token).toBe('another-held-cart');
  });

  it('says an empty project has nothing to order, with a link back to the cart', async () => {
    serveCart(() => cart({ quantity: 0, subtotal: 0, shipping: 0, grand_total: 0 }));
    renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout' });
    expect(await screen.findByText('This project has no items to order.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cart');
  });

  it('shows an already-ordered project as an info alert with View order', async () => {
    serveCart(() =>
      cart({
        latest_order: {
          id: ORDER_TOKEN,
          order_id: 1042,
          status: 'paid',
          created: '2025-05-01T10:00:00Z',
        },
      }),
    );
    renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout' });
    expect(await screen.findByText('This project has been ordered')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      `/orders/${ORDER_TOKEN}`,
    );
    expect(screen.queryByRole('form', { name: 'Checkout' })).not.toBeInTheDocument();
  });

  it('has nothing to check out without a held cart', async () => {
    useCartStore.getState().clear();
    serveCart();
    renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout' });
    expect(await screen.findByText('There is nothing to check out yet.')).toBeInTheDocument();
  });
});
