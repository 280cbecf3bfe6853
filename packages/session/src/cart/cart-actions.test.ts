import { createApiClient } from '@atelier/api-client';
import type { Cart, Page, ProjectListEntry, SessionProfile, DetailError } from '@atelier/contracts';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useAuthStore } from '../auth-store';
import { useCartStore } from '../cart-store';
import { createCartActions } from './cart-actions';
import { createCartApi } from './cart-api';
import { cartKeys } from './cart-queries';
import { bindQueryClient } from './query-client';

const BASE = 'http://api.test';
const token = (c: string) => c.repeat(32);

const cartOf = (id: number, overrides: Partial<Cart> = {}): Cart => ({
  token: token(String.fromCharCode(96 + id)),
  project: { id, name: `Project ${id}`, label: `Project ${id}` },
  owner: 'u-ada',
  guest_email: null,
  workspaces: [],
  created: '2026-11-23T00:00:00Z',
  latest_order: null,
  quantity: 1,
  subtotal: 2599,
  volume_discount: 0,
  volume_discount_rate: 0,
  shipping: 825,
  grand_total: 3424,
  ...overrides,
});

const profile = (current: { id: number; name: string } | null): SessionProfile => ({
  user_id: 'u-ada',
  current_project: current,
  current_workspace: null,
  application_stage: null,
});

const carts = new Map<string, Cart>();
const created: unknown[] = [];
const migrated: string[] = [];
let recent: ProjectListEntry[] = [];

const server = setupServer(
  http.get<{ ref: string }, never, Cart | DetailError>(
    `${BASE}/api/v2/projects/:ref/`,
    ({ params }) => {
      const ref = String(params.ref);
      const cart = [...carts.values()].find((c) => c.token === ref || String(c.project.id) === ref);
      return cart
        ? HttpResponse.json<Cart>(cart)
        : HttpResponse.json<DetailError>({ detail: 'Not found.' }, { status: 404 });
    },
  ),
  http.get(`${BASE}/api/v2/projects/`, () =>
    HttpResponse.json<Page<ProjectListEntry>>({
      count: recent.length,
      next: null,
      previous: null,
      results: recent,
    }),
  ),
  http.post(`${BASE}/api/v2/projects/`, async ({ request }) => {
    const body = (await request.json()) as { cart_email?: string };
    created.push(body);
    const cart = body.cart_email
      ? cartOf(9, { owner: null, guest_email: body.cart_email, quantity: 0 })
      : cartOf(8, { quantity: 0 });
    carts.set(cart.token, cart);
    return HttpResponse.json<Cart>(cart, { status: 201 });
  }),
  http.post<{ token: string }, never, Cart | DetailError>(
    `${BASE}/api/v2/projects/:token/migrate-cart/`,
    ({ params }) => {
      migrated.push(String(params.token));
      const cart = carts.get(String(params.token));
      return cart
        ? HttpResponse.json<Cart>({ ...cart, owner: 'u-ada' })
        : HttpResponse.json<DetailError>({ detail: 'Not found.' }, { status: 404 });
    },
  ),
);

const actions = () => createCartActions(createCartApi(createApiClient({ baseUrl: BASE })));
const signedIn = () =>
  useAuthStore.setState({
    user: { uuid: 'u-ada', name: 'Ada', email: 'ada@example.com', is_staff: false },
    profile: profile(null),
  });

let queryClient: QueryClient;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  carts.clear();
  created.length = 0;
  migrated.length = 0;
  recent = [];
  window.dataLayer = [];
  localStorage.clear();
  useCartStore.getState().clear();
  useAuthStore.setState({ user: null, profile: null });
  queryClient = new QueryClient();
  bindQueryClient(queryClient);
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  bindQueryClient(null);
  server.close();
});

describe('cart on start (SPEC §4)', () => {
  it("loads the profile's current project when it differs from the held cart", async () => {
    const held = cartOf(1);
    const current = cartOf(2);
    carts.set(held.token, held);
    carts.set(current.token, current);
    useCartStore.getState().setCart({ token: held.token, guest: false });
    signedIn();
    const cart = await actions().loadOnStart(profile({ id: 2, name: 'Project 2' }));
    expect(cart?.project.id).toBe(2);
    expect(useCartStore.getState().token).toBe(current.token);
    expect(queryClient.getQueryData(cartKeys.project(current.token))).toEqual(current);
  });

  it('reloads the held cart, and forgets one the server no longer has', async () => {
    const held = cartOf(1);
    carts.set(held.token, held);
    useCartStore.getState().setCart({ token: held.token, guest: true });
    expect((await actions().loadOnStart(null))?.token).toBe(held.token);
    carts.clear();
    expect(await actions().loadOnStart(null)).toBeNull();
    expect(useCartStore.getState().token).toBeNull();
  });

  it('takes the most recent project unless it was ordered', async () => {
    signedIn();
    const latest = cartOf(3);
    carts.set(latest.token, latest);
    recent = [
      {
        token: latest.token,
        project: latest.project,
        created: latest.created,
        quantity: 1,
        latest_order: null,
      },
    ];
    expect((await actions().loadOnStart(profile(null)))?.project.id).toBe(3);

    useCartStore.getState().clear();
    recent = [
      {
        ...recent[0]!,
        latest_order: { id: 'o', order_id: 1001, status: 'placed', created: latest.created },
      },
    ];
    expect(await actions().loadOnStart(profile(null))).toBeNull();
    expect(useCartStore.getState().token).toBeNull();
  });
});

describe('cart creation (SPEC §4)', () => {
  it("makes a guest's cart with the email given, marked a guest cart, once", async () => {
    const cart = await actions().ensureCart({ email: 'guest@example.com' });
    expect(created).toEqual([{ cart_email: 'guest@example.com' }]);
    expect(useCartStore.getState()).toMatchObject({ token: cart.token, guest: true });
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({ event: 'cart_created', cart_token: cart.token, guest: true }),
    );
    // The held cart takes the next add: no second cart.
    expect((await actions().ensureCart()).token).toBe(cart.token);
    expect(created).toHaveLength(1);
  });

  it("migrates a signed-in user's new cart into their projects", async () => {
    signedIn();
    const cart = await actions().ensureCart();
    expect(created).toEqual([{}]);
    expect(migrated).toEqual([cart.token]);
    expect(useCartStore.getState()).toMatchObject({ token: cart.token, guest: false });
  });

  it('starts a new cart when the held one was ordered', async () => {
    const ordered = cartOf(1, {
      owner: null,
      latest_order: { id: 'o', order_id: 1001, status: 'placed', created: '2026-11-23' },
    });
    carts.set(ordered.token, ordered);
    useCartStore.getState().setCart({ token: ordered.token, guest: true });
    const cart = await actions().ensureCart({ email: 'again@example.com' });
    expect(cart.token).not.toBe(ordered.token);
    expect(created).toHaveLength(1);
  });
});
