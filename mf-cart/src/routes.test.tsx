import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Page, PaymentMethodsResponse, ProjectListEntry } from '@atelier/contracts';
import { useAuthStore, useCartStore } from '@atelier/session';
import { AppProviders, createQueryClient, LOGIN_REQUIRED } from '@atelier/ui';
import { page } from './test/fixtures';
import routes from './routes';

// A shared 2-core machine: each page is its own chunk, loaded on first visit.
jest.setTimeout(120_000);

const server = setupServer(
  http.get('http://localhost/api/v2/projects/', () =>
    HttpResponse.json<Page<ProjectListEntry>>(page([])),
  ),
  // The checkout page asks what it may offer.
  http.get('http://localhost/api/v2/payment-methods/', () =>
    HttpResponse.json<PaymentMethodsResponse>({ methods: [], stripe_publishable_key: null }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderAt(path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </AppProviders>,
  );
}

beforeEach(() => {
  useAuthStore.setState({ user: null, profile: null, status: 'ready' });
  useCartStore.getState().clear();
});

// The account's pages: projects (this slice's cart screens), orders and the dashboard.
it.each(['/projects', '/projects/3', '/orders', '/dashboard'])('%s needs login', async (path) => {
  renderAt(path);
  expect(await screen.findByText(LOGIN_REQUIRED)).toBeInTheDocument();
});

it('/cart is open to guests', async () => {
  renderAt('/cart');
  expect(await screen.findByText('Your project is empty')).toBeInTheDocument();
  expect(screen.queryByText(LOGIN_REQUIRED)).not.toBeInTheDocument();
});

it('/checkout is open to guests', async () => {
  const { container } = renderAt('/checkout');
  await waitFor(() => expect(container.textContent).not.toBe(''));
  expect(screen.queryByText(LOGIN_REQUIRED)).not.toBeInTheDocument();
});

it('/art/design/:id is open to guests (without a cart, there is no such item)', async () => {
  renderAt('/art/design/5');
  expect(await screen.findByText('Item not found')).toBeInTheDocument();
});

it('/projects shows a signed-in user their (empty) list', async () => {
  useAuthStore.setState({ user: { uuid: 'u', name: 'U', email: 'u@x.io', is_staff: false } });
  renderAt('/projects');
  expect(await screen.findByText('List is empty')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Projects' })).toBeInTheDocument();
});
