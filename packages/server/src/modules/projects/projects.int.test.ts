import {
  COMMERCE_MESSAGES,
  DEFAULT_WORKSPACE_NAME,
  GUEST_CART_NAME,
  PROJECT_TOKEN_PATTERN,
  addItemResponse,
  cart,
  cartItem,
  pageOf,
  priceCents,
  projectListEntry,
  projectTotals,
  sessionProfile,
  workspacePage,
  type Cart,
  type CartItem,
} from '@atelier/contracts';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { sessionCookie } from '../auth/testing';
import {
  addItem,
  createProject,
  guestBrowser,
  orderProject,
  prepareImages,
  userHeaders,
  type Headers,
  type TestImages,
} from './testing';

const strictCart = cart.strict();
const itemPage = pageOf(cartItem.strict()).strict();
const projectPage = pageOf(projectListEntry.strict()).strict();

/** 12" x 8" is a standard size of a 3:2 landscape picture; on print at tier 1: $19.99. */
const STANDARD = { w: 12, h: 8 };
const STANDARD_PRICE = priceCents('print', STANDARD, 1);

describe.each(TEST_DRIVERS)('projects API on %s', (driver) => {
  let ctx: TestContext;
  let images: TestImages;
  let alice: { headers: Headers; uuid: string };
  let bob: { headers: Headers; uuid: string };
  let staff: { headers: Headers; uuid: string };

  beforeAll(async () => {
    ctx = await createTestApp(driver, { images: 12 });
    images = await prepareImages(ctx.database.db);
    alice = await userHeaders(ctx.app, ctx.database.db, 'alice@example.com');
    bob = await userHeaders(ctx.app, ctx.database.db, 'bob@example.com');
    staff = await userHeaders(ctx.app, ctx.database.db, 'staff@example.com', { staff: true });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string, headers: Headers = {}) => ctx.app.inject({ url, headers });
  const printBody = (extra: object = {}) => ({
    imagedata: images.published,
    size: STANDARD,
    substrate: 'print',
    ...extra,
  });
  const newGuestCart = async () => {
    const browser = await guestBrowser(ctx.app);
    const res = await createProject(ctx.app, browser, { cart_email: 'guest@example.com' });
    expect(res.statusCode).toBe(201);
    return { browser, cart: strictCart.parse(res.json()) };
  };
  const newUserProject = async (who: { headers: Headers }, name?: string) => {
    const res = await createProject(ctx.app, who.headers, name === undefined ? {} : { name });
    expect(res.statusCode).toBe(201);
    return strictCart.parse(res.json());
  };
  const projectIdOf = async (token: string) =>
    (
      await ctx.database.db
        .selectFrom('projects')
        .select('id')
        .where('token', '=', token)
        .executeTakeFirstOrThrow()
    ).id;

  describe('guest flow', () => {
    it('profile cookie → create with cart_email → add → items → totals → profile', async () => {
      const browser = await guestBrowser(ctx.app);
      const created = await createProject(ctx.app, browser, { cart_email: ' Ann@Example.COM ' });
      expect(created.statusCode).toBe(201);
      expect(sessionCookie(created)).toBeUndefined();
      const project = strictCart.parse(created.json());
      expect(project.token).toMatch(PROJECT_TOKEN_PATTERN);
      expect(project).toMatchObject({
        project: { name: GUEST_CART_NAME },
        owner: null,
        guest_email: 'Ann@example.com',
        quantity: 0,
        subtotal: 0,
        grand_total: 0,
        latest_order: null,
      });
      expect(project.workspaces).toHaveLength(1);
      expect(project.workspaces[0]).toMatchObject({
        name: DEFAULT_WORKSPACE_NAME,
        label: `${GUEST_CART_NAME} / ${DEFAULT_WORKSPACE_NAME}`,
        project: { id: project.project.id, token: project.token },
      });

      const added = await addItem(ctx.app, project.token, browser, printBody());
      expect(added.statusCode).toBe(201);
      const item = addItemResponse.strict().parse(added.json());
      expect(item).toMatchObject({
        action: 'add',
        project_token: project.token,
        quantity: 1,
        unit_price: STANDARD_PRICE,
        line_total: STANDARD_PRICE,
        custom: false,
        size_label: '12" x 8"',
        config: { width: 12, height: 8, substrate: 'print' },
        image: { id: images.published, price: 1 },
        workspace: { id: project.workspaces[0]?.id, name: DEFAULT_WORKSPACE_NAME },
        location: '',
      });
      expect(item.customize_url).toBe(`http://localhost/art/design/${item.id}`);
      expect(item.imgsrc).toMatch(/^\/media\//);

      const second = await addItem(
        ctx.app,
        project.token,
        browser,
        printBody({ substrate: 'canvas', size: { w: 18, h: 12 }, action: 'open' }),
      );
      expect(second.statusCode).toBe(201);
      expect(second.json()).toMatchObject({ action: 'open', custom: false });

      const items = await get(`/api/v2/projects/${project.token}/items/?quantity__gt=0`, browser);
      expect(items.statusCode).toBe(200);
      const page = itemPage.parse(items.json());
      expect(page).toMatchObject({ count: 2, next: null, previous: null });
      expect(page.results.map((row) => row.id)).toEqual([item.id, (second.json() as CartItem).id]);

      const reread = strictCart.parse((await get(`/api/v2/projects/${project.token}/`)).json());
      const expected = projectTotals(
        page.results.map((row) => ({
          width: row.config.width,
          height: row.config.height,
          substrate: row.config.substrate,
          quantity: row.quantity,
          unitPrice: row.unit_price,
        })),
      );
      expect(reread).toMatchObject(expected);
      expect(reread.quantity).toBe(2);
      expect(reread.subtotal).toBe(STANDARD_PRICE + priceCents('canvas', { w: 18, h: 12 }, 1));

      const profile = sessionProfile.parse((await get('/api/v2/profile/', browser)).json());
      expect(profile.current_project).toEqual({ id: project.project.id, name: GUEST_CART_NAME });
      expect(profile.current_workspace).toEqual({ name: DEFAULT_WORKSPACE_NAME });
    });

    it('makes a guest session (and its cookie) for a guest without one', async () => {
      const res = await createProject(ctx.app, {}, { cart_email: 'cookieless@example.com' });
      expect(res.statusCode).toBe(201);
      const cookie = sessionCookie(res);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      const project = strictCart.parse(res.json());
      const profile = await get('/api/v2/profile/', { cookie: `sessionid=${cookie?.value}` });
      expect(profile.json()).toMatchObject({ current_project: { id: project.project.id } });
    });

    it('needs a valid cart_email from a guest', async () => {
      const browser = await guestBrowser(ctx.app);
      const missing = await createProject(ctx.app, browser, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ cart_email: [COMMERCE_MESSAGES.emailRequiredForGuest] });
      const blank = await createProject(ctx.app, browser, { cart_email: '  ' });
      expect(blank.json()).toEqual({ cart_email: [COMMERCE_MESSAGES.emailRequiredForGuest] });
      const bad = await createProject(ctx.app, browser, { cart_email: 'not an email' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json() as object)).toEqual(['cart_email']);
      const wrongType = await createProject(ctx.app, browser, { cart_email: 42 });
      expect(wrongType.statusCode).toBe(400);
      expect(Object.keys(wrongType.json() as object)).toEqual(['cart_email']);
      const nul = await createProject(ctx.app, browser, { cart_email: 'a\u0000@example.com' });
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toEqual({ cart_email: ['Null characters are not allowed.'] });
    });
  });

  describe('signed-in projects', () => {
    it("names a user's projects 'Project N' or as asked, and the profile follows", async () => {
      const carol = await userHeaders(ctx.app, ctx.database.db, 'carol@example.com');
      const first = await newUserProject(carol);
      expect(first).toMatchObject({
        project: { name: 'Project 1', label: 'Project 1' },
        owner: carol.uuid,
        guest_email: null,
      });
      const bodiless = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/projects/',
        headers: carol.headers,
      });
      expect(bodiless.statusCode).toBe(201);
      expect(bodiless.json()).toMatchObject({ project: { name: 'Project 2' } });
      const second = await newUserProject(carol, '  Lobby  ');
      expect(second.project.name).toBe('Lobby');
      const third = await newUserProject(carol);
      expect(third.project.name).toBe('Project 4');
      const profile = sessionProfile.parse((await get('/api/v2/profile/', carol.headers)).json());
      expect(profile.current_project).toEqual({ id: third.project.id, name: 'Project 4' });
      const tooLong = await createProject(ctx.app, carol.headers, { name: 'x'.repeat(101) });
      expect(tooLong.statusCode).toBe(400);
      expect(Object.keys(tooLong.json() as object)).toEqual(['name']);
    });

    it('lists the user’s projects newest first, pages, searches, and limit=1', async () => {
      const dave = await userHeaders(ctx.app, ctx.database.db, 'dave@example.com');
      const made: Cart[] = [];
      for (const name of ['Hotel lobby', 'Office', 'Hotel rooms']) {
        made.push(await newUserProject(dave, name));
      }
      await addItem(ctx.app, made[0]?.token ?? '', dave.headers, printBody());

      const all = await get('/api/v2/projects/', dave.headers);
      expect(all.statusCode).toBe(200);
      const page = projectPage.parse(all.json());
      expect(page.count).toBe(3);
      expect(page.results.map((row) => row.project.name)).toEqual([
        'Hotel rooms',
        'Office',
        'Hotel lobby',
      ]);
      expect(page.results[2]).toMatchObject({ quantity: 1, latest_order: null });

      const latest = projectPage.parse(
        (await get('/api/v2/projects/?limit=1', dave.headers)).json(),
      );
      expect(latest.results.map((row) => row.project.name)).toEqual(['Hotel rooms']);
      expect(latest.next).toMatch(/page=2/);

      const paged = projectPage.parse(
        (await get('/api/v2/projects/?page=2&page_size=2', dave.headers)).json(),
      );
      expect(paged.results.map((row) => row.project.name)).toEqual(['Hotel lobby']);
      expect(paged.next).toBeNull();
      expect(paged.previous).toBe('http://localhost/api/v2/projects/?page_size=2');

      const searched = projectPage.parse(
        (await get('/api/v2/projects/?search=HOTEL', dave.headers)).json(),
      );
      expect(searched.count).toBe(2);
      const byId = projectPage.parse(
        (await get(`/api/v2/projects/?search=${made[1]?.project.id}`, dave.headers)).json(),
      );
      expect(byId.results.map((row) => row.project.name)).toContain('Office');
      const wild = projectPage.parse(
        (await get('/api/v2/projects/?search=%25', dave.headers)).json(),
      );
      expect(wild.count).toBe(0);

      expect((await get('/api/v2/projects/?page=9', dave.headers)).statusCode).toBe(404);
      const badPage = await get('/api/v2/projects/?page=x', dave.headers);
      expect(badPage.statusCode).toBe(400);
      expect(Object.keys(badPage.json() as object)).toEqual(['page']);
      const clamped = await get('/api/v2/projects/?page_size=100000', dave.headers);
      expect(clamped.statusCode).toBe(200);
      const nul = await get('/api/v2/projects/?search=%00', dave.headers);
      expect(nul.statusCode).toBe(400);
      expect(Object.keys(nul.json() as object)).toEqual(['search']);
      // Staff see only their own here.
      const staffList = projectPage.parse((await get('/api/v2/projects/', staff.headers)).json());
      expect(staffList.results.some((row) => row.project.name === 'Office')).toBe(false);
    });

    it('answers 401 to guests on the lists', async () => {
      const browser = await guestBrowser(ctx.app);
      for (const url of ['/api/v2/projects/', '/api/v2/myprojects/', '/api/v2/myworkspaces/']) {
        const res = await get(url, browser);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toHaveProperty('detail');
      }
      const badQuery = await get('/api/v2/projects/?page=x');
      expect(badQuery.statusCode).toBe(401);
    });
  });

  describe('prices and sizes', () => {
    it('ignores any price the client sends', async () => {
      const { browser, cart: project } = await newGuestCart();
      const res = await addItem(
        ctx.app,
        project.token,
        browser,
        printBody({ unit_price: 1, price: 1, line_total: 1, subtotal: 1, custom: true }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ unit_price: STANDARD_PRICE, custom: false });
      const after = strictCart.parse((await get(`/api/v2/projects/${project.token}/`)).json());
      expect(after.subtotal).toBe(STANDARD_PRICE);
    });

    it('allows custom sizes to signed-in users only, never on mural, window film or stock', async () => {
      const { browser, cart: guestCart } = await newGuestCart();
      const custom = { w: 13, h: 9 };
      const guestTry = await addItem(
        ctx.app,
        guestCart.token,
        browser,
        printBody({ size: custom }),
      );
      expect(guestTry.statusCode).toBe(400);
      expect(guestTry.json()).toEqual({ size: [COMMERCE_MESSAGES.customSizeNotAllowed] });

      const project = await newUserProject(alice);
      const ok = await addItem(ctx.app, project.token, alice.headers, printBody({ size: custom }));
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({
        custom: true,
        size_label: '13" x 9" (Custom)',
        unit_price: priceCents('print', custom, 1),
      });
      const rounded = await addItem(
        ctx.app,
        project.token,
        alice.headers,
        printBody({ size: { w: 13.456, h: 9.001 } }),
      );
      expect(rounded.json()).toMatchObject({ config: { width: 13.46, height: 9 } });

      const mural = await addItem(
        ctx.app,
        project.token,
        alice.headers,
        printBody({ substrate: 'mural', size: { w: 73, h: 50 } }),
      );
      expect(mural.json()).toEqual({ size: [COMMERCE_MESSAGES.customSizeNotAllowed] });
      const film = await addItem(
        ctx.app,
        project.token,
        alice.headers,
        printBody({ substrate: 'window film', size: custom }),
      );
      expect(film.json()).toEqual({ size: [COMMERCE_MESSAGES.customSizeNotAllowed] });
      const stock = await addItem(
        ctx.app,
        project.token,
        alice.headers,
        printBody({ imagedata: images.external, size: custom }),
      );
      expect(stock.json()).toEqual({ size: [COMMERCE_MESSAGES.customSizeNotAllowed] });
      // Standard sizes are fine on all of them.
      const muralStandard = await addItem(
        ctx.app,
        project.token,
        alice.headers,
        printBody({ substrate: 'mural', size: { w: 72, h: 48 } }),
      );
      expect(muralStandard.statusCode).toBe(201);
      const stockStandard = await addItem(
        ctx.app,
        project.token,
        alice.headers,
        printBody({ imagedata: { id: images.external, title: 'whole image object' } }),
      );
      expect(stockStandard.statusCode).toBe(201);

      for (const size of [
        { w: 0.05, h: 10 },
        { w: 10, h: 1001 },
        { w: -1, h: 10 },
      ]) {
        const res = await addItem(ctx.app, project.token, alice.headers, printBody({ size }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ size: [COMMERCE_MESSAGES.sideRange] });
      }
      const auto = await addItem(ctx.app, project.token, alice.headers, printBody({ size: 20 }));
      expect(auto.statusCode).toBe(400);
      expect(Object.keys(auto.json() as object)).toEqual(['size']);
    });

    it('refuses substrates the picture cannot take', async () => {
      const project = await newUserProject(alice);
      const res = await addItem(
        ctx.app,
        project.token,
        alice.headers,
        printBody({ imagedata: images.portrait, substrate: 'mural', size: { w: 48, h: 72 } }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ substrate: [COMMERCE_MESSAGES.substrateNotOffered] });
      const unknown = await addItem(
        ctx.app,
        project.token,
        alice.headers,
        printBody({ substrate: 'papyrus' }),
      );
      expect(unknown.statusCode).toBe(400);
      expect(Object.keys(unknown.json() as object)).toEqual(['substrate']);
    });

    it('refuses unpublished or unknown images to customers, not to staff', async () => {
      const project = await newUserProject(alice);
      const res = await addItem(
        ctx.app,
        project.token,
        alice.headers,
        printBody({ imagedata: images.unpublished }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ imagedata: [COMMERCE_MESSAGES.unpublished] });
      const byStaff = await addItem(
        ctx.app,
        project.token,
        staff.headers,
        printBody({ imagedata: images.unpublished }),
      );
      expect(byStaff.statusCode).toBe(201);
      for (const imagedata of [999_999, 2 ** 31, 1e20]) {
        const missing = await addItem(
          ctx.app,
          project.token,
          alice.headers,
          printBody({ imagedata }),
        );
        expect(missing.statusCode).toBe(400);
        expect(Object.keys(missing.json() as object)).toEqual(['imagedata']);
      }
      const absent = await addItem(ctx.app, project.token, alice.headers, {
        size: STANDARD,
        substrate: 'print',
      });
      expect(absent.statusCode).toBe(400);
      expect(Object.keys(absent.json() as object)).toEqual(['imagedata']);
    });

    it('honours quantity and location for staff only, within 1..999', async () => {
      const project = await newUserProject(alice);
      const mine = await addItem(
        ctx.app,
        project.token,
        alice.headers,
        printBody({ quantity: 7, location: 'Lobby' }),
      );
      expect(mine.json()).toMatchObject({ quantity: 1, location: '' });
      const byStaff = await addItem(
        ctx.app,
        project.token,
        staff.headers,
        printBody({ quantity: 7, location: ' Room 12 ' }),
      );
      expect(byStaff.json()).toMatchObject({ quantity: 7, location: 'Room 12' });
      for (const quantity of [0, 1000, 1.5, '3']) {
        const res = await addItem(ctx.app, project.token, staff.headers, printBody({ quantity }));
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json() as object)).toEqual(['quantity']);
      }
      const longLocation = await addItem(
        ctx.app,
        project.token,
        staff.headers,
        printBody({ location: 'x'.repeat(301) }),
      );
      expect(Object.keys(longLocation.json() as object)).toEqual(['location']);
      const nul = await addItem(
        ctx.app,
        project.token,
        staff.headers,
        printBody({ location: 'a\u0000b' }),
      );
      expect(nul.statusCode).toBe(400);
      expect(Object.keys(nul.json() as object)).toEqual(['location']);
    });

    it('puts items in a workspace of the project only', async () => {
      const project = await newUserProject(alice);
      const other = await newUserProject(alice);
      const main = project.workspaces[0]?.id ?? 0;
      const ok = await addItem(
        ctx.app,
        project.token,
        alice.headers,
        printBody({ workspace_id: main }),
      );
      expect(ok.json()).toMatchObject({ workspace: { id: main, name: 'Main' } });
      for (const workspace_id of [other.workspaces[0]?.id ?? 0, 2 ** 31 + 5]) {
        const res = await addItem(
          ctx.app,
          project.token,
          alice.headers,
          printBody({ workspace_id }),
        );
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ workspace_id: [COMMERCE_MESSAGES.workspaceNotFound] });
      }
      const bad = await addItem(
        ctx.app,
        project.token,
        alice.headers,
        printBody({ workspace_id: 'x' }),
      );
      expect(Object.keys(bad.json() as object)).toEqual(['workspace_id']);
    });

    it('raises the image’s popularity once a day per visitor, whatever the follow-ups', async () => {
      const carol = await userHeaders(ctx.app, ctx.database.db, 'popular-carol@example.com');
      const dave = await userHeaders(ctx.app, ctx.database.db, 'popular-dave@example.com');
      const popularity = async () => {
        await ctx.app.popularity.flush();
        return (
          await ctx.database.db
            .selectFrom('images')
            .select('popularity')
            .where('id', '=', images.portrait)
            .executeTakeFirstOrThrow()
        ).popularity;
      };
      const add = async (who: typeof carol) =>
        addItem(
          ctx.app,
          (await newUserProject(who)).token,
          who.headers,
          printBody({ imagedata: images.portrait, size: { w: 8, h: 12 } }),
        );
      const before = await popularity();
      expect((await add(carol)).statusCode).toBe(201);
      expect(await popularity()).toBe(before + 1);
      // Again, and SPEC §4's follow-up {"popular": true}: nothing more today.
      expect((await add(carol)).statusCode).toBe(201);
      const patch = await ctx.app.inject({
        method: 'PATCH',
        url: `/content/edit/${images.portrait}/`,
        headers: carol.headers,
        payload: { popular: true },
      });
      expect(patch.statusCode).toBe(200);
      expect(await popularity()).toBe(before + 1);
      // Another visitor's add counts.
      expect((await add(dave)).statusCode).toBe(201);
      expect(await popularity()).toBe(before + 2);
    });
  });

  describe('changing items', () => {
    it('updates quantity, size and substrate (re-priced), hides at 0, deletes', async () => {
      const project = await newUserProject(alice);
      const added = cartItem.parse(
        (await addItem(ctx.app, project.token, alice.headers, printBody())).json(),
      );
      const url = `/api/v2/projects/${project.token}/items/${added.id}/`;
      const patch = (payload: object, headers: Headers = alice.headers) =>
        ctx.app.inject({ method: 'PATCH', url, headers, payload });

      const more = await patch({ quantity: 3, unit_price: 1 });
      expect(more.statusCode).toBe(200);
      expect(cartItem.strict().parse(more.json())).toMatchObject({
        quantity: 3,
        unit_price: STANDARD_PRICE,
        line_total: 3 * STANDARD_PRICE,
      });
      const canvas = await patch({ substrate: 'canvas', size: { w: 18, h: 12 } });
      expect(canvas.json()).toMatchObject({
        unit_price: priceCents('canvas', { w: 18, h: 12 }, 1),
        config: { substrate: 'canvas', width: 18, height: 12 },
        quantity: 3,
      });
      const mural = await patch({ substrate: 'mural' });
      expect(mural.statusCode).toBe(400);
      expect(Object.keys(mural.json() as object)).toEqual(['size']);
      const tooMany = await patch({ quantity: 1000 });
      expect(Object.keys(tooMany.json() as object)).toEqual(['quantity']);
      const badWorkspace = await patch({ workspace_id: 2 ** 31 - 1 });
      expect(badWorkspace.json()).toEqual({ workspace_id: [COMMERCE_MESSAGES.workspaceNotFound] });

      const hidden = await patch({ quantity: 0 });
      expect(hidden.json()).toMatchObject({ quantity: 0, line_total: 0 });
      const shown = itemPage.parse(
        (
          await get(`/api/v2/projects/${project.token}/items/?quantity__gt=0`, alice.headers)
        ).json(),
      );
      expect(shown.count).toBe(0);
      const everything = itemPage.parse(
        (await get(`/api/v2/projects/${project.token}/items/`, alice.headers)).json(),
      );
      expect(everything.count).toBe(1);
      expect(
        strictCart.parse((await get(`/api/v2/projects/${project.token}/`, alice.headers)).json()),
      ).toMatchObject({ quantity: 0, subtotal: 0, shipping: 0, grand_total: 0 });

      const bodiless = await ctx.app.inject({ method: 'PATCH', url, headers: alice.headers });
      expect(bodiless.statusCode).toBe(200);
      const removed = await ctx.app.inject({ method: 'DELETE', url, headers: alice.headers });
      expect(removed.statusCode).toBe(204);
      expect(removed.body).toBe('');
      const again = await ctx.app.inject({ method: 'DELETE', url, headers: alice.headers });
      expect(again.statusCode).toBe(404);
      expect((await patch({ quantity: 2 })).statusCode).toBe(404);
    });

    it('refuses an item of another project, and junk item ids, with 404', async () => {
      const project = await newUserProject(alice);
      const other = await newUserProject(alice);
      const item = cartItem.parse(
        (await addItem(ctx.app, other.token, alice.headers, printBody())).json(),
      );
      for (const id of [String(item.id), '0', '2147483648', 'abc', '%00', '1e3']) {
        const res = await ctx.app.inject({
          method: 'PATCH',
          url: `/api/v2/projects/${project.token}/items/${id}/`,
          headers: alice.headers,
          payload: { quantity: 2 },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.' });
      }
    });

    it('refuses every change once the project is ordered (409), and shows the order', async () => {
      const { browser, cart: project } = await newGuestCart();
      const item = cartItem.parse(
        (await addItem(ctx.app, project.token, browser, printBody())).json(),
      );
      const orderToken = await orderProject(
        ctx.database.db,
        await projectIdOf(project.token),
        7001,
      );
      const conflict = { detail: COMMERCE_MESSAGES.ordered };
      const add = await addItem(ctx.app, project.token, browser, printBody());
      expect(add.statusCode).toBe(409);
      expect(add.json()).toEqual(conflict);
      // Even with a bad body: the project's state answers first.
      expect((await addItem(ctx.app, project.token, browser, {})).statusCode).toBe(409);
      const url = `/api/v2/projects/${project.token}/items/${item.id}/`;
      const patch = await ctx.app.inject({
        method: 'PATCH',
        url,
        headers: browser,
        payload: { quantity: 2 },
      });
      expect(patch.statusCode).toBe(409);
      expect(patch.json()).toEqual(conflict);
      const del = await ctx.app.inject({ method: 'DELETE', url, headers: browser });
      expect(del.statusCode).toBe(409);
      const migrate = await ctx.app.inject({
        method: 'POST',
        url: `/api/v2/projects/${project.token}/migrate-cart/`,
        headers: alice.headers,
      });
      expect(migrate.statusCode).toBe(409);

      const shown = strictCart.parse((await get(`/api/v2/projects/${project.token}/`)).json());
      expect(shown.latest_order).toMatchObject({
        id: orderToken,
        order_id: 7001,
        status: 'placed',
      });
      expect(shown.quantity).toBe(1);
    });
  });

  describe('access', () => {
    it('reaches a guest cart by token alone, never by id', async () => {
      const { cart: project } = await newGuestCart();
      expect((await get(`/api/v2/projects/${project.token}/`)).statusCode).toBe(200);
      expect((await get(`/api/v2/projects/${project.token}/`, bob.headers)).statusCode).toBe(200);
      const byId = await get(`/api/v2/projects/${project.project.id}/`);
      expect(byId.statusCode).toBe(404);
      expect((await get(`/api/v2/projects/${project.project.id}/`, bob.headers)).statusCode).toBe(
        404,
      );
      expect((await get(`/api/v2/projects/${project.project.id}/`, staff.headers)).statusCode).toBe(
        200,
      );
    });

    it("reaches a user's project by its owner or staff only, by token or id", async () => {
      const project = await newUserProject(alice, 'Private');
      const item = cartItem.parse(
        (await addItem(ctx.app, project.token, alice.headers, printBody())).json(),
      );
      for (const ref of [project.token, String(project.project.id)]) {
        for (const path of ['', 'items/']) {
          const url = `/api/v2/projects/${ref}/${path}`;
          expect((await get(url, alice.headers)).statusCode).toBe(200);
          expect((await get(url, staff.headers)).statusCode).toBe(200);
          const asBob = await get(url, bob.headers);
          expect(asBob.statusCode).toBe(404);
          expect(asBob.json()).toEqual({ detail: 'Not found.' });
          expect((await get(url, await guestBrowser(ctx.app))).statusCode).toBe(404);
        }
      }
      expect((await addItem(ctx.app, project.token, bob.headers, printBody())).statusCode).toBe(
        404,
      );
      expect((await addItem(ctx.app, project.token, {}, printBody())).statusCode).toBe(404);
      const bobPatch = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/v2/projects/${project.token}/items/${item.id}/`,
        headers: bob.headers,
        payload: { quantity: 5 },
      });
      expect(bobPatch.statusCode).toBe(404);
      // Writes go by token only.
      const byId = await addItem(ctx.app, String(project.project.id), alice.headers, printBody());
      expect(byId.statusCode).toBe(404);
      // Staff may add to a customer's project.
      expect((await addItem(ctx.app, project.token, staff.headers, printBody())).statusCode).toBe(
        201,
      );
    });

    it('answers 404 (never 5xx) to junk, NUL and huge references', async () => {
      for (const ref of [
        'nope',
        '0',
        '2147483648',
        '99999999999999999999',
        '%00',
        'a%00b',
        'x'.repeat(33),
        '%E2%80%AE',
        '-1',
      ]) {
        const res = await get(`/api/v2/projects/${ref}/`, staff.headers);
        expect(res.statusCode).toBe(404);
        const items = await get(`/api/v2/projects/${ref}/items/`, staff.headers);
        expect(items.statusCode).toBe(404);
        const add = await addItem(ctx.app, ref, staff.headers, printBody());
        expect(add.statusCode).toBe(404);
      }
      const unknownToken = await get(`/api/v2/projects/${'A'.repeat(32)}/`);
      expect(unknownToken.statusCode).toBe(404);
    });

    it('answers 400 to malformed JSON and bad query values', async () => {
      const { browser, cart: project } = await newGuestCart();
      const malformed = await addItem(ctx.app, project.token, browser, '{"imagedata": ');
      expect(malformed.json()).toEqual({ detail: 'JSON parse error.' });
      expect(malformed.statusCode).toBe(400);
      const nested = await addItem(ctx.app, project.token, browser, printBody({ size: { w: '' } }));
      expect(nested.statusCode).toBe(400);
      expect(nested.json()).toEqual({
        size: { w: ['A valid integer is required.'], h: ['This field is required.'] },
      });
      const notObject = await addItem(ctx.app, project.token, browser, '[1,2]');
      expect(notObject.statusCode).toBe(400);
      const create = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/projects/',
        headers: { ...browser, 'content-type': 'application/json' },
        payload: '{bad',
      });
      expect(create.statusCode).toBe(400);
      for (const query of [
        'quantity__gt=x',
        'quantity__gt=99999999999',
        'page=0',
        'page_size=-1',
      ]) {
        const res = await get(`/api/v2/projects/${project.token}/items/?${query}`);
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json() as object)).toEqual([query.split('=')[0]]);
      }
      const pastEnd = await get(`/api/v2/projects/${project.token}/items/?page=3`);
      expect(pastEnd.statusCode).toBe(404);
    });
  });

  describe('migrate-cart', () => {
    it("moves a guest cart into the user's projects; again is a no-op", async () => {
      const erin = await userHeaders(ctx.app, ctx.database.db, 'erin@example.com');
      await newUserProject(erin);
      const { browser, cart: guestCart } = await newGuestCart();
      await addItem(ctx.app, guestCart.token, browser, printBody());
      const url = `/api/v2/projects/${guestCart.token}/migrate-cart/`;
      expect((await ctx.app.inject({ method: 'POST', url, headers: browser })).statusCode).toBe(
        401,
      );

      const res = await ctx.app.inject({ method: 'POST', url, headers: erin.headers });
      expect(res.statusCode).toBe(200);
      const moved = strictCart.parse(res.json());
      expect(moved).toMatchObject({
        token: guestCart.token,
        owner: erin.uuid,
        guest_email: null,
        project: { id: guestCart.project.id, name: 'Project 2' },
        quantity: 1,
      });
      const row = await ctx.database.db
        .selectFrom('projects')
        .select(['guest_email', 'session_id'])
        .where('token', '=', guestCart.token)
        .executeTakeFirstOrThrow();
      expect(row.guest_email).toBe('guest@example.com');
      expect(row.session_id).not.toBeNull();

      const again = await ctx.app.inject({ method: 'POST', url, headers: erin.headers });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ project: { name: 'Project 2' } });
      // Now it is Erin's: the token alone no longer opens it.
      expect((await get(`/api/v2/projects/${guestCart.token}/`, browser)).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'POST', url, headers: bob.headers })).statusCode).toBe(
        404,
      );
      const profile = sessionProfile.parse((await get('/api/v2/profile/', erin.headers)).json());
      expect(profile.current_project).toEqual({ id: guestCart.project.id, name: 'Project 2' });
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/projects/nope/migrate-cart/',
        headers: erin.headers,
      });
      expect(bad.statusCode).toBe(404);
    });
  });

  describe('typeahead lists', () => {
    it('myprojects: the user’s own; staff find anyone’s by name, id or email', async () => {
      const frank = await userHeaders(ctx.app, ctx.database.db, 'frank.zed@example.com');
      const mine = await newUserProject(frank, 'Zanzibar suite');
      const own = projectPage.parse((await get('/api/v2/myprojects/', frank.headers)).json());
      expect(own.results.map((row) => row.token)).toEqual([mine.token]);
      const theirs = projectPage.parse(
        (await get('/api/v2/myprojects/?search=zanzibar', alice.headers)).json(),
      );
      expect(theirs.count).toBe(0);

      for (const search of ['zanzibar', 'frank.zed', String(mine.project.id)]) {
        const found = projectPage.parse(
          (await get(`/api/v2/myprojects/?search=${search}`, staff.headers)).json(),
        );
        expect(found.results.map((row) => row.token)).toContain(mine.token);
      }
      const { cart: guestCart } = await newGuestCart();
      const byGuestEmail = projectPage.parse(
        (await get('/api/v2/myprojects/?search=guest@example&page_size=100', staff.headers)).json(),
      );
      expect(byGuestEmail.results.map((row) => row.token)).toContain(guestCart.token);
      const small = projectPage.parse(
        (await get('/api/v2/myprojects/?page_size=1', staff.headers)).json(),
      );
      expect(small.results).toHaveLength(1);
      expect(small.count).toBeGreaterThan(1);
    });

    it("myworkspaces: the user's projects' workspaces, newest project first", async () => {
      const gina = await userHeaders(ctx.app, ctx.database.db, 'gina@example.com');
      const first = await newUserProject(gina, 'Alpha');
      const second = await newUserProject(gina, 'Beta');
      const res = await get('/api/v2/myworkspaces/', gina.headers);
      expect(res.statusCode).toBe(200);
      const page = workspacePage.strict().parse(res.json());
      expect(page.count).toBe(2);
      expect(page.results.map((row) => row.label)).toEqual(['Beta / Main', 'Alpha / Main']);
      expect(page.results[0]?.project).toEqual({
        id: second.project.id,
        name: 'Beta',
        token: second.token,
      });
      const searched = workspacePage.parse(
        (await get('/api/v2/myworkspaces/?search=alpha', gina.headers)).json(),
      );
      expect(searched.results.map((row) => row.project.id)).toEqual([first.project.id]);
      const limited = workspacePage.parse(
        (await get('/api/v2/myworkspaces/?page_size=1', gina.headers)).json(),
      );
      expect(limited).toMatchObject({ count: 2 });
      expect(limited.results).toHaveLength(1);
      const bad = await get('/api/v2/myworkspaces/?page_size=abc', gina.headers);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json() as object)).toEqual(['page_size']);
    });
  });

  describe('profile and docs', () => {
    it("the profile's current project follows adds into another project", async () => {
      const hank = await userHeaders(ctx.app, ctx.database.db, 'hank@example.com');
      const first = await newUserProject(hank, 'First');
      await newUserProject(hank, 'Second');
      await addItem(ctx.app, first.token, hank.headers, printBody());
      const profile = sessionProfile.parse((await get('/api/v2/profile/', hank.headers)).json());
      expect(profile.current_project).toEqual({ id: first.project.id, name: 'First' });
      expect(profile.current_workspace).toEqual({ name: 'Main' });
    });

    it('documents the routes under the projects tag', async () => {
      const doc = (await get('/api/docs/json')).json<{
        paths: Record<string, Record<string, { tags?: string[] }>>;
      }>();
      for (const path of [
        '/api/v2/projects/',
        '/api/v2/projects/{ref}/',
        '/api/v2/projects/{ref}/items/',
        '/api/v2/projects/{ref}/items/{itemId}/',
        '/api/v2/projects/{ref}/migrate-cart/',
        '/api/v2/myprojects/',
        '/api/v2/myworkspaces/',
      ]) {
        expect(doc.paths[path]).toBeDefined();
        expect(Object.values(doc.paths[path] ?? {})[0]?.tags).toEqual(['projects']);
      }
    });
  });
});
