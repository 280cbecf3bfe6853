import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { DetailError } from '@atelier/contracts';
import { ApiError, createApiClient, toQueryString } from './index';

const server = setupServer(
  http.get('http://api.test/api/images/7/', ({ request }) =>
    HttpResponse.json({ id: 7, auth: request.headers.get('authorization') }),
  ),
  http.get('http://api.test/api/images/404/', () =>
    HttpResponse.json<DetailError>(
      { detail: 'Not found.' },
      { status: 404, statusText: 'Not Found' },
    ),
  ),
  http.post('http://api.test/echo/', async ({ request }) =>
    HttpResponse.json(await request.json()),
  ),
  http.get('http://api.test/down/', () => HttpResponse.error()),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('api client', () => {
  it('returns the parsed JSON body and sends the JWT header when a token is held', async () => {
    const client = createApiClient({ baseUrl: 'http://api.test', getAccessToken: () => 'abc' });
    await expect(client.get('/api/images/7/')).resolves.toEqual({ id: 7, auth: 'JWT abc' });
  });

  it('sends no Authorization header without a token', async () => {
    const client = createApiClient({ baseUrl: 'http://api.test' });
    await expect(client.get('/api/images/7/')).resolves.toEqual({ id: 7, auth: null });
  });

  it('posts JSON bodies', async () => {
    const client = createApiClient({ baseUrl: 'http://api.test' });
    await expect(client.post('/echo/', { a: [1, 2] })).resolves.toEqual({ a: [1, 2] });
  });

  it('rejects a non-2xx answer with an ApiError carrying status, text, body and detail', async () => {
    const client = createApiClient({ baseUrl: 'http://api.test' });
    const error = await client.get('/api/images/404/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.response).toEqual({
      status: 404,
      statusText: 'Not Found',
      data: { detail: 'Not found.' },
    });
    expect(apiError.detail).toBe('Not found.');
    expect(apiError.method).toBe('GET');
    expect(apiError.url).toBe('http://api.test/api/images/404/');
  });

  it('rejects a request that got no answer with an ApiError without response', async () => {
    const client = createApiClient({ baseUrl: 'http://api.test' });
    const error = (await client.get('/down/').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.response).toBeUndefined();
    expect(error.url).toBe('http://api.test/down/');
  });
});

describe('toQueryString', () => {
  it('repeats list values and drops empty ones', () => {
    expect(
      toQueryString({ q: 'sea view', colours: ['blue', 'green'], offset: 0, x: '', y: null }),
    ).toBe('q=sea+view&colours=blue&colours=green&offset=0');
  });
});
