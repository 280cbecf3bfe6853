import {
  COMMERCE_MESSAGES,
  order as orderSchema,
  paymentMethodsResponse,
  priceCents,
  projectTotals,
  type Order,
} from '@atelier/contracts';
import { outbox } from '../auth/testing';
import { testUser, type TestUser } from '../collections/testing';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import {
  checkoutBody,
  insertItem,
  insertProject,
  postCheckout,
  publishedImages,
  validAddress,
} from './testing';
import { CHECKOUT_MESSAGES } from './validation';

const NOT_FOUND = { detail: 'Not found.' };

describe.each(TEST_DRIVERS)('checkout on %s', (driver) => {
  let ctx: TestContext;
  let owner: TestUser;
  let other: TestUser;
  let staff: TestUser;
  let images: number[];

  beforeAll(async () => {
    ctx = await createTestApp(driver, {
      images: 30,
      config: { publicUrl: 'https://shop.example' },
    });
    images = await publishedImages(ctx.database.db, 10);
    owner = await testUser(ctx.app, ctx.database, 'owner@example.com');
    other = await testUser(ctx.app, ctx.database, 'other@example.com');
    staff = await testUser(ctx.app, ctx.database, 'staff@example.com', { staff: true });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const image = (i: number): number => {
    const id = images[i];
    if (id === undefined) throw new Error(`no image ${i}`);
    return id;
  };

  /** A guest's cart of two items (one of them in a workspace, with a tampered price). */
  async function guestCart() {
    const project = await insertProject(db());
    await insertItem(db(), project.id, {
      imageId: image(0),
      w: 12,
      h: 8,
      quantity: 3,
      unitPrice: 1,
    });
    await insertItem(db(), project.id, {
      imageId: image(1),
      w: 24,
      h: 16,
      substrate: 'canvas',
      quantity: 2,
      unitPrice: 999_999,
      workspaceId: project.workspaceId,
      location: 'Lobby, north wall',
    });
    // Hidden by quantity 0: not ordered.
    await insertItem(db(), project.id, { imageId: image(2), w: 12, h: 8, quantity: 0 });
    return project;
  }

  it('offers purchase orders and invoices without Stripe, never a card', async () => {
    const res = await ctx.app.inject({ url: '/api/v2/payment-methods/' });
    expect(res.statusCode).toBe(200);
    const body = paymentMethodsResponse.parse(res.json());
    expect(body.methods.map((m) => [m.value, m.label])).toEqual([
      ['purchase_order', 'Purchase order'],
      ['invoice', 'Invoice'],
    ]);
    expect(body.methods.every((m) => m.description.length > 10)).toBe(true);
    expect(body.stripe_publishable_key).toBeNull();
  });

  it('orders a guest cart: server prices, totals, snapshot, history, email, popularity', async () => {
    const project = await guestCart();
    await db().updateTable('images').set({ price: 2 }).where('id', '=', image(1)).execute();
    await db()
      .updateTable('artists')
      .set({ royalty_rate_bp: 1234 })
      .where('id', '=', db().selectFrom('images').select('artist_id').where('id', '=', image(1)))
      .execute();
    const popularityBefore = await db()
      .selectFrom('images')
      .select(['id', 'popularity', 'price'])
      .where('id', 'in', [image(0), image(1)])
      .orderBy('id')
      .execute();
    const mailsBefore = (await outbox(ctx.config.outboxDir)).length;

    const res = await postCheckout(ctx.app, project.token, { key: 'first-try' });
    expect(res.statusCode).toBe(201);
    const order = orderSchema.parse(res.json());

    // Prices from the price model, never the rows' 1 and 999999.
    const tier = (id: number) => popularityBefore.find((row) => row.id === id)?.price as 1 | 2;
    const first = priceCents('print', { w: 12, h: 8 }, tier(image(0)));
    const second = priceCents('canvas', { w: 24, h: 16 }, 2);
    expect(order.lines.map((l) => [l.image_id, l.quantity, l.unit_price, l.line_total])).toEqual([
      [image(0), 3, first, first * 3],
      [image(1), 2, second, second * 2],
    ]);
    const totals = projectTotals([
      { width: 12, height: 8, substrate: 'print', quantity: 3, unitPrice: first },
      { width: 24, height: 16, substrate: 'canvas', quantity: 2, unitPrice: second },
    ]);
    expect(order).toMatchObject({ ...totals, status: 'placed', payment_method: 'purchase_order' });
    expect(totals.volume_discount_rate).toBe(5);
    expect(order).toMatchObject({
      email: 'buyer@example.com',
      po_number: 'PO-2025-001',
      shipping_address: validAddress,
      project: { id: project.id, token: project.token, name: 'Cart' },
      payment_client_secret: null,
    });
    expect(order.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(order.order_id).toBeGreaterThanOrEqual(1001);
    expect(order.lines[1]).toMatchObject({
      workspace: 'Main',
      location: 'Lobby, north wall',
      substrate: 'canvas',
      size_label: '24" x 16"',
      width: 24,
      height: 16,
    });
    expect(order.lines[0]?.thumb).toMatch(/^\/media\//);
    expect(order.history).toEqual([
      { status: 'placed', note: expect.any(String), created: expect.any(String) },
    ]);

    // The snapshot: image, artist and royalty at the artist's rate.
    const lines = await db()
      .selectFrom('order_lines as l')
      .innerJoin('images as i', 'i.id', 'l.image_id')
      .innerJoin('artists as a', 'a.id', 'i.artist_id')
      .select([
        'l.image_title',
        'i.title',
        'l.image_local_id',
        'i.local_id',
        'l.image_source',
        'i.source',
        'l.artist_id',
        'a.id as aid',
        'l.artist_name',
        'a.name',
        'l.royalty_code',
        'a.royalty_code as code',
        'l.royalty_rate_bp',
        'a.royalty_rate_bp as bp',
        'l.royalty',
        'l.line_total',
        'l.custom',
      ])
      .orderBy('l.id')
      .where(
        'l.order_id',
        '=',
        db().selectFrom('orders').select('id').where('token', '=', order.id),
      )
      .execute();
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.image_title).toBe(line.title);
      expect(line.image_local_id).toBe(line.local_id);
      expect(line.image_source).toBe(line.source);
      expect(line.artist_id).toBe(line.aid);
      expect(line.artist_name).toBe(line.name);
      expect(line.royalty_code).toBe(line.code);
      expect(line.royalty_rate_bp).toBe(line.bp);
      expect(line.royalty).toBe(Math.round((line.line_total * line.bp) / 10_000));
    }
    expect(lines[1]?.royalty_rate_bp).toBe(1234);
    expect(lines[1]?.royalty).toBe(Math.round((second * 2 * 1234) / 10_000));

    // The confirmation email, with the order's link from PUBLIC_URL.
    const mails = await outbox(ctx.config.outboxDir);
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails[mails.length - 1]?.text ?? '';
    expect(mail).toContain(`Subject: Your Atelier order #${order.order_id}`);
    expect(mail).toContain('To: buyer@example.com');
    expect(mail).toMatch(new RegExp(`^https://shop\\.example/orders/${order.id}$`, 'm'));

    // Popularity rises by the quantities ordered.
    await ctx.app.popularity.flush();
    const after = await db()
      .selectFrom('images')
      .select(['id', 'popularity'])
      .where('id', 'in', [image(0), image(1)])
      .orderBy('id')
      .execute();
    const raised = after.map((row, i) => row.popularity - (popularityBefore[i]?.popularity ?? 0));
    expect(raised).toEqual(image(0) < image(1) ? [3, 2] : [2, 3]);

    // The same key answers the same order, with the same status and body.
    const replay = await postCheckout(ctx.app, project.token, { key: 'first-try' });
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(res.body);
    // Any other submission is refused.
    const again = await postCheckout(ctx.app, project.token, { key: 'second-try' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: COMMERCE_MESSAGES.alreadyOrdered });
    expect((await outbox(ctx.config.outboxDir)).length).toBe(mailsBefore + 1);
    const count = await db()
      .selectFrom('orders')
      .select(db().fn.countAll<number>().as('n'))
      .where('project_id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('20 concurrent checkouts of one project, same and different keys: exactly one order', async () => {
    const project = await guestCart();
    const keys = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 'shared-key' : `own-${i}`));
    const answers = await Promise.all(
      keys.map((key) => postCheckout(ctx.app, project.token, { key })),
    );
    const rows = await db()
      .selectFrom('orders')
      .select(['id', 'token'])
      .where('project_id', '=', project.id)
      .execute();
    expect(rows).toHaveLength(1);
    const created = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode === 409);
    expect(created.length + refused.length).toBe(20);
    expect(created.length).toBeGreaterThanOrEqual(1);
    // Every 201 is the one order, with the same body.
    expect(new Set(created.map((res) => res.body)).size).toBe(1);
    expect(orderSchema.parse(created[0]?.json()).id).toBe(rows[0]?.token);
    for (const res of refused)
      expect(res.json()).toEqual({ detail: COMMERCE_MESSAGES.alreadyOrdered });
    // The winning key (shared or own) is the only one stored.
    const stored = await db()
      .selectFrom('checkout_keys')
      .select('key')
      .where('project_id', '=', project.id)
      .execute();
    expect(stored).toHaveLength(1);
    const winner = stored[0]?.key ?? '';
    answers.forEach((res, i) => {
      expect(res.statusCode).toBe(keys[i] === winner ? 201 : 409);
    });
  });

  it('invoices await payment; cards are refused without Stripe', async () => {
    const invoiced = await guestCart();
    const res = await postCheckout(ctx.app, invoiced.token, {
      body: checkoutBody({ payment_method: 'invoice', po_number: undefined }),
    });
    expect(res.statusCode).toBe(201);
    const order: Order = orderSchema.parse(res.json());
    expect(order.status).toBe('awaiting payment');
    expect(order.po_number).toBeNull();
    expect(order.payment_client_secret).toBeNull();

    const carded = await guestCart();
    const card = await postCheckout(ctx.app, carded.token, {
      body: checkoutBody({ payment_method: 'card' }),
    });
    expect(card.statusCode).toBe(400);
    expect(card.json()).toEqual({ payment_method: [COMMERCE_MESSAGES.paymentMethodUnavailable] });
  });

  it('refuses an empty project and one with an unpublished image', async () => {
    const empty = await insertProject(db());
    await insertItem(db(), empty.id, { imageId: image(0), w: 12, h: 8, quantity: 0 });
    const res = await postCheckout(ctx.app, empty.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [COMMERCE_MESSAGES.emptyProject] });

    const hidden = await insertProject(db());
    await insertItem(db(), hidden.id, { imageId: image(5), w: 12, h: 8 });
    await insertItem(db(), hidden.id, { imageId: image(6), w: 12, h: 8 });
    await db().updateTable('images').set({ published: false }).where('id', '=', image(6)).execute();
    try {
      const refused = await postCheckout(ctx.app, hidden.token);
      expect(refused.statusCode).toBe(400);
      const body = refused.json<{ non_field_errors: string[] }>();
      expect(body.non_field_errors[0]).toBe(COMMERCE_MESSAGES.unpublished);
      expect(body.non_field_errors[1]).toContain(`image ${image(6)}`);
    } finally {
      await db()
        .updateTable('images')
        .set({ published: true })
        .where('id', '=', image(6))
        .execute();
    }
    const orders = await db()
      .selectFrom('orders')
      .select('id')
      .where('project_id', 'in', [empty.id, hidden.id])
      .execute();
    expect(orders).toEqual([]);
  });

  it('never loses an add that races a checkout: it is in the order, or refused with 409', async () => {
    const size = (await ctx.app.inject({ url: `/api/images/${image(5)}/` })).json<{
      substrate_sizes: Array<{ value: { w: number; h: number } }>;
    }>().substrate_sizes[0]?.value;
    for (let round = 0; round < 6; round += 1) {
      const project = await insertProject(db());
      await insertItem(db(), project.id, { imageId: image(4), w: 12, h: 8 });
      const [add, checkout] = await Promise.all([
        ctx.app.inject({
          method: 'POST',
          url: `/api/v2/projects/${project.token}/items/`,
          payload: { imagedata: image(5), size, substrate: 'print' },
        }),
        postCheckout(ctx.app, project.token),
      ]);
      expect(checkout.statusCode).toBe(201);
      const lines = await db()
        .selectFrom('order_lines')
        .innerJoin('orders', 'orders.id', 'order_lines.order_id')
        .select('order_lines.image_id')
        .where('orders.project_id', '=', project.id)
        .execute();
      if (add.statusCode === 201) expect(lines).toHaveLength(2);
      else {
        expect(add.statusCode).toBe(409);
        expect(lines).toHaveLength(1);
      }
    }
  });

  it("leaves the ordered project no one's current project", async () => {
    const mine = await insertProject(db(), { owner });
    await insertItem(db(), mine.id, { imageId: image(4), w: 12, h: 8 });
    await db()
      .insertInto('profiles')
      .values({ user_id: owner.id, current_project_id: mine.id, current_workspace_name: 'Main' })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          current_project_id: mine.id,
          current_workspace_name: 'Main',
        }),
      )
      .execute();
    expect((await postCheckout(ctx.app, mine.token, { as: owner })).statusCode).toBe(201);
    const profile = await db()
      .selectFrom('profiles')
      .select(['current_project_id', 'current_workspace_name'])
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ current_project_id: null, current_workspace_name: null });
  });

  it("reaches a guest's cart by its token, a user's project by its owner or staff only", async () => {
    const mine = await insertProject(db(), { owner });
    await insertItem(db(), mine.id, { imageId: image(3), w: 12, h: 8 });
    for (const as of [null, other]) {
      const res = await postCheckout(ctx.app, mine.token, { as });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const unknown = await postCheckout(ctx.app, 'A'.repeat(32));
    expect(unknown.statusCode).toBe(404);
    const malformed = await postCheckout(ctx.app, 'not-a-token');
    expect(malformed.statusCode).toBe(404);

    const res = await postCheckout(ctx.app, mine.token, { as: owner });
    expect(res.statusCode).toBe(201);
    const order = orderSchema.parse(res.json());
    const row = await db()
      .selectFrom('orders')
      .select('owner_id')
      .where('token', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(owner.id);

    const staffs = await insertProject(db(), { owner });
    await insertItem(db(), staffs.id, { imageId: image(3), w: 12, h: 8 });
    const byStaff = await postCheckout(ctx.app, staffs.token, { as: staff });
    expect(byStaff.statusCode).toBe(201);
  });

  it('needs an Idempotency-Key of 1–255 printable characters', async () => {
    const project = await guestCart();
    const missing = await postCheckout(ctx.app, project.token, { key: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      'Idempotency-Key': [COMMERCE_MESSAGES.idempotencyKeyRequired],
    });
    const empty = await postCheckout(ctx.app, project.token, { key: '' });
    expect(empty.json()).toEqual({ 'Idempotency-Key': [COMMERCE_MESSAGES.idempotencyKeyRequired] });
    for (const key of ['k'.repeat(256), 'clé']) {
      const res = await postCheckout(ctx.app, project.token, { key });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ 'Idempotency-Key': [CHECKOUT_MESSAGES.idempotencyKeyInvalid] });
    }
    const longest = await postCheckout(ctx.app, project.token, { key: '~'.repeat(255) });
    expect(longest.statusCode).toBe(201);
  });

  describe('the body, field by field', () => {
    let token: string;
    beforeAll(async () => {
      ({ token } = await guestCart());
    });

    const refused = async (body: unknown): Promise<Record<string, unknown>> => {
      const res = await postCheckout(ctx.app, token, { body });
      expect(res.statusCode).toBe(400);
      return res.json<Record<string, unknown>>();
    };
    const withAddress = (changes: Record<string, unknown>) =>
      checkoutBody({ shipping_address: { ...validAddress, ...changes } as never });

    it.each(['email', 'shipping_address', 'payment_method'])('requires %s', async (field) => {
      const body: Record<string, unknown> = { ...checkoutBody() };
      delete body[field];
      expect(await refused(body)).toEqual({ [field]: ['This field is required.'] });
    });

    it.each(['name', 'line1', 'city', 'region', 'postal_code', 'country'])(
      'requires shipping_address.%s, and refuses it blank',
      async (field) => {
        const address: Record<string, unknown> = { ...validAddress };
        delete address[field];
        expect(await refused(checkoutBody({ shipping_address: address as never }))).toEqual({
          shipping_address: { [field]: ['This field is required.'] },
        });
        const blank = await refused(withAddress({ [field]: '   ' }));
        expect(blank).toEqual({ shipping_address: { [field]: ['This field may not be blank.'] } });
      },
    );

    it('checks the email, lengths, the country and the postal code of the country', async () => {
      expect(await refused(checkoutBody({ email: 'not-an-email' }))).toEqual({
        email: [CHECKOUT_MESSAGES.email],
      });
      expect(await refused(withAddress({ name: 'n'.repeat(101) }))).toEqual({
        shipping_address: { name: ['Ensure this field has no more than 100 characters.'] },
      });
      expect(await refused(withAddress({ country: 'XX' }))).toEqual({
        shipping_address: { country: [CHECKOUT_MESSAGES.country] },
      });
      expect(await refused(withAddress({ country: 'USA' }))).toMatchObject({
        shipping_address: { country: expect.any(Array) },
      });
      for (const zip of ['1234', '123456', '12345-67', 'ABCDE']) {
        expect(await refused(withAddress({ postal_code: zip }))).toEqual({
          shipping_address: { postal_code: [CHECKOUT_MESSAGES.usZip] },
        });
      }
      for (const code of ['K1A0B', 'D1A 0B1', '12345']) {
        expect(await refused(withAddress({ country: 'CA', postal_code: code }))).toEqual({
          shipping_address: { postal_code: [CHECKOUT_MESSAGES.caPostalCode] },
        });
      }
      expect(await refused(withAddress({ phone: 'call me' }))).toEqual({
        shipping_address: { phone: [CHECKOUT_MESSAGES.phone] },
      });
      expect(await refused(checkoutBody({ payment_method: 'cash' as never }))).toEqual({
        payment_method: ['"cash" is not a valid choice.'],
      });
      expect(await refused(checkoutBody({ po_number: undefined }))).toEqual({
        po_number: [COMMERCE_MESSAGES.poNumberRequired],
      });
      expect(await refused(checkoutBody({ po_number: 'p'.repeat(65) }))).toEqual({
        po_number: ['Ensure this field has no more than 64 characters.'],
      });
    });

    it('refuses NUL and control characters, malformed JSON and non-objects with a 4xx', async () => {
      expect(await refused(checkoutBody({ email: 'a\u0000@example.com' }))).toEqual({
        email: ['Null characters are not allowed.'],
      });
      expect(await refused(withAddress({ line1: '1 Main St\u0000' }))).toEqual({
        shipping_address: { line1: ['Null characters are not allowed.'] },
      });
      expect(await refused(withAddress({ city: 'Paris\nFrance' }))).toEqual({
        shipping_address: { city: ['Control characters are not allowed.'] },
      });
      expect(await refused(checkoutBody({ po_number: '\ud800' }))).toEqual({
        po_number: ['Enter valid text.'],
      });
      expect(await refused('{"email": ')).toEqual({ detail: 'JSON parse error.' });
      expect(await refused('"\\u0000"')).toEqual({
        non_field_errors: ['Invalid data. Expected a dictionary.'],
      });
      expect(await refused([])).toEqual({
        non_field_errors: ['Invalid data. Expected a dictionary.'],
      });
      expect(await refused(checkoutBody({ shipping_address: 'here' as never }))).toEqual({
        shipping_address: ['Invalid data. Expected a dictionary.'],
      });
      const text = await ctx.app.inject({
        method: 'POST',
        url: `/api/v2/projects/${token}/checkout/`,
        headers: { 'idempotency-key': 'k', 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(text.statusCode).toBe(400);
      expect(text.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
    });

    it('normalises what it keeps: trimmed, upper-case country, Canadian code spaced', async () => {
      const res = await postCheckout(ctx.app, token, {
        body: {
          ...checkoutBody({ payment_method: 'invoice', email: '  Ada@EXAMPLE.com ' }),
          shipping_address: {
            name: '  Ada  ',
            line1: '1 Rue',
            city: 'Ottawa',
            region: 'ON',
            postal_code: 'k1a0b1',
            country: 'ca',
            company: '',
          },
        },
      });
      expect(res.statusCode).toBe(201);
      const order = orderSchema.parse(res.json());
      expect(order.email).toBe('Ada@example.com');
      expect(order.shipping_address).toEqual({
        name: 'Ada',
        line1: '1 Rue',
        city: 'Ottawa',
        region: 'ON',
        postal_code: 'K1A 0B1',
        country: 'CA',
      });
      expect(order.po_number).toBe('PO-2025-001');
    });
  });
});
