import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router-dom';
import { api } from '@atelier/api-client';
import type {
  SessionProfile,
  TokenPair,
  AuthError,
  User,
  ArtistProfilePage,
} from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { RequireLogin, RequireStaff } from './guards';

const BASE = 'http://localhost';
const customer = { uuid: 'u1', name: 'Cy', email: 'cy@example.com', is_staff: false };
const staff = { ...customer, uuid: 'u2', is_staff: true };
const profile: SessionProfile = {
  user_id: 'u1',
  current_project: null,
  current_workspace: null,
  application_stage: null,
};

const server = setupServer(
  http.post<PathParams, never, TokenPair | AuthError>(
    `${BASE}/auth/jwt/create/`,
    async ({ request }) => {
      const { password } = (await request.json()) as { password: string };
      return password === 'right-password'
        ? HttpResponse.json<TokenPair>({ access: 'e30.e30.sig', refresh: 'r' })
        : HttpResponse.json<AuthError>(
            { detail: 'No active account found with the given credentials' },
            { status: 401 },
          );
    },
  ),
  http.get(`${BASE}/auth/users/me/`, () => HttpResponse.json<User>(customer)),
  http.get(`${BASE}/api/artist-profile/`, () =>
    HttpResponse.json<ArtistProfilePage>({ count: 0, next: null, previous: null, results: [] }),
  ),
  http.get(`${BASE}/api/v2/profile/`, () => HttpResponse.json<SessionProfile>(profile)),
);

function renderAt(ui: React.ReactNode, path = '/orders?page=2') {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

beforeAll(() => {
  api.configure({ baseUrl: BASE });
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  window.localStorage.clear();
  useAuthStore.setState({ user: null, profile: null, accessToken: null, status: 'ready' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('route guards (SPEC §6)', () => {
  it('asks a visitor without a user to sign in, with the form in place', async () => {
    renderAt(<RequireLogin>orders</RequireLogin>);
    expect(
      await screen.findByRole('heading', { name: 'This page requires login.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please sign in to continue')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/accounts/reset-password?redirect=%2Forders%3Fpage%3D2',
    );
    expect(screen.queryByText('orders')).not.toBeInTheDocument();
  });

  it('shows the page once the visitor signs in through the prompt', async () => {
    const user = userEvent.setup();
    renderAt(<RequireLogin>orders</RequireLogin>);
    await user.type(await screen.findByLabelText('Email'), 'cy@example.com');
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('orders')).toBeInTheDocument();
    expect(useAuthStore.getState().user).toEqual(customer);
  });

  it('keeps the prompt and shows why when the sign-in is refused', async () => {
    const user = userEvent.setup();
    renderAt(<RequireLogin>orders</RequireLogin>);
    await user.type(await screen.findByLabelText('Email'), 'cy@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No active account found with the given credentials',
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

  it('turns a guest away from staff pages, offering the sign-in form', async () => {
    renderAt(<RequireStaff>manage</RequireStaff>, '/manage');
    expect(
      await screen.findByRole('heading', { name: 'This page requires staff login.' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.queryByText('manage')).not.toBeInTheDocument();
  });

  it('turns a customer away from staff pages without a form', async () => {
    useAuthStore.setState({ user: customer });
    renderAt(<RequireStaff>manage</RequireStaff>, '/manage');
    expect(
      await screen.findByRole('heading', { name: 'This page requires staff login.' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.queryByText('manage')).not.toBeInTheDocument();
  });

  it('lets staff in', () => {
    useAuthStore.setState({ user: staff });
    renderAt(<RequireStaff>manage</RequireStaff>, '/manage');
    expect(screen.getByText('manage')).toBeInTheDocument();
  });
});
