import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';
import { AppProviders, createQueryClient } from '@atelier/ui';
import routes from './routes';

const open = (path: string) => {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </AppProviders>,
  );
};

beforeEach(() => useAuthStore.setState({ user: null, isArtist: false, status: 'ready' }));

it.each([
  '/artist/apply/info',
  '/artist/apply/sample',
  '/artist/apply/applied',
  '/artist/new',
  '/artist/new/tax',
  '/artist/art',
  '/artist/art/5',
  '/artist/account/payment',
])('%s needs login (SPEC §2)', async (path) => {
  open(path);
  expect(await screen.findByText('This page requires login.')).toBeInTheDocument();
});

it('the artist home invites visitors to apply', async () => {
  open('/artist');
  expect(await screen.findByRole('heading', { name: 'Artist Portal' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Apply to sell your art' })).toHaveAttribute(
    'href',
    '/artist/apply',
  );
});

it('a signed-in user sees a guarded page', async () => {
  useAuthStore.setState({ user: { uuid: 'a', name: 'Al', email: 'al@x.io', is_staff: false } });
  open('/artist/art');
  expect(await screen.findByRole('heading', { name: 'Your Art' })).toBeInTheDocument();
});

it.each(['/artist/apply/login', '/artist/message', '/artist/profile', '/artist/upload'])(
  '%s is open to visitors, offering sign-in',
  async (path) => {
    open(path);
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/accounts\/login\?redirect=%2Fartist%2F/),
    );
    expect(screen.queryByText('This page requires login.')).not.toBeInTheDocument();
  },
);
