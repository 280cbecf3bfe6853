import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { order as orderSchema, paymentMethodsResponse, type Order } from '@atelier/contracts';
import Stripe from 'stripe';
import {
  checkoutBody,
  insertItem,
  insertProject,
  postCheckout,
  publishedImages,
} from '../../modules/checkout/testing';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { paymentIntentKey } from './stripe';

const WEBHOOK_SECRET = 'whsec_test0123456789abcdef';
const WEBHOOK_URL = '/api/v2/payments/stripe/webhook/';

interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

/** A local stand-in for Stripe's PaymentIntents API (this test only). */
function stripeStandIn() {
  const requests: StandInRequest[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => resolve(body));
    });
  const server: Server = createServer((req, res) => {
    void read(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = new URLSearchParams(body);
      const key = req.headers['idempotency-key'];
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        form,
      });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const id = `pi_${intents.size + 1}`;
        const intent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_standin`,
          metadata: { order_token: form.get('metadata[order_token]') },
        };
        intents.set(id, intent);
        res.end(JSON.stringify(intent));
        return;
      }
      const match = /^\/v1\/payment_intents\/(\w+)$/.exec(url.pathname);
      const intent = match?.[1] ? intents.get(match[1]) : undefined;
      if (req.method === 'GET' && intent) {
        res.end(JSON.stringify(intent));
        return;
      }
      res.statusCode = 404;
      res.end(
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such thing' } }),
      );
    });
  });
  return { server, requests, intents };
}

describe.each(TEST_DRIVERS)('card payments through Stripe on %s', (driver) => {
  let ctx: TestContext;
  let standIn: ReturnType<typeof stripeStandIn>;
  let imageId: number;

  beforeAll(async () => {
    standIn = stripeStandIn();
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    const { port } = standIn.server.address() as AddressInfo;
    ctx = await createTestApp(driver, {
      images: 30,
      config: {
        stripeSecretKey: 'sk_test_standin0123456789',
        stripeWebhookSecret: WEBHOOK_SECRET,
        stripePublishableKey: 'pk_test_standin0123456789',
        stripeApiUrl: `http://127.0.0.1:${port}`,
      },
    });
    [imageId = 0] = await publishedImages(ctx.database.db, 1);
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((resolve) => standIn.server.close(resolve));
  });

  const cardOrder = async (): Promise<Order> => {
    const project = await insertProject(ctx.database.db);
    await insertItem(ctx.database.db, project.id, { imageId, w: 16, h: 12, quantity: 2 });
    const res = await postCheckout(ctx.app, project.token, {
      key: `card-${project.id}`,
      body: checkoutBody({ payment_method: 'card', po_number: undefined }),
    });
    expect(res.statusCode).toBe(201);
    return orderSchema.parse(res.json());
  };

  /** A webhook signed with Stripe's own test helper. */
  const webhook = (event: unknown, signature?: string | null) => {
    const payload = JSON.stringify(event);
    const header =
      signature === undefined
        ? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
        : signature;
    return ctx.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: {
        'content-type': 'application/json',
        ...(header === null ? {} : { 'stripe-signature': header }),
      },
      payload,
    });
  };
  const intentEvent = (
    type: string,
    intent: { id: string; amount: number; token: string; error?: string },
  ) => ({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        amount_received: type === 'payment_intent.succeeded' ? intent.amount : 0,
        currency: 'usd',
        metadata: { order_token: intent.token },
        last_payment_error: intent.error ? { message: intent.error } : null,
      },
    },
  });

  it('offers the card, with the publishable key', async () => {
    const body = paymentMethodsResponse.parse(
      (await ctx.app.inject({ url: '/api/v2/payment-methods/' })).json(),
    );
    expect(body.methods.map((m) => [m.value, m.label])).toEqual([
      ['purchase_order', 'Purchase order'],
      ['invoice', 'Invoice'],
      ['card', 'Card'],
    ]);
    expect(body.stripe_publishable_key).toBe('pk_test_standin0123456789');
  });

  it('creates one PaymentIntent for the order and hands its client secret to the viewer', async () => {
    const before = standIn.requests.length;
    const order = await cardOrder();
    expect(order.status).toBe('awaiting payment');
    const created = standIn.requests
      .slice(before)
      .filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(created).toHaveLength(1);
    const request = created[0];
    expect(request?.form.get('amount')).toBe(String(order.grand_total));
    expect(request?.form.get('currency')).toBe('usd');
    expect(request?.form.get('metadata[order_token]')).toBe(order.id);
    expect(request?.idempotencyKey).toBe(paymentIntentKey(order.id));
    const row = await ctx.database.db
      .selectFrom('orders')
      .select('payment_ref')
      .where('token', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.payment_ref).toMatch(/^pi_\d+$/);
    expect(order.payment_client_secret).toBe(`${row.payment_ref}_secret_standin`);

    // The order's page gets it again (and a list row never carries it).
    const again = orderSchema.parse(
      (await ctx.app.inject({ url: `/api/v2/orders/${order.id}/` })).json(),
    );
    expect(again.payment_client_secret).toBe(order.payment_client_secret);
  });

  it('refuses a webhook without a valid signature over the raw body', async () => {
    const order = await cardOrder();
    const event = intentEvent('payment_intent.succeeded', {
      id: 'pi_1',
      amount: order.grand_total,
      token: order.id,
    });
    for (const signature of [
      null,
      't=1,v1=bad',
      Stripe.webhooks.generateTestHeaderString({ payload: '{}', secret: WEBHOOK_SECRET }),
    ]) {
      const res = await webhook(event, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: expect.any(String) });
    }
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: 'whsec_someoneelse',
    });
    expect((await webhook(event, wrongSecret)).statusCode).toBe(400);
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{"id": ',
    });
    expect(notJson.statusCode).toBe(400);
    const fresh = orderSchema.parse(
      (await ctx.app.inject({ url: `/api/v2/orders/${order.id}/` })).json(),
    );
    expect(fresh.status).toBe('awaiting payment');
  });

  it('marks the order paid on payment_intent.succeeded, once; notes a failed payment', async () => {
    const order = await cardOrder();
    const { payment_ref: ref } = await ctx.database.db
      .selectFrom('orders')
      .select('payment_ref')
      .where('token', '=', order.id)
      .executeTakeFirstOrThrow();
    const intent = { id: ref ?? '', amount: order.grand_total, token: order.id };

    const failed = await webhook(
      intentEvent('payment_intent.payment_failed', { ...intent, error: 'Your card was declined.' }),
    );
    expect(failed.statusCode).toBe(200);
    let fresh = orderSchema.parse(
      (await ctx.app.inject({ url: `/api/v2/orders/${order.id}/` })).json(),
    );
    expect(fresh.status).toBe('awaiting payment');
    expect(fresh.history.at(-1)).toMatchObject({
      status: 'awaiting payment',
      note: 'Card payment failed: Your card was declined.',
    });

    // A payment of another amount is noted, not taken as payment.
    await webhook(intentEvent('payment_intent.succeeded', { ...intent, amount: 100 }));
    fresh = orderSchema.parse(
      (await ctx.app.inject({ url: `/api/v2/orders/${order.id}/` })).json(),
    );
    expect(fresh.status).toBe('awaiting payment');

    for (let i = 0; i < 2; i += 1) {
      const res = await webhook(intentEvent('payment_intent.succeeded', intent));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    fresh = orderSchema.parse(
      (await ctx.app.inject({ url: `/api/v2/orders/${order.id}/` })).json(),
    );
    expect(fresh.status).toBe('paid');
    expect(fresh.history.filter((h) => h.status === 'paid')).toHaveLength(1);
    expect(fresh.payment_client_secret).toBeNull();

    // Other events, and payments of no order, are acknowledged and ignored.
    expect(
      (
        await webhook({
          id: 'evt_x',
          object: 'event',
          type: 'charge.refunded',
          data: { object: {} },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await webhook(
          intentEvent('payment_intent.succeeded', { id: 'pi_unknown', amount: 1, token: 'x' }),
        )
      ).statusCode,
    ).toBe(200);
  });
});
