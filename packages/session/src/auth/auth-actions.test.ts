import { createApiClient } from '@atelier/api-client';
import type {
  Cart,
  Page,
  ProjectListEntry,
  SessionProfile,
  TokenPair,
  User,
  AuthError,
  DetailError,
  RegisteredUser,
} from '@atelier/contracts';
import { http, HttpResponse, type HttpHandler, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import { useAuthStore } from '../auth-store';
import { useCartStore } from '../cart-store';
import { createCartActions } from '../cart/cart-actions';
import { createCartApi } from '../cart/cart-api';
import { createAuthActions } from './auth-actions';
import { AuthStateError, REGISTERED_ADDRESS_TAKEN, SESSION_EXPIRED_DEBOUNCE_MS } from './messages';
import { createTokenStorage, TOKEN_STORAGE_KEY } from './token-storage';

const BASE = 'http://api.test';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const jwt = (claims: Record<string, unknown>) =>
  `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;
const validAccess = jwt({ exp: nowSeconds() + 300, n: 'valid' });
const expiredAccess = jwt({ exp: nowSeconds() - 10 });
const renewedAccess = jwt({ exp: nowSeconds() + 300, n: 'renewed' });

const ada: User = { uuid: 'u-ada', name: 'Ada', email: 'ada@example.com', is_staff: false };
const guestProfile: SessionProfile = {
  user_id: null,
  current_project: null,
  current_workspace: null,
  application_stage: null,
};
const adaProfile: SessionProfile = { ...guestProfile, user_id: ada.uuid };

const tokensAccepted = new Set([validAccess, renewedAccess]);
const calls: string[] = [];
const authorised = (request: Request) =>
  tokensAccepted.has((request.headers.get('authorization') ?? '').replace(/^JWT /, ''));
const unauthorised = () =>
  HttpResponse.json<AuthError>(
    { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
    { status: 401 },
  );

const server = setupServer(
  http.all(`${BASE}/*`, ({ request }) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
  }),
  http.get<PathParams, never, User | AuthError>(`${BASE}/auth/users/me/`, ({ request }) =>
    authorised(request) ? HttpResponse.json<User>(ada) : unauthorised(),
  ),
  http.get(`${BASE}/api/artist-profile/`, () =>
    HttpResponse.json<Page<unknown>>({
      count: 1,
      next: null,
      previous: null,
      results: [{ id: 1 }],
    }),
  ),
  http.get(`${BASE}/api/v2/profile/`, ({ request }) =>
    HttpResponse.json<SessionProfile>(authorised(request) ? adaProfile : guestProfile),
  ),
  http.post<PathParams, never, TokenPair | AuthError>(
    `${BASE}/auth/jwt/refresh/`,
    async ({ request }) => {
      const { refresh } = (await request.json()) as { refresh: string };
      return refresh === 'good-refresh'
        ? HttpResponse.json<TokenPair>({ access: renewedAccess, refresh: 'next-refresh' })
        : HttpResponse.json<AuthError>(
            { detail: 'Token is blacklisted', code: 'token_not_valid' },
            { status: 401 },
          );
    },
  ),
  http.post<PathParams, never, TokenPair | AuthError>(
    `${BASE}/auth/jwt/create/`,
    async ({ request }) => {
      const { password } = (await request.json()) as { password: string };
      return password === 'right-password'
        ? HttpResponse.json<TokenPair>({ access: validAccess, refresh: 'good-refresh' })
        : HttpResponse.json<AuthError>(
            { detail: 'No active account found with the given credentials' },
            { status: 401 },
          );
    },
  ),
  http.get(`${BASE}/accounts/signout-no-redirect/`, () => new HttpResponse(null, { status: 204 })),
  http.get(`${BASE}/api/v2/projects/`, () =>
    HttpResponse.json<Page<ProjectListEntry>>({
      count: 0,
      next: null,
      previous: null,
      results: [],
    }),
  ),
);

const GUEST_TOKEN = 'g'.repeat(32);
const migratedCart: Cart = {
  token: GUEST_TOKEN,
  project: { id: 7, name: 'Project 1', label: 'Project 1' },
  owner: 'uuid-ada',
  guest_email: 'ada@example.com',
  workspaces: [],
  created: '2026-11-23T00:00:00Z',
  latest_order: null,
  quantity: 2,
  subtotal: 5198,
  volume_discount: 0,
  volume_discount_rate: 0,
  shipping: 1200,
  grand_total: 6398,
};

function setup() {
  const storage = createTokenStorage(() => window.localStorage);
  const client = createApiClient({
    baseUrl: BASE,
    getAccessToken: () => useAuthStore.getState().accessToken,
  });
  const actions = createAuthActions(
    client,
    storage,
    undefined,
    createCartActions(createCartApi(client)),
  );
  client.configure({ refreshAccessToken: () => actions.refreshAccessToken() });
  return { actions, storage };
}

const store = () => useAuthStore.getState();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls.length = 0;
  window.localStorage.clear();
  useAuthStore.setState({
    user: null,
    isArtist: false,
    profile: null,
    accessToken: null,
    status: 'booting',
    sessionExpired: false,
  });
  useCartStore.getState().clear();
});
afterEach(() => {
  server.resetHandlers();
  jest.useRealTimers();
});
afterAll(() => server.close());

describe('authentication on start (SPEC §4)', () => {
  it('starts a visitor without a login as a guest with a session profile', async () => {
    await setup().actions.boot();
    expect(store()).toMatchObject({ status: 'ready', user: null, profile: guestProfile });
    expect(calls).toEqual(['GET /api/v2/profile/']);
  });

  it('signs in with a stored token: user, artist profile and profile', async () => {
    const { actions, storage } = setup();
    storage.write({ access: validAccess, refresh: 'good-refresh' });
    await actions.boot();
    expect(store()).toMatchObject({ user: ada, isArtist: true, profile: adaProfile });
    expect(store().status).toBe('ready');
    expect(calls).not.toContain('POST /auth/jwt/refresh/');
  });

  it('refreshes a stored token that has expired, and stores the rotated pair', async () => {
    const { actions, storage } = setup();
    storage.write({ access: expiredAccess, refresh: 'good-refresh' });
    await actions.boot();
    expect(store().user).toEqual(ada);
    expect(storage.read()).toEqual({ access: renewedAccess, refresh: 'next-refresh' });
  });

  it('drops a login whose refresh is refused, starts as a guest and says the session expired', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const { actions, storage } = setup();
    storage.write({ access: expiredAccess, refresh: 'revoked-refresh' });
    await actions.boot();
    expect(store()).toMatchObject({ user: null, profile: guestProfile, status: 'ready' });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(store().sessionExpired).toBe(false);
    jest.advanceTimersByTime(SESSION_EXPIRED_DEBOUNCE_MS);
    expect(store().sessionExpired).toBe(true);
  });

  it('swaps a signed-in session cookie for tokens', async () => {
    server.use(
      http.get(`${BASE}/api/v2/profile/`, () => HttpResponse.json<SessionProfile>(adaProfile)),
      http.get(`${BASE}/auth/jwt/get/`, () =>
        HttpResponse.json<TokenPair>({ access: validAccess, refresh: 'good-refresh' }),
      ),
    );
    const { actions, storage } = setup();
    await actions.boot();
    expect(store().user).toEqual(ada);
    expect(storage.read()?.refresh).toBe('good-refresh');
  });

  it('clears the profile and the cart when the session profile is refused (403)', async () => {
    server.use(
      http.get(`${BASE}/api/v2/profile/`, () =>
        HttpResponse.json<DetailError>({ detail: 'Forbidden' }, { status: 403 }),
      ),
    );
    useAuthStore.setState({ profile: guestProfile });
    useCartStore.getState().setCart({ token: 't', guest: false });
    await setup().actions.boot();
    expect(store().profile).toBeNull();
    expect(useCartStore.getState().token).toBeNull();
    expect(store().status).toBe('ready');
  });

  it('goes on as a guest when the stored login no longer loads a user', async () => {
    server.use(
      http.get(`${BASE}/auth/users/me/`, () =>
        HttpResponse.json<AuthError>(
          { detail: 'User is inactive', code: 'user_inactive' },
          { status: 401 },
        ),
      ),
    );
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { actions, storage } = setup();
    storage.write({ access: validAccess, refresh: 'revoked-refresh' });
    await actions.boot();
    expect(store()).toMatchObject({ user: null, profile: guestProfile, status: 'ready' });
    expect(storage.read()).toBeNull();
    expect(warn).toHaveBeenCalledWith('User not available.', expect.anything());
    warn.mockRestore();
  });
});

describe('auth state messages (SPEC §8)', () => {
  it.each<[string, ...HttpHandler[]]>([
    [
      'Session profile not available.',
      http.get(`${BASE}/api/v2/profile/`, () =>
        HttpResponse.json<DetailError>({ detail: 'A server error occurred.' }, { status: 500 }),
      ),
    ],
    [
      'No token.',
      http.get(`${BASE}/api/v2/profile/`, () => HttpResponse.json<SessionProfile>(adaProfile)),
      http.get(`${BASE}/auth/jwt/get/`, () =>
        HttpResponse.json<AuthError>(
          { detail: 'Authentication credentials were not provided.' },
          { status: 401 },
        ),
      ),
    ],
  ])('starts as a guest and reports "%s"', async (message, ...handlers) => {
    server.use(...handlers);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await setup().actions.boot();
    expect(store()).toMatchObject({ user: null, status: 'ready' });
    expect(warn).toHaveBeenCalledWith(message, expect.anything());
    warn.mockRestore();
  });
});

describe('401 while signed in', () => {
  it('raises the notice once for a burst of refused refreshes', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const setSessionExpired = jest.spyOn(store(), 'setSessionExpired');
    const { actions, storage } = setup();
    storage.write({ access: expiredAccess, refresh: 'revoked-refresh' });
    await Promise.all([actions.refreshAccessToken(), actions.refreshAccessToken()]);
    jest.advanceTimersByTime(SESSION_EXPIRED_DEBOUNCE_MS / 2);
    await actions.refreshAccessToken();
    jest.advanceTimersByTime(SESSION_EXPIRED_DEBOUNCE_MS);
    expect(setSessionExpired.mock.calls.filter(([expired]) => expired)).toHaveLength(1);
    setSessionExpired.mockRestore();
  });
});

describe('login flow and logout', () => {
  it('signs in: stores the pair and loads the user data', async () => {
    const { actions, storage } = setup();
    await actions.signIn('ada@example.com', 'right-password');
    expect(store()).toMatchObject({ user: ada, accessToken: validAccess, isArtist: true });
    expect(storage.read()).toEqual({ access: validAccess, refresh: 'good-refresh' });
  });

  it('a refused sign-in leaves nobody signed in and rejects with the server detail', async () => {
    const { actions, storage } = setup();
    useAuthStore.setState({ user: ada, accessToken: validAccess });
    await expect(actions.signIn('ada@example.com', 'wrong')).rejects.toMatchObject({
      detail: 'No active account found with the given credentials',
    });
    expect(store().user).toBeNull();
    expect(storage.read()).toBeNull();
    expect(calls).not.toContain('POST /auth/jwt/refresh/');
  });

  it('registers and signs in; a refused sign-in after it says the address may be taken', async () => {
    server.use(
      http.post(`${BASE}/auth/users/`, () =>
        HttpResponse.json<RegisteredUser>(
          { uuid: 'u-x', email: 'ada@example.com', name: '' },
          { status: 201 },
        ),
      ),
    );
    const { actions } = setup();
    await actions.register({ email: 'ada@example.com', password: 'right-password' });
    expect(store().user).toEqual(ada);
    await actions.signOut();
    const refused = actions.register({ email: 'ada@example.com', password: 'wrong' });
    await expect(refused).rejects.toBeInstanceOf(AuthStateError);
    await expect(refused).rejects.toThrow(REGISTERED_ADDRESS_TAKEN);
    expect(store().user).toBeNull();
  });

  it('signs out locally even when the server fails, and reports the failure', async () => {
    server.use(
      http.get(`${BASE}/accounts/signout-no-redirect/`, () =>
        HttpResponse.json<DetailError>({ detail: 'boom' }, { status: 500 }),
      ),
    );
    const { actions, storage } = setup();
    await actions.signIn('ada@example.com', 'right-password');
    useCartStore.getState().setCart({ token: 't', guest: false });
    await expect(actions.signOut()).rejects.toMatchObject({ status: 500 });
    expect(store().user).toBeNull();
    expect(storage.read()).toBeNull();
    expect(useCartStore.getState().token).toBeNull();
  });
});

describe('two tabs, one stored login', () => {
  /** A lock like the Web Locks API: tasks run one after the other. */
  function createLock() {
    let tail: Promise<unknown> = Promise.resolve();
    return <T>(task: () => Promise<T>): Promise<T> => {
      const run = tail.then(task, task);
      tail = run.catch(() => undefined);
      return run;
    };
  }

  it('refreshes once when both tabs need a new token at the same moment', async () => {
    const used = new Set<string>();
    server.use(
      http.post<PathParams, never, TokenPair | AuthError>(
        `${BASE}/auth/jwt/refresh/`,
        async ({ request }) => {
          const { refresh } = (await request.json()) as { refresh: string };
          // Rotation: a refresh token works once; presenting it again ends the login.
          if (used.has(refresh)) {
            return HttpResponse.json<AuthError>(
              { detail: 'Token is blacklisted', code: 'token_not_valid' },
              { status: 401 },
            );
          }
          used.add(refresh);
          return HttpResponse.json<TokenPair>({
            access: renewedAccess,
            refresh: `${refresh}-next`,
          });
        },
      ),
    );
    const storage = createTokenStorage(() => window.localStorage);
    storage.write({ access: expiredAccess, refresh: 'shared-refresh' });
    const lock = createLock();
    const tab = () => createAuthActions(createApiClient({ baseUrl: BASE }), storage, lock);
    const [first, second] = await Promise.all([
      tab().refreshAccessToken(),
      tab().refreshAccessToken(),
    ]);
    expect([first, second]).toEqual([renewedAccess, renewedAccess]);
    expect([...used]).toEqual(['shared-refresh']);
    expect(storage.read()).toEqual({ access: renewedAccess, refresh: 'shared-refresh-next' });
  });
});

describe('the cart across sign-in (SPEC §4)', () => {
  it("migrates the guest's cart into the account and holds it as the project", async () => {
    const migrated: string[] = [];
    server.use(
      http.post(`${BASE}/api/v2/projects/:token/migrate-cart/`, ({ params }) => {
        migrated.push(String(params.token));
        return HttpResponse.json<Cart>(migratedCart);
      }),
    );
    useCartStore.getState().setCart({ token: GUEST_TOKEN, guest: true });
    const { actions } = setup();
    await actions.signIn('ada@example.com', 'right-password');
    expect(migrated).toEqual([GUEST_TOKEN]);
    expect(useCartStore.getState()).toMatchObject({ token: GUEST_TOKEN, guest: false });
  });

  it('drops the cart token on sign-out', async () => {
    useCartStore.getState().setCart({ token: GUEST_TOKEN, guest: false });
    const { actions } = setup();
    await actions.signOut();
    expect(useCartStore.getState().token).toBeNull();
  });
});
