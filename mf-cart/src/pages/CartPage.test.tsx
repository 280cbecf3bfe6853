import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useAuthStore, useCartStore } from '@atelier/session';
import { CartPage } from './CartPage';

const renderCart = () =>
  render(
    <MemoryRouter>
      <CartPage />
    </MemoryRouter>,
  );

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
});
