import {
  COMMERCE_MESSAGES,
  ORDER_FULFILMENT_MESSAGES,
  order as orderSchema,
  staffOrder,
  staffOrderPage,
  type Order,
} from '@atelier/contracts';
import { outbox } from '../auth/testing';
import {
  checkoutBody,
  insertItem,
  insertProject,
  postCheckout,
  publishedImages,
} from '../checkout/testing';
import { testUser, type TestUser } from '../collections/testing';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';

const UPS = '1Z999AA10123456784';

describe.each(TEST_DRIVERS)('order fulfilment in manage on %s', (driver) => {
  let ctx: TestContext;
  let customer: TestUser;
  let staff: TestUser;
  let imageId: number;

  const place = async (name: string, email: string): Promise<Order> => {
    const project = await insertProject(ctx.database.db, { owner: customer });
    await insertItem(ctx.database.db, project.id, { imageId, w: 12, h: 8, quantity: 1 });
    const body = checkoutBody({ payment_method: 'purchase_order' });
    const res = await postCheckout(ctx.app, project.token, {
      as: customer,
      body: { ...body, email, shipping_address: { ...body.shipping_address, name } },
    });
    if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
    return orderSchema.parse(res.json());
  };
  const move = (id: string, payload: unknown, as: TestUser | null = staff) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/orders/${id}/`,
      headers: as ? as.headers : {},
      payload: payload as string,
    });
  const staffList = (query = '', as: TestUser | null = staff) =>
    ctx.app.inject({ url: `/api/order/${query}`, headers: as ? as.headers : {} });
  const lastMail = async () => (await outbox(ctx.config.outboxDir)).at(-1)?.text ?? '';
  const mailCount = async () => (await outbox(ctx.config.outboxDir)).length;

  let ada: Order;
  let grace: Order;
  let alan: Order;

  beforeAll(async () => {
    ctx = await createTestApp(driver, { images: 10 });
    [imageId = 0] = await publishedImages(ctx.database.db, 1);
    customer = await testUser(ctx.app, ctx.database, 'buyer@example.com');
    staff = await testUser(ctx.app, ctx.database, 'fulfil@example.com', { staff: true });
    ada = await place('Ada Lovelace', 'ada@example.com');
    grace = await place('Grace Hopper', 'grace@example.com');
    alan = await place('Alan Turing', 'alan@example.com');
  });
  afterAll(() => ctx.close());

  describe('the staff list', () => {
    it('is for staff only', async () => {
      expect((await staffList('', null)).statusCode).toBe(401);
      expect((await staffList('', customer)).statusCode).toBe(403);
      expect(
        (await ctx.app.inject({ url: `/api/order/${ada.order_id}/`, headers: customer.headers }))
          .statusCode,
      ).toBe(403);
    });

    it('lists every order newest first with the customer name, and pages', async () => {
      const page = staffOrderPage.parse((await staffList('?limit=2')).json());
      expect(page.count).toBe(3);
      expect(page.results.map((o) => [o.order_id, o.customer_name])).toEqual([
        [alan.order_id, 'Alan Turing'],
        [grace.order_id, 'Grace Hopper'],
      ]);
      expect(page.next).toBe('http://localhost/api/order/?limit=2&offset=2');
      const second = staffOrderPage.parse((await staffList('?page=2&page_size=2')).json());
      expect(second.results.map((o) => o.order_id)).toEqual([ada.order_id]);
    });

    it('searches by order number, email and name; filters by status; orders by total', async () => {
      const ids = async (query: string) =>
        staffOrderPage.parse((await staffList(query)).json()).results.map((o) => o.order_id);
      expect(await ids(`?search=${grace.order_id}`)).toEqual([grace.order_id]);
      expect(await ids(`?search=%23${grace.order_id}`)).toEqual([grace.order_id]);
      expect(await ids('?search=ADA%40example')).toEqual([ada.order_id]);
      expect(await ids('?search=turing')).toEqual([alan.order_id]);
      expect(await ids('?search=nobody')).toEqual([]);
      expect(await ids('?status=shipped')).toEqual([]);
      expect((await ids('?status=placed')).length).toBeGreaterThanOrEqual(1);
      expect(await ids('?ordering=created')).toEqual([ada, grace, alan].map((o) => o.order_id));
      const bad = await staffList('?status=lost');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ status: ['"lost" is not a valid choice.'] });
      expect((await staffList('?limit=101')).statusCode).toBe(400);
    });
  });

  describe('moving an order', () => {
    it('goes to in production, emailing the customer, with who did it in the history', async () => {
      const before = await mailCount();
      const res = await move(ada.id, { status: 'in production', note: 'Printing on Monday.' });
      expect(res.statusCode).toBe(200);
      expect(await mailCount()).toBe(before + 1);
      const mail = await lastMail();
      expect(mail).toContain('To: ada@example.com');
      expect(mail).toContain(`Subject: Your Atelier order #${ada.order_id} is in production`);
      expect(mail).toContain('Printing on Monday.');
      const detail = staffOrder.parse(
        (
          await ctx.app.inject({ url: `/api/order/${ada.order_id}/`, headers: staff.headers })
        ).json(),
      );
      expect(detail.status).toBe('in production');
      expect(detail.customer_name).toBe('Ada Lovelace');
      expect(detail.next_statuses).toEqual(['shipped']);
      expect(detail.history.at(-1)).toMatchObject({
        status: 'in production',
        note: 'Printing on Monday.',
        actor: expect.stringMatching(/fulfil@example.com|\w/),
      });
      expect(detail.history[0]?.actor).toBeNull();
    });

    it('refuses shipped without a valid carrier and tracking number, naming the fields', async () => {
      const cases: [unknown, Record<string, string[]>][] = [
        [
          { status: 'shipped' },
          { carrier: ['This field is required.'], tracking_number: ['This field is required.'] },
        ],
        [
          { status: 'shipped', carrier: 'pigeon', tracking_number: UPS },
          { carrier: ['"pigeon" is not a valid choice.'] },
        ],
        [
          { status: 'shipped', carrier: 'ups', tracking_number: '12345' },
          {
            tracking_number: [
              'Enter a valid UPS tracking number (1Z followed by 16 letters or digits).',
            ],
          },
        ],
        [
          { status: 'shipped', carrier: 'fedex', tracking_number: '   ' },
          { tracking_number: ['This field may not be blank.'] },
        ],
        [
          { status: 'shipped', carrier: 'ups', tracking_number: UPS, reason: 'x' },
          { reason: [ORDER_FULFILMENT_MESSAGES.reasonOnlyWhenCancelled] },
        ],
      ];
      const before = await mailCount();
      for (const [body, errors] of cases) {
        const res = await move(ada.id, body);
        expect([body, res.statusCode]).toEqual([body, 400]);
        expect(res.json()).toEqual(errors);
      }
      expect(await mailCount()).toBe(before);
    });

    it('ships with carrier and tracking: the email and the customer page show them', async () => {
      const res = await move(ada.id, {
        status: 'shipped',
        carrier: 'ups',
        tracking_number: ' 1z999aa1 0123456784 ',
      });
      expect(res.statusCode).toBe(200);
      const mail = await lastMail();
      expect(mail).toContain(`Subject: Your Atelier order #${ada.order_id} has shipped`);
      expect(mail).toContain('Carrier: UPS');
      expect(mail).toContain(`Tracking number: ${UPS}`);
      expect(mail).toContain(`https://www.ups.com/track?tracknum=${UPS}`);
      const seen = orderSchema.parse(
        (await ctx.app.inject({ url: `/api/v2/orders/${ada.id}/` })).json(),
      );
      expect(seen.shipment).toEqual({
        carrier: 'ups',
        carrier_label: 'UPS',
        tracking_number: UPS,
        tracking_url: `https://www.ups.com/track?tracknum=${UPS}`,
      });
      // Shipped is final.
      const again = await move(ada.id, { status: 'cancelled', reason: 'Lost' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ status: [COMMERCE_MESSAGES.statusTransition] });
    });

    it('cancels only with a reason, which the customer is told', async () => {
      const missing = await move(grace.id, { status: 'cancelled' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ reason: [ORDER_FULFILMENT_MESSAGES.reasonRequired] });
      const carrier = await move(grace.id, { status: 'cancelled', reason: 'x', carrier: 'ups' });
      expect(carrier.json()).toEqual({
        carrier: [ORDER_FULFILMENT_MESSAGES.carrierOnlyWhenShipped],
      });
      const res = await move(grace.id, {
        status: 'cancelled',
        reason: 'The artist withdrew this work.',
      });
      expect(res.statusCode).toBe(200);
      const order = orderSchema.parse(res.json());
      expect(order.cancel_reason).toBe('The artist withdrew this work.');
      expect(order.history.at(-1)).toMatchObject({
        status: 'cancelled',
        note: 'The artist withdrew this work.',
      });
      const mail = await lastMail();
      expect(mail).toContain('To: grace@example.com');
      expect(mail).toContain(`Subject: Your Atelier order #${grace.order_id} has been cancelled`);
      expect(mail).toContain('The artist withdrew this work.');
    });

    it('is staff only', async () => {
      expect((await move(alan.id, { status: 'in production' }, customer)).statusCode).toBe(403);
      expect((await move(alan.id, { status: 'in production' }, null)).statusCode).toBe(401);
    });
  });
});
