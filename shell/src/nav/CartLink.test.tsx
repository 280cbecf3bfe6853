import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { Cart } from '@atelier/contracts';
import {
  cartKeys,
  itemCountLabel,
  useAuthStore,
  useCartStore,
  type SessionProfile,
} from '@atelier/session';
import { CART_EMPTY_TOOLTIP, CartLink } from './CartLink';

const TOKEN = 'a'.repeat(32);
const profile: SessionProfile = {
  user_id: 'u1',
  current_project: { id: 4, name: 'Harbour hotel' },
  current_workspace: null,
  application_stage: null,
};

const cart = (quantity: number, name = 'Cart'): Cart => ({
  token: TOKEN,
  project: { id: 4, name, label: name },
  owner: null,
  guest_email: 'guest@example.com',
  workspaces: [],
  created: '2025-01-01T00:00:00Z',
  latest_order: null,
  quantity,
  subtotal: 0,
  volume_discount: 0,
  volume_discount_rate: 0,
  shipping: 0,
  grand_total: 0,
});

/** The nav bar with the held cart's query already answered. */
function renderLink(held: Cart | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (held) {
    useCartStore.setState({ token: held.token, guest: held.owner === null });
    client.setQueryData(cartKeys.project(held.token), held);
  } else {
    useCartStore.setState({ token: null, guest: false });
  }
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CartLink />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => useAuthStore.getState().clear());

describe('the nav Cart link (SPEC §2)', () => {
  it("counts items as 'No items', '1 item', 'N items'", () => {
    expect([0, 1, 2, 12].map(itemCountLabel)).toEqual([
      'No items',
      '1 item',
      '2 items',
      '12 items',
    ]);
  });

  it("is 'Cart' for a guest without a cart, with the tooltip 'Cart is empty'", () => {
    renderLink(null);
    const link = screen.getByRole('link', { name: 'Cart, No items' });
    expect(link).toHaveAttribute('href', '/cart');
    expect(link).toHaveAccessibleDescription(CART_EMPTY_TOOLTIP);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Cart is empty');
  });

  it("is 'Cart' with the count for a guest's cart, and no tooltip once it has items", () => {
    renderLink(cart(3));
    const link = screen.getByRole('link', { name: 'Cart, 3 items' });
    expect(link).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it("says 'Cart is empty' for a guest's empty cart", () => {
    renderLink(cart(0));
    expect(screen.getByRole('link', { name: 'Cart, No items' })).toHaveAccessibleDescription(
      'Cart is empty',
    );
  });

  it("is 'Project' with the project name for a signed-in profile", () => {
    useAuthStore.setState({
      user: { uuid: 'u1', name: 'Ada', email: 'ada@example.com', is_staff: false },
      profile,
    });
    renderLink({ ...cart(1, 'Harbour hotel'), owner: 'u1', guest_email: null });
    const link = screen.getByRole('link', { name: 'Project: Harbour hotel, 1 item' });
    expect(link).toHaveTextContent('Project: Harbour hotel');
    expect(link).toHaveTextContent('1 item');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
