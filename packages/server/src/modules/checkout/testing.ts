/** Helpers for the checkout and orders tests: projects and items straight into the database. */
import { randomBytes } from 'node:crypto';
import type { CheckoutRequest, Substrate } from '@atelier/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { TestUser } from '../collections/testing';

const newProjectToken = (): string => randomBytes(24).toString('base64url');

/** A project: a guest's cart (owner null, with an email) or a user's project. */
export async function insertProject(
  db: Kysely<DB>,
  options: { owner?: TestUser | null; name?: string } = {},
): Promise<{ id: number; token: string; workspaceId: number }> {
  const token = newProjectToken();
  const owner = options.owner ?? null;
  const { id } = await db
    .insertInto('projects')
    .values({
      token,
      name: options.name ?? (owner ? 'Lobby refit' : 'Cart'),
      owner_id: owner?.id ?? null,
      guest_email: owner ? null : 'guest@example.com',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const workspace = await db
    .insertInto('workspaces')
    .values({ project_id: id, name: 'Main' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token, workspaceId: workspace.id };
}

export interface ItemValues {
  imageId: number;
  w: number;
  h: number;
  substrate?: Substrate;
  quantity?: number;
  /** What the row says the price is (the server never trusts it). */
  unitPrice?: number;
  workspaceId?: number | null;
  location?: string;
  custom?: boolean;
}

export async function insertItem(
  db: Kysely<DB>,
  projectId: number,
  item: ItemValues,
): Promise<number> {
  const { id } = await db
    .insertInto('project_items')
    .values({
      project_id: projectId,
      image_id: item.imageId,
      width: item.w,
      height: item.h,
      substrate: item.substrate ?? 'print',
      quantity: item.quantity ?? 1,
      unit_price: item.unitPrice ?? 1,
      workspace_id: item.workspaceId ?? null,
      location: item.location ?? '',
      custom: item.custom ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Published images of the seeded catalogue (all of them printable on paper). */
export async function publishedImages(db: Kysely<DB>, count: number): Promise<number[]> {
  await db.updateTable('images').set({ published: true }).execute();
  const rows = await db.selectFrom('images').select('id').orderBy('id').limit(count).execute();
  return rows.map((row) => row.id);
}

export const validAddress = {
  name: 'Ada Lovelace',
  company: 'Analytical Engines Ltd',
  line1: '12 Market Street',
  city: 'San Francisco',
  region: 'CA',
  postal_code: '94103',
  country: 'US',
  phone: '+1 415 555 0100',
};

export function checkoutBody(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    email: 'buyer@example.com',
    shipping_address: validAddress,
    payment_method: 'purchase_order',
    po_number: 'PO-2025-001',
    ...overrides,
  };
}

/** POST /api/v2/projects/{token}/checkout/ with an Idempotency-Key (null: none). */
export function postCheckout(
  app: FastifyInstance,
  token: string,
  options: {
    key?: string | null;
    body?: unknown;
    as?: TestUser | null;
    headers?: Record<string, string>;
  } = {},
): Promise<LightMyRequestResponse> {
  const key = options.key === undefined ? `key-${randomBytes(6).toString('hex')}` : options.key;
  const request: InjectOptions = {
    method: 'POST',
    url: `/api/v2/projects/${token}/checkout/`,
    headers: {
      ...(key === null ? {} : { 'idempotency-key': key }),
      ...(options.as ? options.as.headers : {}),
      ...options.headers,
    },
  };
  const body = options.body === undefined ? checkoutBody() : options.body;
  if (typeof body === 'string') {
    request.payload = body;
    request.headers = { 'content-type': 'application/json', ...request.headers };
  } else {
    request.payload = body as InjectOptions['payload'];
  }
  return app.inject(request);
}
