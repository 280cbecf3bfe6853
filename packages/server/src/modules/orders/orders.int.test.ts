import {
  COMMERCE_MESSAGES,
  order as orderSchema,
  orderSummary,
  pageOf,
  type Order,
} from '@atelier/contracts';
import { outbox } from '../auth/testing';
import {
  insertItem,
  insertProject,
  postCheckout,
  checkoutBody,
  publishedImages,
} from '../checkout/testing';
import { testUser, type TestUser } from '../collections/testing';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { createOrderRepository } from './repository';
import { ORDER_MESSAGES } from './service';

const orderPage = pageOf(orderSummary);
const NOT_FOUND = { detail: 'Not found.' };
const SIGN_IN = { detail: 'Authentication credentials were not provided.' };
const DENIED = { detail: 'You do not have permission to perform this action.' };

describe.each(TEST_DRIVERS)('orders on %s', (driver) => {
  let ctx: TestContext;
  let owner: TestUser;
  let other: TestUser;
  let staff: TestUser;
  let imageId: number;
  /** The owner's two orders (invoice, then purchase order) and a guest's. */
  let ownerInvoice: Order;
  let ownerPo: Order;
  let guestOrder: Order;

  const place = async (
    as: TestUser | null,
    method: 'invoice' | 'purchase_order',
  ): Promise<Order> => {
    const project = await insertProject(ctx.database.db, { owner: as });
    await insertItem(ctx.database.db, project.id, { imageId, w: 12, h: 8, quantity: 2 });
    const res = await postCheckout(ctx.app, project.token, {
      as,
      body: checkoutBody({ payment_method: method }),
    });
    if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
    return orderSchema.parse(res.json());
  };
  const get = (id: string | number, as: TestUser | null = null) =>
    ctx.app.inject({ url: `/api/v2/orders/${id}/`, headers: as ? as.headers : {} });
  const list = (query: string, as: TestUser | null) =>
    ctx.app.inject({ url: `/api/v2/orders/${query}`, headers: as ? as.headers : {} });
  const patch = (id: string | number, payload: unknown, as: TestUser | null) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/orders/${id}/`,
      headers: as ? as.headers : {},
      payload: payload as string,
    });

  beforeAll(async () => {
    ctx = await createTestApp(driver, { images: 30 });
    [imageId = 0] = await publishedImages(ctx.database.db, 1);
    owner = await testUser(ctx.app, ctx.database, 'owner@example.com');
    other = await testUser(ctx.app, ctx.database, 'other@example.com');
    staff = await testUser(ctx.app, ctx.database, 'staff@example.com', { staff: true });
    ownerInvoice = await place(owner, 'invoice');
    ownerPo = await place(owner, 'purchase_order');
    guestOrder = await place(null, 'purchase_order');
  });
  afterAll(() => ctx.close());

  describe('the list', () => {
    it('needs a signed-in user', async () => {
      const res = await list('', null);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(SIGN_IN);
    });

    it("shows a user their projects' orders, newest first; others see none of them", async () => {
      const mine = orderPage.parse((await list('', owner)).json());
      expect(mine.count).toBe(2);
      expect(mine.results.map((o) => o.id)).toEqual([ownerPo.id, ownerInvoice.id]);
      expect(mine.results[0]).toMatchObject({
        order_id: ownerPo.order_id,
        status: 'placed',
        grand_total: ownerPo.grand_total,
        project: { id: ownerPo.project.id, name: ownerPo.project.name },
      });
      expect(mine).toMatchObject({ next: null, previous: null });
      const theirs = orderPage.parse((await list('', other)).json());
      expect(theirs).toEqual({ count: 0, next: null, previous: null, results: [] });
    });

    it('shows staff every order, or their own with ?mine=1', async () => {
      const all = orderPage.parse((await list('', staff)).json());
      expect(all.results.map((o) => o.id)).toEqual([guestOrder.id, ownerPo.id, ownerInvoice.id]);
      const own = orderPage.parse((await list('?mine=1', staff)).json());
      expect(own.count).toBe(0);
    });

    it('pages with page and page_size (DRF links), and refuses bad values', async () => {
      const first = orderPage.parse((await list('?page_size=1', staff)).json());
      expect(first.count).toBe(3);
      expect(first.results.map((o) => o.id)).toEqual([guestOrder.id]);
      expect(first.previous).toBeNull();
      expect(first.next).toBe('http://localhost/api/v2/orders/?page_size=1&page=2');
      const second = orderPage.parse((await list('?page_size=1&page=2', staff)).json());
      expect(second.results.map((o) => o.id)).toEqual([ownerPo.id]);
      expect(second.previous).toBe('http://localhost/api/v2/orders/?page_size=1');
      const beyond = await list('?page=9', staff);
      expect(beyond.statusCode).toBe(404);
      expect(beyond.json()).toEqual({ detail: ORDER_MESSAGES.invalidPage });
      for (const [query, field] of [
        ['?page_size=101', 'page_size'],
        ['?page_size=0', 'page_size'],
        ['?page=zero', 'page'],
        ['?mine=maybe', 'mine'],
        ['?page=%00', 'page'],
      ] as const) {
        const res = await list(query, staff);
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json())).toEqual([field]);
      }
    });
  });

  describe('one order', () => {
    it("opens by its token for anyone holding it (a guest's emailed link)", async () => {
      const res = await get(guestOrder.id);
      expect(res.statusCode).toBe(200);
      expect(orderSchema.parse(res.json())).toEqual(guestOrder);
      expect((await get(ownerPo.id, other)).statusCode).toBe(200);
    });

    it('opens by its number for its owner and staff only', async () => {
      expect(orderSchema.parse((await get(ownerPo.order_id, owner)).json()).id).toBe(ownerPo.id);
      expect((await get(ownerPo.order_id, staff)).statusCode).toBe(200);
      expect((await get(guestOrder.order_id, staff)).statusCode).toBe(200);
      for (const [id, as] of [
        [ownerPo.order_id, other],
        [ownerPo.order_id, null],
        [guestOrder.order_id, owner],
        ['A'.repeat(32), owner],
        ['99999999999', staff],
        ['nonsense', staff],
        ['%00', staff],
      ] as const) {
        const res = await get(id, as);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    });
  });

  describe('staff moving an order', () => {
    it('is for staff only, and 404 for no order', async () => {
      const guest = await patch(ownerInvoice.id, { status: 'paid' }, null);
      expect(guest.statusCode).toBe(401);
      const user = await patch(ownerInvoice.id, { status: 'paid' }, owner);
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual(DENIED);
      const none = await patch('B'.repeat(32), { status: 'paid' }, staff);
      expect(none.statusCode).toBe(404);
    });

    it('names a missing or bad field, and refuses NULs and malformed JSON', async () => {
      const cases: [unknown, Record<string, unknown>][] = [
        [{}, { status: ['This field is required.'] }],
        [{ status: 'lost' }, { status: ['"lost" is not a valid choice.'] }],
        [{ status: null }, { status: ['This field may not be null.'] }],
        [
          { status: 'paid', note: 'n'.repeat(1001) },
          { note: ['Ensure this field has no more than 1000 characters.'] },
        ],
        [{ status: 'paid', note: 'a\u0000b' }, { note: ['Null characters are not allowed.'] }],
        [[], { non_field_errors: ['Invalid data. Expected a dictionary.'] }],
      ];
      for (const [body, errors] of cases) {
        const res = await patch(ownerInvoice.order_id, body, staff);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(errors);
      }
      const malformed = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/v2/orders/${ownerInvoice.id}/`,
        headers: { ...staff.headers, 'content-type': 'application/json' },
        payload: '{"status": "paid"',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ detail: 'JSON parse error.' });
    });

    it('follows ORDER_TRANSITIONS and records who moved it and why', async () => {
      const notYet = await patch(ownerInvoice.id, { status: 'shipped' }, staff);
      expect(notYet.statusCode).toBe(400);
      expect(notYet.json()).toEqual({ status: [COMMERCE_MESSAGES.statusTransition] });

      const paid = await patch(
        ownerInvoice.order_id,
        { status: 'paid', note: '  Cheque 1234 received.  ' },
        staff,
      );
      expect(paid.statusCode).toBe(200);
      const order = orderSchema.parse(paid.json());
      expect(order.status).toBe('paid');
      expect(order.history.map((h) => [h.status, h.note])).toEqual([
        ['awaiting payment', expect.any(String)],
        ['paid', 'Cheque 1234 received.'],
      ]);
      const rows = await ctx.database.db
        .selectFrom('order_status_history')
        .select(['status', 'actor_id'])
        .where(
          'order_id',
          '=',
          ctx.database.db.selectFrom('orders').select('id').where('token', '=', order.id),
        )
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { status: 'awaiting payment', actor_id: null },
        { status: 'paid', actor_id: staff.id },
      ]);
      const twice = await patch(ownerInvoice.id, { status: 'paid' }, staff);
      expect(twice.statusCode).toBe(400);

      const mailsBefore = (await outbox(ctx.config.outboxDir)).length;
      expect((await patch(ownerInvoice.id, { status: 'in production' }, staff)).statusCode).toBe(
        200,
      );
      const shipped = await patch(
        ownerInvoice.id,
        {
          status: 'shipped',
          note: 'Left at reception.',
          carrier: 'ups',
          tracking_number: '1Z999AA10123456784',
        },
        staff,
      );
      expect(orderSchema.parse(shipped.json()).status).toBe('shipped');
      const mails = await outbox(ctx.config.outboxDir);
      // One for in production, one for shipped.
      expect(mails).toHaveLength(mailsBefore + 2);
      const mail = mails[mails.length - 1]?.text ?? '';
      expect(mail).toContain(`Subject: Your Atelier order #${ownerInvoice.order_id} has shipped`);
      expect(mail).toContain(`http://localhost/orders/${ownerInvoice.id}`);
      expect(
        (await patch(ownerInvoice.id, { status: 'cancelled', reason: 'Too late.' }, staff))
          .statusCode,
      ).toBe(400);
    });

    it('lets only one of several staff making the same move at once win', async () => {
      const order = await place(null, 'invoice');
      const answers = await Promise.all(
        [1, 2, 3].map(() => patch(order.id, { status: 'paid' }, staff)),
      );
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
      for (const res of answers.filter((r) => r.statusCode !== 200)) {
        expect([400, 409]).toContain(res.statusCode);
      }
      const final = orderSchema.parse((await get(order.id)).json());
      expect(final.history.map((h) => h.status)).toEqual(['awaiting payment', 'paid']);
    });

    it('moves optimistically: of two moves from the same status, one finds it moved', async () => {
      const order = await place(null, 'invoice');
      const repository = createOrderRepository(ctx.database.db);
      const row = await repository.find({ token: order.id });
      if (!row) throw new Error('no order');
      const moves = await Promise.all([
        repository.move(row.id, 'awaiting payment', 'paid', { note: '', actorId: staff.id }),
        repository.move(row.id, 'awaiting payment', 'cancelled', { note: '', actorId: staff.id }),
      ]);
      expect(moves.filter(Boolean)).toHaveLength(1);
      const final = orderSchema.parse((await get(order.id)).json());
      expect(final.history).toHaveLength(2);
    });
  });
});
