import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Cart, CartItem, Page, UpdateItemRequest } from '@atelier/contracts';
import { useAuthStore, useCartStore } from '@atelier/session';
import { QUANTITY_DEBOUNCE_MS } from '../features/cart/constants';
import { cart, cartItem, page, TOKEN } from '../test/fixtures';
import { renderPage } from '../test/render';
import CartPage from './CartPage';

// A shared 2-core machine: antd pages render slowly under load.
jest.setTimeout(120_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const BASE = `http://localhost/api/v2/projects/${TOKEN}`;

function serve(body: Cart, items: CartItem[]) {
  server.use(
    http.get(`${BASE}/`, () => HttpResponse.json<Cart>(body)),
    http.get(`${BASE}/items/`, () => HttpResponse.json<Page<CartItem>>(page(items))),
  );
}

const renderCart = () => renderPage(<CartPage />, { path: '/cart', route: '/cart' });

beforeEach(() => {
  useAuthStore.setState({ user: null, profile: null, status: 'ready' });
  useCartStore.getState().clear();
});

describe('cart (SPEC §2 empty state)', () => {
  it("offers a guest 'Browse top selling art' and sign in / sign up", () => {
    renderCart();
    expect(screen.getByRole('heading', { name: 'Cart' })).toBeInTheDocument();
    expect(screen.getByText('Your project is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse top selling art' })).toHaveAttribute(
      'href',
      '/search?sort=popular',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/accounts/login?redirect=%2Fcart',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('calls it a project for a signed-in profile and drops the sign-in links', () => {
    useAuthStore.setState({
      user: { uuid: 'u', name: 'U', email: 'u@x.io', is_staff: false },
      profile: {
        user_id: 'u',
        current_project: null,
        current_workspace: null,
        application_stage: null,
      },
    });
    renderCart();
    expect(screen.getByRole('heading', { name: 'Project' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('shows the empty state and a disabled Check out for a held cart without items', async () => {
    useCartStore.getState().setCart({ token: TOKEN, guest: true });
    serve(cart({ quantity: 0, subtotal: 0, shipping: 0, grand_total: 0 }), []);
    renderCart();
    expect(await screen.findByText('Your project is empty')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lobby refit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check out' })).toBeDisabled();
  });
});

describe('cart with items', () => {
  beforeEach(() => useCartStore.getState().setCart({ token: TOKEN, guest: true }));

  it('lists the items and the summary lines; no Volume Discount at 0 %', async () => {
    serve(cart(), [cartItem(1, { quantity: 2, line_total: 10_000 }), cartItem(2)]);
    renderCart();
    expect(await screen.findByRole('heading', { name: 'Work 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lobby refit', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Project ID: 7')).toBeInTheDocument();
    const row = screen.getByRole('listitem', { name: 'Work 1' });
    expect(within(row).getByText('Mira Sol')).toBeInTheDocument();
    expect(within(row).getByText('$100.00')).toBeInTheDocument();
    expect(within(row).getByText('$50.00 each')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Customize' })).toHaveAttribute(
      'href',
      `/art/design/1?project=${TOKEN}`,
    );
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Subtotal (3 items)')).toBeInTheDocument();
    expect(within(summary).getByText('$150.00')).toBeInTheDocument();
    expect(within(summary).getByText('Shipping Estimate')).toBeInTheDocument();
    expect(within(summary).getByText('$24.00')).toBeInTheDocument();
    expect(within(summary).getByText('$174.00')).toBeInTheDocument();
    expect(within(summary).queryByText(/Volume Discount/)).not.toBeInTheDocument();
    const checkout = within(summary).getByRole('button', { name: 'Check out' });
    expect(checkout).toBeEnabled();
    fireEvent.click(checkout);
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout');
  });

  it('shows the Volume Discount with its rate as a negative amount when non-zero', async () => {
    serve(
      cart({
        quantity: 10,
        subtotal: 50_000,
        volume_discount: 5_000,
        volume_discount_rate: 10,
        grand_total: 47_400,
      }),
      [cartItem(1, { quantity: 10, line_total: 50_000 })],
    );
    renderCart();
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(await within(summary).findByText('Volume Discount (10%)')).toBeInTheDocument();
    expect(within(summary).getByText('-$50.00')).toBeInTheDocument();
    expect(within(summary).getByText('Subtotal (10 items)')).toBeInTheDocument();
  });

  it('says an ordered project was ordered, links to the order and is read-only', async () => {
    serve(
      cart({
        latest_order: { id: 'ord_abc', order_id: 1042, status: 'paid', created: '2025-01-03' },
      }),
      [cartItem(1)],
    );
    renderCart();
    expect(await screen.findByText('This project has been ordered')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      '/orders/ord_abc',
    );
    expect(await screen.findByRole('heading', { name: 'Work 1' })).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'Quantity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check out' })).not.toBeInTheDocument();
  });

  it('sends one PATCH with the last quantity 650 ms after the last change', async () => {
    serve(cart(), [cartItem(1)]);
    const patches: UpdateItemRequest[] = [];
    server.use(
      http.patch(`${BASE}/items/1/`, async ({ request }) => {
        patches.push((await request.json()) as UpdateItemRequest);
        return HttpResponse.json<CartItem>(cartItem(1, { quantity: 5 }));
      }),
    );
    renderCart();
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' });
    jest.useFakeTimers();
    try {
      for (const value of ['2', '3', '5']) fireEvent.change(quantity, { target: { value } });
      act(() => jest.advanceTimersByTime(QUANTITY_DEBOUNCE_MS - 1));
      expect(patches).toEqual([]);
      act(() => jest.advanceTimersByTime(1));
    } finally {
      jest.useRealTimers();
    }
    await waitFor(() => expect(patches).toEqual([{ quantity: 5 }]));
    expect(QUANTITY_DEBOUNCE_MS).toBe(650);
  });

  it('asks before removing: Cancel sends nothing, Remove sends the DELETE', async () => {
    serve(cart(), [cartItem(1)]);
    const deletes: string[] = [];
    server.use(
      http.delete(`${BASE}/items/1/`, ({ request }) => {
        deletes.push(request.url);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Work 1' }));
    // antd repeats the title for the dialog's accessible name.
    expect(await screen.findAllByText('Remove Work 1 from this project?')).not.toHaveLength(0);
    // Text, not role, queries inside the dialog: role queries over antd's DOM are slow.
    fireEvent.click(screen.getByText('Cancel'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(deletes).toEqual([]);

    // The first dialog may still be closing: wait for the second one's OK.
    const okButtons = () => document.querySelectorAll('.ant-modal-confirm-btns .ant-btn-dangerous');
    const open = okButtons().length;
    fireEvent.click(screen.getByRole('button', { name: 'Remove Work 1' }));
    await waitFor(() => expect(okButtons().length).toBeGreaterThan(open));
    fireEvent.click([...okButtons()].at(-1)!);
    await waitFor(() => expect(deletes).toHaveLength(1));
  });
});
