/** Helpers for the projects tests (test code only). */
import { substratesFor } from '@atelier/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createOrPromoteStaff } from '../auth/testing';
import { register, signIn, withCookie, withJwt } from '../auth/testing';

/** Images of known shape: 6000 × 4000 (3:2 landscape), tier 1, so prices are known. */
export interface TestImages {
  /** Published, internal. */
  published: number;
  /** Unpublished, internal. */
  unpublished: number;
  /** Published external stock (source GET). */
  external: number;
  /** Published, portrait 4000 × 6000 (no mural). */
  portrait: number;
}

/** Reshapes four seeded images into the fixtures the tests need. */
export async function prepareImages(db: Kysely<DB>): Promise<TestImages> {
  const rows = await db.selectFrom('images').select('id').orderBy('id').limit(4).execute();
  if (rows.length < 4) throw new Error('seed at least 4 images');
  const [a, b, c, d] = rows.map((row) => row.id) as [number, number, number, number];
  const shape = (
    id: number,
    values: { w: number; h: number; source: string; published: boolean },
  ) =>
    db
      .updateTable('images')
      .set({
        max_width: values.w,
        max_height: values.h,
        substrates: substratesFor(values.w, values.h),
        source: values.source,
        published: values.published,
        price: 1,
      })
      .where('id', '=', id)
      .execute();
  await shape(a, { w: 6000, h: 4000, source: 'GAA', published: true });
  await shape(b, { w: 6000, h: 4000, source: 'GAA', published: false });
  await shape(c, { w: 6000, h: 4000, source: 'GET', published: true });
  await shape(d, { w: 4000, h: 6000, source: 'GAA', published: true });
  return { published: a, unpublished: b, external: c, portrait: d };
}

export type Headers = Record<string, string>;

/**
 * A fresh guest browser: its session cookie. Made directly: no read makes a guest session
 * (a guest's first cart does), and a test browser may be meant to have no cart yet.
 */
export async function guestBrowser(app: FastifyInstance): Promise<Headers> {
  const { value } = await app.accounts.sessions.create(null);
  return withCookie(value);
}

/** A signed-in user's JWT headers (staff when asked), and their uuid. */
export async function userHeaders(
  app: FastifyInstance,
  db: Kysely<DB>,
  email: string,
  options: { staff?: boolean } = {},
): Promise<{ headers: Headers; uuid: string }> {
  const { uuid } = (await register(app, email)).json<{ uuid: string }>();
  if (options.staff) await createOrPromoteStaff(db, { email });
  const { access } = await signIn(app, email);
  return { headers: withJwt(access), uuid };
}

export function createProject(
  app: FastifyInstance,
  headers: Headers,
  payload: object = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/v2/projects/', headers, payload });
}

export function addItem(
  app: FastifyInstance,
  token: string,
  headers: Headers,
  payload: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/v2/projects/${token}/items/`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** Marks a project ordered, as checkout would (an orders row). */
export async function orderProject(db: Kysely<DB>, projectId: number, orderNumber: number) {
  const token = `order${String(orderNumber).padStart(27, '0')}`;
  await db
    .insertInto('orders')
    .values({
      order_id: orderNumber,
      token,
      project_id: projectId,
      owner_id: null,
      email: 'buyer@example.com',
      status: 'placed',
      payment_method: 'invoice',
      po_number: null,
      shipping_address: JSON.stringify({ name: 'A', line1: 'B', city: 'C', region: 'D' }),
      quantity: 1,
      subtotal: 0,
      volume_discount: 0,
      volume_discount_rate: 0,
      shipping: 0,
      grand_total: 0,
    })
    .execute();
  return token;
}
