import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fetchRemotesManifest } from './remotes-manifest';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const body = {
  storefront: '/remotes/storefront/mf-manifest.json',
  cart: 'https://cdn.example/cart/v2/mf-manifest.json',
  artist: '/remotes/artist/mf-manifest.json',
  manage: '/remotes/manage/mf-manifest.json',
};

it('reads where each remote is deployed, resolving relative URLs against the page', async () => {
  server.use(http.get('http://localhost/remotes.json', () => HttpResponse.json(body)));
  await expect(fetchRemotesManifest()).resolves.toEqual({
    storefront: 'http://localhost/remotes/storefront/mf-manifest.json',
    cart: 'https://cdn.example/cart/v2/mf-manifest.json',
    artist: 'http://localhost/remotes/artist/mf-manifest.json',
    manage: 'http://localhost/remotes/manage/mf-manifest.json',
  });
});

it('rejects a manifest that misses a remote', async () => {
  server.use(
    http.get('http://localhost/remotes.json', () => HttpResponse.json({ ...body, cart: '' })),
  );
  await expect(fetchRemotesManifest()).rejects.toThrow('/remotes.json has no entry for cart');
});

it('rejects when remotes.json cannot be read', async () => {
  server.use(
    http.get('http://localhost/remotes.json', () => new HttpResponse(null, { status: 503 })),
  );
  await expect(fetchRemotesManifest()).rejects.toThrow('/remotes.json answered 503');
});
