import { get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_MESSAGES_PER_MINUTE,
  cart,
  supportConversation,
  supportConversationDetail,
  supportConversationPage,
  supportMessage,
  type SupportEvent,
} from '@atelier/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { openPostgres } from '../../db/client';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { injectStream } from '../../test/event-stream';
import { register, sessionCookie, signIn, withCookie, withJwt } from '../auth/testing';
import { READY_EVENT } from './event-stream';

type Headers = Record<string, string>;

const CONVERSATION = '/api/support/conversation/';
const POST = '/api/support/conversation/messages/';
const VISITOR_EVENTS = '/api/support/conversation/events/';
const INBOX = '/api/support/conversations/';
const STAFF_EVENTS = '/api/support/events/';

let mark = 0;
const unique = (name: string) => `${name}.${process.pid}.${++mark}@example.com`;

/** A guest browser with a cart: its cookie header and the cart. */
async function guestWithCart(app: FastifyInstance, email = unique('guest')) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/projects/',
    payload: { cart_email: email },
  });
  if (res.statusCode !== 201) throw new Error(`cart: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookie(res)?.value;
  if (!cookie) throw new Error('no guest cookie');
  return { headers: withCookie(cookie), cart: cart.parse(res.json()), email };
}

async function staffHeaders(app: FastifyInstance, ctx: TestContext): Promise<Headers> {
  const email = unique('staff');
  await register(app, email, undefined, 'Sam Staff');
  await ctx.database.db
    .updateTable('users')
    .set({ is_staff: true })
    .where('email', '=', email)
    .execute();
  const { access } = await signIn(app, email);
  return withJwt(access);
}

async function customerHeaders(app: FastifyInstance): Promise<Headers> {
  const email = unique('customer');
  await register(app, email);
  const { access, cookie } = await signIn(app, email);
  return { ...withJwt(access), ...withCookie(cookie) };
}

const post = (app: FastifyInstance, headers: Headers, payload: unknown, url = POST) =>
  app.inject({ method: 'POST', url, headers, payload: payload as object });

describe.each(TEST_DRIVERS)('support chat on %s', (driver) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let staff: Headers;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    app = ctx.app;
    staff = await staffHeaders(app, ctx);
  });
  afterAll(() => ctx.close());

  it("keeps a guest's messages with their cart as the conversation's project", async () => {
    const guest = await guestWithCart(app);
    const before = await app.inject({ url: CONVERSATION, headers: guest.headers });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBeNull();

    const sent = await post(app, guest.headers, { body: '  Can you print this on canvas?  ' });
    expect(sent.statusCode).toBe(201);
    expect(supportMessage.parse(sent.json())).toMatchObject({
      author: 'visitor',
      body: 'Can you print this on canvas?',
    });
    await post(app, guest.headers, { body: 'Size 24x36.' });

    const conversation = supportConversation.parse(
      (await app.inject({ url: CONVERSATION, headers: guest.headers })).json(),
    );
    expect(conversation.status).toBe('open');
    expect(conversation.project).toEqual({
      id: guest.cart.project.id,
      name: guest.cart.project.name,
      token: guest.cart.token,
    });
    expect(conversation.messages.map((m) => m.body)).toEqual([
      'Can you print this on canvas?',
      'Size 24x36.',
    ]);
  });

  it('gives a guest without a session one with their first message', async () => {
    const sent = await post(app, {}, { body: 'Hello?' });
    expect(sent.statusCode).toBe(201);
    const cookie = sessionCookie(sent)?.value;
    expect(cookie).toBeDefined();
    const conversation = supportConversation.parse(
      (await app.inject({ url: CONVERSATION, headers: withCookie(cookie!) })).json(),
    );
    expect(conversation.project).toBeNull();
    expect(conversation.messages).toHaveLength(1);
  });

  it('refuses empty, missing and too long messages naming the field', async () => {
    const guest = await guestWithCart(app);
    expect((await post(app, guest.headers, {})).json()).toEqual({
      body: ['This field is required.'],
    });
    const blank = await post(app, guest.headers, { body: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ body: ['This field may not be blank.'] });
    const long = await post(app, guest.headers, {
      body: 'x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      body: [`Ensure this field has no more than ${SUPPORT_MESSAGE_MAX_LENGTH} characters.`],
    });
    expect(
      (await post(app, guest.headers, { body: 'x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH) })).statusCode,
    ).toBe(201);
    const staffLong = await post(
      app,
      staff,
      { body: 'y'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1) },
      `${INBOX}1/messages/`,
    );
    expect(staffLong.statusCode).toBe(400);
    expect(Object.keys(staffLong.json() as object)).toEqual(['body']);
  });

  it('shows each visitor only their own conversation; the inbox only to staff', async () => {
    const first = await guestWithCart(app);
    const second = await guestWithCart(app);
    const customer = await customerHeaders(app);
    await post(app, first.headers, { body: 'first guest secret' });
    for (const headers of [second.headers, customer]) {
      const res = await app.inject({ url: CONVERSATION, headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('first guest secret');
    }
    expect((await app.inject({ url: INBOX })).statusCode).toBe(401);
    expect((await app.inject({ url: INBOX, headers: first.headers })).statusCode).toBe(401);
    expect((await app.inject({ url: INBOX, headers: customer })).statusCode).toBe(403);
    expect((await app.inject({ url: STAFF_EVENTS, headers: customer })).statusCode).toBe(403);
    expect((await post(app, customer, { body: 'x' }, `${INBOX}1/messages/`)).statusCode).toBe(403);
    expect((await app.inject({ url: VISITOR_EVENTS, headers: second.headers })).statusCode).toBe(
      404,
    );
  });

  it('lets staff list unanswered first, read, reply and close; the visitor sees it all', async () => {
    const answered = await guestWithCart(app);
    const waiting = await guestWithCart(app);
    await post(app, answered.headers, { body: 'I wrote first' });
    await post(app, waiting.headers, { body: 'I wrote second' });
    const answeredId = supportConversation.parse(
      (await app.inject({ url: CONVERSATION, headers: answered.headers })).json(),
    ).id;
    const reply = await post(
      app,
      staff,
      { body: 'Yes, we can.' },
      `${INBOX}${answeredId}/messages/`,
    );
    expect(reply.statusCode).toBe(201);
    expect(supportMessage.parse(reply.json())).toMatchObject({
      author: 'staff',
      author_name: 'Sam Staff',
    });
    // A later message in another conversation, still the answered one comes after it.
    const later = await guestWithCart(app);
    await post(app, later.headers, { body: 'third' });

    const page = supportConversationPage.parse(
      (await app.inject({ url: `${INBOX}?limit=100`, headers: staff })).json(),
    );
    const order = page.results.map((row) => row.id);
    const waitingRow = page.results.find((row) => row.last_message?.body === 'I wrote second');
    const answeredRow = page.results.find((row) => row.id === answeredId)!;
    expect(waitingRow?.awaiting_reply).toBe(true);
    expect(waitingRow?.visitor.email).toBe(waiting.email);
    expect(waitingRow?.project).toMatchObject({ id: waiting.cart.project.id });
    expect(answeredRow.awaiting_reply).toBe(false);
    expect(order.indexOf(waitingRow!.id)).toBeLessThan(order.indexOf(answeredId));
    const firstAnswered = page.results.findIndex((row) => !row.awaiting_reply);
    expect(page.results.slice(firstAnswered).every((row) => !row.awaiting_reply)).toBe(true);

    const detail = supportConversationDetail.parse(
      (await app.inject({ url: `${INBOX}${answeredId}/`, headers: staff })).json(),
    );
    expect(detail.messages.map((m) => [m.author, m.body])).toEqual([
      ['visitor', 'I wrote first'],
      ['staff', 'Yes, we can.'],
    ]);

    const visitorView = supportConversation.parse(
      (await app.inject({ url: CONVERSATION, headers: answered.headers })).json(),
    );
    expect(visitorView.messages.at(-1)).toMatchObject({ author: 'staff', body: 'Yes, we can.' });

    const closed = await post(app, staff, undefined, `${INBOX}${answeredId}/close/`);
    expect(closed.statusCode).toBe(200);
    expect(supportConversationDetail.parse(closed.json()).status).toBe('closed');
    const open = supportConversationPage.parse(
      (await app.inject({ url: `${INBOX}?limit=100`, headers: staff })).json(),
    );
    expect(open.results.map((row) => row.id)).not.toContain(answeredId);
    const closedList = supportConversationPage.parse(
      (await app.inject({ url: `${INBOX}?status=closed`, headers: staff })).json(),
    );
    expect(closedList.results.map((row) => row.id)).toContain(answeredId);

    // The visitor writing again reopens the same conversation.
    await post(app, answered.headers, { body: 'One more thing' });
    const reopened = supportConversation.parse(
      (await app.inject({ url: CONVERSATION, headers: answered.headers })).json(),
    );
    expect(reopened).toMatchObject({ id: answeredId, status: 'open' });

    expect((await app.inject({ url: `${INBOX}99999999/`, headers: staff })).statusCode).toBe(404);
    expect((await app.inject({ url: `${INBOX}abc/`, headers: staff })).statusCode).toBe(400);
    expect((await app.inject({ url: `${INBOX}?status=nope`, headers: staff })).json()).toEqual({
      status: [expect.stringContaining('is not a valid choice')],
    });
  });

  it("follows a guest's conversation into their account when they sign in", async () => {
    const guest = await guestWithCart(app);
    await post(app, guest.headers, { body: 'before signing in' });
    const email = unique('signs-in');
    await register(app, email);
    const cookie = guest.headers.cookie!.split('=')[1]!;
    const signedIn = await signIn(app, email, undefined, withCookie(cookie));
    const headers = { ...withJwt(signedIn.access), ...withCookie(signedIn.cookie) };
    await post(app, headers, { body: 'after signing in' });
    const conversation = supportConversation.parse(
      (await app.inject({ url: CONVERSATION, headers: withJwt(signedIn.access) })).json(),
    );
    expect(conversation.messages.map((m) => m.body)).toEqual([
      'before signing in',
      'after signing in',
    ]);
  });

  it(`refuses a visitor's message past ${SUPPORT_MESSAGES_PER_MINUTE} a minute`, async () => {
    const guest = await guestWithCart(app);
    const statuses: number[] = [];
    for (let i = 0; i <= SUPPORT_MESSAGES_PER_MINUTE; i += 1) {
      statuses.push((await post(app, guest.headers, { body: `message ${i}` })).statusCode);
    }
    expect(statuses.slice(0, SUPPORT_MESSAGES_PER_MINUTE).every((s) => s === 201)).toBe(true);
    const refused = await post(app, guest.headers, { body: 'too many' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor is not held back by it.
    expect((await post(app, (await guestWithCart(app)).headers, { body: 'hi' })).statusCode).toBe(
      201,
    );
  });

  it("streams a staff reply to the visitor's open event stream, uncompressed", async () => {
    const guest = await guestWithCart(app);
    await post(app, guest.headers, { body: 'Anyone there?' });
    const stream = await injectStream(app, {
      url: VISITOR_EVENTS,
      headers: { ...guest.headers, 'accept-encoding': 'gzip, br' },
    });
    try {
      expect(stream.statusCode).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.headers['content-encoding']).toBeUndefined();
      expect(stream.headers['cache-control']).toBe('no-store');
      expect((await stream.next()).event).toBe(READY_EVENT);

      const { id } = supportConversation.parse(
        (await app.inject({ url: CONVERSATION, headers: guest.headers })).json(),
      );
      await post(app, staff, { body: 'Right here.' }, `${INBOX}${id}/messages/`);
      const event = (await stream.next('support')).data as SupportEvent;
      expect(event).toMatchObject({
        kind: 'message',
        conversation: id,
        message: { author: 'staff', body: 'Right here.' },
      });
    } finally {
      stream.close();
    }
  });

  it("streams visitors' messages to the staff inbox's stream, not others' to a visitor", async () => {
    const watcher = await guestWithCart(app);
    const watching = supportMessage.parse(
      (await post(app, watcher.headers, { body: 'watching' })).json(),
    );
    const visitorStream = await injectStream(app, {
      url: VISITOR_EVENTS,
      headers: watcher.headers,
    });
    const staffStream = await injectStream(app, { url: STAFF_EVENTS, headers: staff });
    try {
      const other = await guestWithCart(app);
      await post(app, other.headers, { body: 'new question' });
      const event = (await staffStream.next('support')).data as SupportEvent;
      expect(event).toMatchObject({ kind: 'message', message: { body: 'new question' } });
      // On PostgreSQL the echo of the watcher's own 'watching' may still arrive (NOTIFY is
      // asynchronous): what matters is that nothing of the other conversation does.
      const heard: SupportEvent[] = [];
      for (;;) {
        const more = await visitorStream.next('support', 500).catch((error: unknown) => {
          if (error instanceof Error && /no support event/.test(error.message)) return null;
          throw error;
        });
        if (!more) break;
        heard.push(more.data as SupportEvent);
      }
      expect(heard.filter((e) => e.conversation !== watching.conversation)).toEqual([]);
    } finally {
      visitorStream.close();
      staffStream.close();
    }
  });

  if (driver === 'postgres') {
    it('delivers a reply made by another process to a visitor connected here (NOTIFY)', async () => {
      const url = ctx.database.url!;
      const otherDb = await openPostgres(url, { max: 2 });
      const other = await buildApp(ctx.config, { db: otherDb, logger: false });
      try {
        const guest = await guestWithCart(app);
        await post(app, guest.headers, { body: 'Help from anyone?' });
        const { id } = supportConversation.parse(
          (await app.inject({ url: CONVERSATION, headers: guest.headers })).json(),
        );
        const stream = await injectStream(app, { url: VISITOR_EVENTS, headers: guest.headers });
        try {
          const otherStaff = await staffHeaders(other, ctx);
          const sent = await post(
            other,
            otherStaff,
            { body: 'From worker two.' },
            `${INBOX}${id}/messages/`,
          );
          expect(sent.statusCode).toBe(201);
          const event = (await stream.next('support')).data as SupportEvent;
          expect(event).toMatchObject({ kind: 'message', message: { body: 'From worker two.' } });
        } finally {
          stream.close();
        }
      } finally {
        await other.close();
        await otherDb.close();
      }
    });
  }
});

describe('support event stream on a listening server', () => {
  let ctx: TestContext;
  let port: number;

  beforeAll(async () => {
    // REQUEST_TIMEOUT of 1 s: a stream lives far longer, as it must.
    ctx = await createTestApp('pglite', { config: { requestTimeout: 1 } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('outlives REQUEST_TIMEOUT, is not compressed, and ends when the server closes', async () => {
    const guest = await guestWithCart(ctx.app);
    await post(ctx.app, guest.headers, { body: 'Still there?' });
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      httpGet(
        {
          host: '127.0.0.1',
          port,
          path: VISITOR_EVENTS,
          headers: { ...guest.headers, 'accept-encoding': 'gzip, br' },
        },
        resolve,
      ).on('error', reject);
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      text += chunk;
    });
    const ended = new Promise<void>((resolve) => res.on('close', () => resolve()));

    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(res.destroyed).toBe(false);
    const { id } = supportConversation.parse(
      (await ctx.app.inject({ url: CONVERSATION, headers: guest.headers })).json(),
    );
    const staff = await staffHeaders(ctx.app, ctx);
    await post(ctx.app, staff, { body: 'Yes, after the timeout.' }, `${INBOX}${id}/messages/`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(text).toContain(`event: ${READY_EVENT}`);
    expect(text).toContain('Yes, after the timeout.');

    await ctx.app.close();
    await ended;
  }, 30_000);
});
