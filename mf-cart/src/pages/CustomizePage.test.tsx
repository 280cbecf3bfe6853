import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Cart, CartItem, Page, UpdateItemRequest } from '@atelier/contracts';
import { formatUsd, priceCents } from '@atelier/contracts';
import { useAuthStore, useCartStore } from '@atelier/session';
import { cart, cartItem, page, TOKEN } from '../test/fixtures';
import { renderPage } from '../test/render';
import CustomizePage from './CustomizePage';

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

const renderCustomize = (path = `/art/design/1?project=${TOKEN}`) =>
  renderPage(<CustomizePage />, { path, route: '/art/design/:id' });

beforeEach(() => {
  useAuthStore.setState({ user: null, profile: null, status: 'ready' });
  useCartStore.getState().clear();
});

describe('customize page', () => {
  it('prices the chosen size live, previews it above the sofa and saves it', async () => {
    serve(cart(), [cartItem(2), cartItem(1)]);
    const patches: UpdateItemRequest[] = [];
    server.use(
      http.patch(`${BASE}/items/1/`, async ({ request }) => {
        patches.push((await request.json()) as UpdateItemRequest);
        return HttpResponse.json<CartItem>(cartItem(1));
      }),
    );
    renderCustomize();
    expect(await screen.findByRole('heading', { name: 'Work 1' })).toBeInTheDocument();
    expect(screen.getByText('24" x 36" canvas above an 84" sofa')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '24" x 36" canvas above an 84" sofa' })).toBeVisible();
    const price = screen.getByTestId('price');
    expect(price).toHaveTextContent(formatUsd(priceCents('canvas', { w: 24, h: 36 }, 1)));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Size' }));
    fireEvent.click(await screen.findByTitle('16" x 24"'));
    expect(await screen.findByText('16" x 24" canvas above an 84" sofa')).toBeInTheDocument();
    const smaller = formatUsd(priceCents('canvas', { w: 16, h: 24 }, 1));
    expect(price).toHaveTextContent(smaller);
    expect(smaller).not.toBe(formatUsd(priceCents('canvas', { w: 24, h: 36 }, 1)));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toEqual([{ size: { w: 16, h: 24 }, substrate: 'canvas' }]));
    // Not the held cart: back to the project.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/7'));
  });

  it('uses the held cart without ?project= and is read-only once ordered', async () => {
    useCartStore.getState().setCart({ token: TOKEN, guest: true });
    serve(
      cart({
        latest_order: { id: 'ord_1', order_id: 1042, status: 'paid', created: '2025-01-03' },
      }),
      [cartItem(1)],
    );
    renderCustomize('/art/design/1');
    expect(await screen.findByRole('heading', { name: 'Work 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to project' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it("says 'Item not found' for an item not in the project", async () => {
    serve(cart(), [cartItem(2)]);
    renderCustomize();
    expect(await screen.findByText('Item not found')).toBeInTheDocument();
  });
});
