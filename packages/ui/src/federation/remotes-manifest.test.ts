import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { RemotesManifest } from '@atelier/contracts';
import { fetchRemotesManifest, INLINE_REMOTES_ID } from './remotes-manifest';

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
  server.use(
    http.get('http://localhost/remotes.json', () => HttpResponse.json<RemotesManifest>(body)),
  );
  await expect(fetchRemotesManifest()).resolves.toEqual({
    storefront: 'http://localhost/remotes/storefront/mf-manifest.json',
    cart: 'https://cdn.example/cart/v2/mf-manifest.json',
    artist: 'http://localhost/remotes/artist/mf-manifest.json',
    manage: 'http://localhost/remotes/manage/mf-manifest.json',
  });
});

it('rejects a manifest that misses a remote', async () => {
  server.use(
    http.get('http://localhost/remotes.json', () =>
      HttpResponse.json<RemotesManifest>({ ...body, cart: '' }),
    ),
  );
  await expect(fetchRemotesManifest()).rejects.toThrow('/remotes.json has no entry for cart');
});

it('rejects when remotes.json cannot be read', async () => {
  server.use(
    http.get('http://localhost/remotes.json', () => new HttpResponse(null, { status: 503 })),
  );
  await expect(fetchRemotesManifest()).rejects.toThrow('/remotes.json answered 503');
});

describe('the copy the server writes into the page', () => {
  const writeInline = (text: string) => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = INLINE_REMOTES_ID;
    element.textContent = text;
    document.head.append(element);
  };

  it('is read without a request the first time, and /remotes.json is asked after that', async () => {
    writeInline(JSON.stringify({ ...body, cart: '/remotes/cart/mf-manifest.json' }));
    // No handler yet: a request would fail the test (onUnhandledRequest: 'error').
    await expect(fetchRemotesManifest()).resolves.toMatchObject({
      cart: 'http://localhost/remotes/cart/mf-manifest.json',
    });
    expect(document.getElementById(INLINE_REMOTES_ID)).toBeNull();
    server.use(
      http.get('http://localhost/remotes.json', () => HttpResponse.json<RemotesManifest>(body)),
    );
    await expect(fetchRemotesManifest()).resolves.toMatchObject({
      cart: 'https://cdn.example/cart/v2/mf-manifest.json',
    });
  });

  it('is checked like the fetched one', async () => {
    writeInline(JSON.stringify({ ...body, manage: 7 }));
    await expect(fetchRemotesManifest()).rejects.toThrow('/remotes.json has no entry for manage');
  });

  it('falls back to /remotes.json when it is not JSON', async () => {
    writeInline('{not json');
    server.use(
      http.get('http://localhost/remotes.json', () => HttpResponse.json<RemotesManifest>(body)),
    );
    await expect(fetchRemotesManifest()).resolves.toMatchObject({
      storefront: 'http://localhost/remotes/storefront/mf-manifest.json',
    });
  });
});
