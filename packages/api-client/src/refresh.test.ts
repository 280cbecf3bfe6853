import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { AuthError } from '@atelier/contracts';
import { ApiError, createApiClient, memoizeRefresh } from './index';

/** A protected resource that accepts only the token `fresh`. */
const server = setupServer(
  // The resource's shape is no concern of the client: any JSON body would do.
  http.get<{ id: string }, never, { id: number } | AuthError>(
    'http://api.test/api/orders/:id/',
    ({ request, params }) =>
      request.headers.get('authorization') === 'JWT fresh'
        ? HttpResponse.json({ id: Number(params.id) })
        : HttpResponse.json<AuthError>(
            { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
            { status: 401 },
          ),
  ),
  http.post('http://api.test/auth/jwt/create/', () =>
    HttpResponse.json<AuthError>(
      { detail: 'No active account found with the given credentials' },
      { status: 401 },
    ),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function clientWith(refresh: () => Promise<string | null>) {
  let token: string | null = 'stale';
  const refreshAccessToken = jest.fn(async () => {
    const next = await refresh();
    token = next;
    return next;
  });
  const client = createApiClient({
    baseUrl: 'http://api.test',
    getAccessToken: () => token,
    refreshAccessToken,
  });
  return { client, refreshAccessToken };
}

describe('401 handling (SPEC §4)', () => {
  it('refreshes the token and retries the request once', async () => {
    const { client, refreshAccessToken } = clientWith(async () => 'fresh');
    await expect(client.get('/api/orders/1/')).resolves.toEqual({ id: 1 });
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between parallel 401s', async () => {
    const { client, refreshAccessToken } = clientWith(
      () => new Promise((resolve) => setTimeout(() => resolve('fresh'), 20)),
    );
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((id) => client.get(`/api/orders/${id}/`)),
    );
    expect(results).toEqual([1, 2, 3, 4, 5].map((id) => ({ id })));
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('gives up with the original 401 when there is nothing to refresh', async () => {
    const { client } = clientWith(async () => null);
    const error = (await client.get('/api/orders/1/').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
  });

  it('retries only once: a second 401 after the refresh is the answer', async () => {
    const { client, refreshAccessToken } = clientWith(async () => 'also-stale');
    const error = (await client.get('/api/orders/1/').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('does not refresh when a sign-in is refused', async () => {
    const { client, refreshAccessToken } = clientWith(async () => 'fresh');
    const error = (await client
      .post('/auth/jwt/create/', { email: 'a@b.co', password: 'x' }, { refreshOn401: false })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.detail).toBe('No active account found with the given credentials');
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });
});

describe('memoizeRefresh', () => {
  it('reuses a refresh for 10 s after it started, then refreshes again', async () => {
    let clock = 0;
    let calls = 0;
    const refresh = jest.fn(async () => `token-${++calls}`);
    const memo = memoizeRefresh(refresh, 10_000, () => clock);
    await expect(memo()).resolves.toBe('token-1');
    clock = 9_999;
    await expect(memo()).resolves.toBe('token-1');
    clock = 10_000;
    await expect(memo()).resolves.toBe('token-2');
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('shares a failed refresh too, so a burst of 401s does not retry it', async () => {
    const refresh = jest.fn(async () => {
      throw new Error('refresh refused');
    });
    const memo = memoizeRefresh(refresh, 10_000, () => 0);
    await expect(memo()).rejects.toThrow('refresh refused');
    await expect(memo()).rejects.toThrow('refresh refused');
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
