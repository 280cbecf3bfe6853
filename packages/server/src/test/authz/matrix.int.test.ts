/**
 * The authorization matrix: every API route the app registers (plugins/access.ts keeps the
 * table) × anonymous, a guest browser, a customer, a second customer, an artist and staff,
 * each answer checked against the route's declared access. Path parameters name the
 * customer's own resources, so a second customer's 200 would be an IDOR; no one but the
 * customer and staff may see the customer's private strings in any answer.
 */
import { randomBytes } from 'node:crypto';
import { artistProfilePage, cart, collection, order as orderSchema } from '@atelier/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEMO_ACCOUNTS } from '@atelier/demo-data';
import { register, sessionCookie, signIn, withCookie, withJwt } from '../../modules/auth/testing';
import {
  checkoutBody,
  insertItem,
  postCheckout,
  publishedImages,
  validAddress,
} from '../../modules/checkout/testing';
import type { TestUser } from '../../modules/collections/testing';
import type { AccessLevel, RouteAccess } from '../../plugins/access';
import { DOCS_PREFIX } from '../../plugins/openapi';
import { createTestApp, type TestContext } from '../app';
import { ensureDemoAccounts } from '../demo-accounts';
import { injectStream } from '../event-stream';
import { TEST_DRIVERS } from '../databases';
import {
  OWNER_SIDE,
  PRINCIPALS,
  expectation,
  violationTable,
  type Principal,
  type Violation,
} from './expectations';

type Headers = Record<string, string>;

/** The customer's resources that the path parameters name. */
interface Fixture {
  projectToken: string;
  projectId: number;
  itemId: number;
  orderNumber: number;
  collectionId: number;
  imageId: number;
  /** Strings only the customer and staff may ever be answered. */
  secrets: string[];
  /** DELETE gets a new resource for each request, so that a 404 is never "already gone". */
  freshItem(): Promise<number>;
  freshCollection(): Promise<number>;
}

/** A parameter's values: each is a request of its own. */
type Resolve = (
  fixture: Fixture,
  route: RouteAccess,
) => string | readonly string[] | Promise<string>;

const isRead = (route: RouteAccess) => route.method === 'GET' || route.method === 'HEAD';

/** Path parameters, by the route's path up to and including the parameter. */
const PARAMETERS: Record<string, Resolve> = {
  // Reads take the token or the id (SPEC §7), and ids are the guessable ones; writes the token.
  '/api/v2/projects/:ref': (f, route) =>
    isRead(route) ? [f.projectToken, String(f.projectId)] : f.projectToken,
  '/api/v2/projects/:token': (f) => f.projectToken,
  '/api/v2/projects/:ref/items/:itemId': async (f, route) =>
    String(route.method === 'DELETE' ? await f.freshItem() : f.itemId),
  '/api/v2/orders/:id': (f) => String(f.orderNumber),
  '/api/collections/:id': async (f, route) =>
    String(route.method === 'DELETE' ? await f.freshCollection() : f.collectionId),
  '/content/edit/:id': (f) => String(f.imageId),
};

/** Signing out ends the principal's session: it goes last. */
const ENDS_SESSION = '/accounts/signout-no-redirect/';

/** The route's paths: one for each combination of its parameters' values. */
async function pathsOf(route: RouteAccess, fixture: Fixture): Promise<string[]> {
  const segments = route.url.split('/');
  let paths = [''];
  for (const [index, segment] of segments.entries()) {
    let values: readonly string[] = [segment];
    if (segment === '*') {
      values = [route.url.startsWith(DOCS_PREFIX) ? 'index.css' : 'x'];
    } else if (segment.startsWith(':')) {
      const resolve = PARAMETERS[segments.slice(0, index + 1).join('/')];
      if (!resolve && route.access === 'owner') {
        throw new Error(
          `${route.method} ${route.url} is declared 'owner' but the matrix has no resource of ` +
            `the customer for ${segment}: add one to PARAMETERS`,
        );
      }
      values = resolve ? [await resolve(fixture, route)].flat() : ['1'];
    }
    paths = paths.flatMap((path) =>
      values.map((value) => (index === 0 ? value : `${path}/${value}`)),
    );
  }
  return paths;
}

/** The body's variants: one a level for a route whose body names its action. */
function variants(route: RouteAccess): { label: string; level: AccessLevel; body?: object }[] {
  const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  if (typeof route.access === 'string') {
    return [{ label: '', level: route.access, ...(withBody ? { body: {} } : {}) }];
  }
  return Object.entries(route.access.action).map(([action, level]) => ({
    label: ` {"${action}": true}`,
    level,
    body: { [action]: true },
  }));
}

async function signedIn(
  app: FastifyInstance,
  email: string,
  password?: string,
): Promise<{ headers: Headers; uuid: string; access: string }> {
  const { access, cookie } = await signIn(app, email, password);
  const me = await app.inject({ url: '/auth/users/me/', headers: withJwt(access) });
  const { uuid } = me.json<{ uuid: string }>();
  // As the storefront sends them: the session cookie and the JWT.
  return { headers: { ...withCookie(cookie), ...withJwt(access) }, uuid, access };
}

/** A guest browser's cookie, from the calls a guest really makes. */
async function guestHeaders(app: FastifyInstance): Promise<Headers> {
  const profile = await app.inject({ url: '/api/v2/profile/' });
  let cookie = sessionCookie(profile)?.value;
  if (!cookie) {
    const guestCart = await app.inject({
      method: 'POST',
      url: '/api/v2/projects/',
      payload: { cart_email: 'guest@example.com' },
    });
    cookie = sessionCookie(guestCart)?.value;
  }
  if (!cookie) throw new Error('neither the profile nor a guest cart gave a session cookie');
  return withCookie(cookie);
}

describe.each(TEST_DRIVERS)('authorization matrix (%s)', (driver) => {
  let ctx: TestContext;
  let principals: Record<Principal, Headers>;
  let artistUuid: string;
  let fixture: Fixture;

  beforeAll(async () => {
    ctx = await createTestApp(driver, { images: 3 });
    const { app, database } = ctx;
    const db = database.db;
    const [imageId] = await publishedImages(db, 1);
    if (imageId === undefined) throw new Error('no image');
    const mark = `authz-${randomBytes(6).toString('hex')}`;
    const customerEmail = `${mark}@example.com`;
    const secondEmail = `second-${randomBytes(6).toString('hex')}@example.com`;

    await register(app, customerEmail);
    await register(app, secondEmail);
    await ensureDemoAccounts(db);
    const customer = await signedIn(app, customerEmail);
    const second = await signIn(app, secondEmail);
    const artist = await signedIn(app, DEMO_ACCOUNTS.artist.email, DEMO_ACCOUNTS.artist.password);
    const staff = await signedIn(app, DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.staff.password);
    artistUuid = artist.uuid;
    principals = {
      anonymous: {},
      guest: await guestHeaders(app),
      customer: customer.headers,
      // A cookie alone, so that the session path is as strict as the JWT one.
      'second customer': withCookie(second.cookie),
      artist: artist.headers,
      staff: staff.headers,
    };

    const as = customer.headers;
    const project = async (name: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v2/projects/',
        headers: as,
        payload: { name },
      });
      if (res.statusCode !== 201) throw new Error(`project: ${res.statusCode} ${res.body}`);
      const created = cart.parse(res.json());
      return { id: created.project.id, token: created.token };
    };
    const open = await project(`${mark}-project`);
    const item = () => insertItem(db, open.id, { imageId, w: 12, h: 8 });
    const ordered = await project(`${mark}-ordered`);
    await item();
    await insertItem(db, ordered.id, { imageId, w: 12, h: 8 });
    const owner = (await db
      .selectFrom('users')
      .select('id')
      .where('uuid', '=', customer.uuid)
      .executeTakeFirstOrThrow()) as { id: number };
    const placed = await postCheckout(app, ordered.token, {
      as: { ...owner, uuid: customer.uuid, access: customer.access, headers: as } as TestUser,
      body: checkoutBody({
        email: customerEmail,
        shipping_address: { ...validAddress, name: `${mark}-order` },
      }),
    });
    if (placed.statusCode !== 201) throw new Error(`checkout: ${placed.statusCode} ${placed.body}`);
    const order = orderSchema.parse(placed.json());
    const newCollection = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/collections/',
        headers: as,
        // Communal, so that staff may edit it too; private, so that nobody else may see it.
        payload: { name: `${mark}-collection`, communal: true, public: false },
      });
      if (res.statusCode !== 201) throw new Error(`collection: ${res.statusCode} ${res.body}`);
      return collection.parse(res.json()).id;
    };

    // The customer's support conversation: their message must reach nobody but them and staff.
    const wrote = await app.inject({
      method: 'POST',
      url: '/api/support/conversation/messages/',
      headers: as,
      payload: { body: `${mark}-support question` },
    });
    if (wrote.statusCode !== 201) throw new Error(`support: ${wrote.statusCode} ${wrote.body}`);

    fixture = {
      projectToken: open.token,
      projectId: open.id,
      itemId: await item(),
      orderNumber: order.order_id,
      collectionId: await newCollection(),
      imageId,
      secrets: [mark, open.token, ordered.token, order.id],
      freshItem: item,
      freshCollection: newCollection,
    };
  });
  afterAll(() => ctx.close());

  it('has an artist with an artist profile among its principals', async () => {
    const res = await ctx.app.inject({
      url: `/api/artist-profile/?user_uuid=${artistUuid}`,
      headers: principals.artist,
    });
    expect(artistProfilePage.parse(res.json()).count).toBe(1);
  });

  it("reaches a guest's cart by its token alone, by its id only for staff", async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/projects/',
      headers: principals.guest,
      payload: { cart_email: 'guest@example.com' },
    });
    expect(created.statusCode).toBe(201);
    const { token, project } = cart.parse(created.json());
    const answers: Record<string, [number, number]> = {};
    for (const principal of PRINCIPALS) {
      const get = async (ref: string | number) =>
        (await ctx.app.inject({ url: `/api/v2/projects/${ref}/`, headers: principals[principal] }))
          .statusCode;
      answers[principal] = [await get(token), await get(project.id)];
    }
    expect(answers).toEqual({
      anonymous: [200, 404],
      guest: [200, 404],
      customer: [200, 404],
      'second customer': [200, 404],
      artist: [200, 404],
      staff: [200, 200],
    });
  });

  it('knows every route of the OpenAPI document', async () => {
    const document = (await ctx.app.inject({ url: `${DOCS_PREFIX}/json` })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const declared = new Set(ctx.app.routeAccess.map((r) => `${r.method} ${r.url}`));
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`,
      ),
    );
    const apiRoutes = documented.filter((route) => / \/(api|auth|accounts|content)\//.test(route));
    expect(apiRoutes.length).toBeGreaterThan(30);
    expect(apiRoutes.filter((route) => !declared.has(route))).toEqual([]);
  });

  it("answers every route as its declared access says, and nobody else the customer's data", async () => {
    const routes = [...ctx.app.routeAccess].sort(
      (a, b) => Number(a.url === ENDS_SESSION) - Number(b.url === ENDS_SESSION),
    );
    const violations: Violation[] = [];
    for (const route of routes) {
      for (const variant of variants(route)) {
        for (const principal of PRINCIPALS) {
          for (const url of await pathsOf(route, fixture)) {
            const request: InjectOptions = {
              method: route.method as InjectOptions['method'],
              url,
              headers: principals[principal],
            };
            if (variant.body) request.payload = variant.body;
            // An event stream stays open: read up to its first event, then hang up.
            const res = route.eventStream
              ? await injectStream(ctx.app, request).then((answer) => {
                  answer.close();
                  return answer;
                })
              : await ctx.app.inject(request);
            const expected = expectation(variant.level, principal);
            const name = `${route.method} ${url}${variant.label} (${variant.level})`;
            if (!expected.holds(res.statusCode) || res.statusCode >= 500) {
              violations.push({
                route: name,
                principal,
                expected: expected.text,
                got: `${res.statusCode} ${res.body.slice(0, 80)}`,
              });
            }
            const leaked = OWNER_SIDE.has(principal)
              ? undefined
              : fixture.secrets.find((secret) => res.body.includes(secret));
            if (leaked !== undefined) {
              violations.push({
                route: name,
                principal,
                expected: "none of the customer's data",
                got: `${res.statusCode} with ${leaked}`,
              });
            }
          }
        }
      }
    }
    if (violations.length > 0) throw new Error(violationTable(violations));
  });
});
