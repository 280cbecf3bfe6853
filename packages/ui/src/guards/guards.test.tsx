import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';
import { RequireLogin, RequireStaff } from './guards';

const customer = { uuid: 'u1', name: 'Cy', email: 'cy@example.com', is_staff: false };
const staff = { ...customer, uuid: 'u2', is_staff: true };

function renderAt(ui: React.ReactNode, path = '/orders?page=2') {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

beforeEach(() => {
  useAuthStore.setState({ user: null, status: 'ready' });
});

describe('route guards (SPEC §6)', () => {
  it('asks a visitor without a user to sign in, linking back to the page', async () => {
    renderAt(<RequireLogin>orders</RequireLogin>);
    expect(await screen.findByText('This page requires login.')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to continue')).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute(
      'href',
      '/accounts/login?redirect=%2Forders%3Fpage%3D2',
    );
    expect(screen.queryByText('orders')).not.toBeInTheDocument();
  });

  it('shows the page to a signed-in user', () => {
    useAuthStore.setState({ user: customer });
    renderAt(<RequireLogin>orders</RequireLogin>);
    expect(screen.getByText('orders')).toBeInTheDocument();
  });

  it('waits for the session before deciding', () => {
    useAuthStore.setState({ status: 'booting' });
    renderAt(<RequireLogin>orders</RequireLogin>);
    expect(screen.getByRole('status', { name: 'Loading your session' })).toBeInTheDocument();
    expect(screen.queryByText('This page requires login.')).not.toBeInTheDocument();
  });

  it.each([
    ['a guest', null],
    ['a customer', customer],
  ])('turns %s away from staff pages', async (_who, user) => {
    useAuthStore.setState({ user });
    renderAt(<RequireStaff>manage</RequireStaff>, '/manage');
    expect(await screen.findByText('This page requires staff login.')).toBeInTheDocument();
    expect(screen.queryByText('manage')).not.toBeInTheDocument();
  });

  it('lets staff in', () => {
    useAuthStore.setState({ user: staff });
    renderAt(<RequireStaff>manage</RequireStaff>, '/manage');
    expect(screen.getByText('manage')).toBeInTheDocument();
  });
});
