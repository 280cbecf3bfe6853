import { act, render, screen } from '@testing-library/react';
import { RouterProvider, type RouteObject } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';
import { AppProviders, createRemoteRegistry } from '@atelier/ui';
import { createAppRouter } from './create-app-router';
import { createRemoteRoutesLoader } from '../federation/load-remote-routes';

const loadRemote = jest.fn();
const registerRemotes = jest.fn();
jest.mock('@module-federation/runtime', () => ({
  loadRemote: (id: string) => loadRemote(id),
  registerRemotes: (...args: unknown[]) => registerRemotes(...args),
}));

const REMOTE_ROUTES: Record<string, RouteObject[]> = {
  'mf_storefront/routes': [{ index: true, element: <h1>Storefront home</h1> }],
  'mf_cart/routes': [{ path: 'cart', element: <h1>Cart page</h1>, handle: { title: 'Cart' } }],
  'mf_manage/routes': [{ path: 'manage', element: <h1>Manage index</h1> }],
};

const manifest = {
  storefront: 'http://cdn.test/storefront/mf-manifest.json',
  cart: 'http://cdn.test/cart/mf-manifest.json',
  artist: 'http://cdn.test/artist/mf-manifest.json',
  manage: 'http://cdn.test/manage/mf-manifest.json',
};

function renderAt(path: string) {
  window.history.pushState({}, '', path);
  const router = createAppRouter(
    createRemoteRoutesLoader(createRemoteRegistry(async () => manifest)),
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(() => {
  loadRemote.mockReset();
  registerRemotes.mockReset();
  loadRemote.mockImplementation(async (id: string) => ({ default: REMOTE_ROUTES[id] }));
  useAuthStore.setState({ user: null, status: 'ready' });
  window.dataLayer = [];
});

describe('the shell router', () => {
  it("mounts a remote's routes in its own area when one of its paths is visited", async () => {
    renderAt('/cart');
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
    expect(screen.getByText('Cart page').closest('[data-remote]')).toHaveAttribute(
      'data-remote',
      'cart',
    );
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mf_cart', entry: manifest.cart }], {
      force: false,
    });
    expect(loadRemote.mock.calls.map(([id]) => id)).toEqual(['mf_cart/routes']);
    expect(document.title).toBe('Cart | Atelier');
  });

  it('keeps the nav bar and shows an error panel with a retry when a remote fails to load', async () => {
    loadRemote.mockRejectedValueOnce(new Error('Failed to fetch remoteEntry.js'));
    renderAt('/cart');
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Your cart could not be loaded.');
    expect(screen.getByRole('search')).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'mf_cart', entry: manifest.cart }], {
      force: true,
    });
  });

  it('never loads mf-manage for someone who is not staff', async () => {
    useAuthStore.setState({ user: { uuid: 'c', name: 'C', email: 'c@x.io', is_staff: false } });
    renderAt('/manage');
    expect(await screen.findByText('This page requires staff login.')).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalledWith('mf_manage/routes');
    expect(document.title).toBe('Manage | Atelier');
  });

  it('loads mf-manage for staff', async () => {
    useAuthStore.setState({ user: { uuid: 's', name: 'S', email: 's@x.io', is_staff: true } });
    renderAt('/manage');
    expect(await screen.findByRole('heading', { name: 'Manage index' })).toBeInTheDocument();
  });

  it("shows '404 Not Found' for a path no front end owns, without loading any remote", async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('redirects /artists to /artist and /accounts to the sign-in page', async () => {
    loadRemote.mockImplementation(async () => ({
      default: [{ path: 'artist', element: <h1>Artist home</h1> }],
    }));
    const router = renderAt('/artists');
    expect(await screen.findByRole('heading', { name: 'Artist home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/artist');
    await act(() => router.navigate('/accounts'));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/accounts/login');
  });

  it('tracks a page view when the path or q changes, not for other query changes', async () => {
    const router = renderAt('/');
    await screen.findByRole('heading', { name: 'Storefront home' });
    const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await settle();
    await act(() => router.navigate('/?q=sea'));
    await settle();
    await act(() => router.navigate('/?q=sea&offset=100'));
    await settle();
    await act(() => router.navigate('/cart'));
    await screen.findByRole('heading', { name: 'Cart page' });
    await settle();
    const views = (window.dataLayer ?? []).filter((e) => e.event === 'page_view');
    expect(views.map((v) => [v.page_path, v.search_term ?? null, v.page_title])).toEqual([
      ['/', null, 'Fine Art & Photography Prints | Atelier'],
      ['/', 'sea', 'Fine Art & Photography Prints | Atelier'],
      ['/cart', null, 'Cart | Atelier'],
    ]);
  });

  it('does not count a location that redirects at once (/artists → /artist)', async () => {
    loadRemote.mockImplementation(async () => ({
      default: [
        { path: 'artist', element: <h1>Artist home</h1>, handle: { title: 'Artist Portal' } },
      ],
    }));
    renderAt('/artists');
    await screen.findByRole('heading', { name: 'Artist home' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const views = (window.dataLayer ?? []).filter((e) => e.event === 'page_view');
    expect(views.map((v) => [v.page_path, v.page_title])).toEqual([
      ['/artist', 'Artist Portal | Atelier'],
    ]);
  });

  it("shows the top progress bar while a remote's routes take over 100 ms to arrive", async () => {
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Storefront home' })).toBeInTheDocument();
    let arrive!: () => void;
    loadRemote.mockImplementationOnce(
      (id: string) =>
        new Promise((resolve) => {
          arrive = () => resolve({ default: REMOTE_ROUTES[id] });
        }),
    );
    jest.useFakeTimers();
    try {
      await act(async () => void router.navigate('/cart'));
      const bar = () => screen.queryByRole('progressbar', { name: 'Loading page' });
      await act(async () => jest.advanceTimersByTime(50));
      expect(bar()).not.toBeInTheDocument();
      await act(async () => jest.advanceTimersByTime(50));
      expect(bar()).toBeInTheDocument();
      await act(async () => arrive());
      expect(screen.getByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
      expect(bar()).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows the remote's error panel with Retry when a page's chunk fails or times out", async () => {
    const chunkError = Object.assign(
      new Error('Loading chunk 512 failed.\n(timeout: http://cdn.test/artist/512.js)'),
      { name: 'ChunkLoadError' },
    );
    loadRemote.mockImplementation(async (id: string) =>
      id === 'mf_artist/routes'
        ? {
            default: [
              {
                path: 'artist',
                lazy: async () => {
                  throw chunkError;
                },
              },
            ],
          }
        : { default: REMOTE_ROUTES[id] },
    );
    renderAt('/artist');
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveAttribute('data-remote-error', 'artist');
    expect(panel).toHaveTextContent('The artist portal could not be loaded.');
    expect(panel).toHaveTextContent('timeout: http://cdn.test/artist/512.js');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
  });
});
