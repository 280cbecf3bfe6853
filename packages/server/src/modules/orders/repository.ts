import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, OrderStatus } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

/** An order row with what its answers need of its project. */
export interface OrderRow {
  id: number;
  order_id: number;
  token: string;
  project_id: number;
  project_name: string;
  project_token: string;
  project_owner_id: number | null;
  email: string;
  status: OrderStatus;
  payment_method: 'purchase_order' | 'invoice' | 'card';
  po_number: string | null;
  payment_ref: string | null;
  shipping_address: unknown;
  quantity: number;
  subtotal: number;
  volume_discount: number;
  volume_discount_rate: number;
  shipping: number;
  grand_total: number;
  created: Date;
  carrier: string | null;
  tracking_number: string | null;
  cancel_reason: string | null;
}

export interface OrderLineRow {
  id: number;
  image_id: number | null;
  image_title: string;
  thumb: string;
  artist_name: string;
  width: string;
  height: string;
  custom: boolean;
  substrate: string;
  workspace_name: string | null;
  location: string;
  quantity: number;
  unit_price: number;
  line_total: number;
}

interface HistoryRow {
  status: OrderStatus;
  note: string;
  created: Date;
  /** Who made the change: their name, else their email; null for checkout and webhooks. */
  actor: string | null;
}

/** What a status change writes on the order besides its status (migration 0075). */
export interface MoveFields {
  carrier?: string;
  tracking_number?: string;
  cancel_reason?: string;
}

/** How an order is named: its link token, its number, its row id or its payment reference. */
type OrderKey = { token: string } | { orderId: number } | { id: number } | { paymentRef: string };

const selectOrders = (db: Executor) =>
  db
    .selectFrom('orders as o')
    .innerJoin('projects as p', 'p.id', 'o.project_id')
    .select([
      'o.id',
      'o.order_id',
      'o.token',
      'o.project_id',
      'p.name as project_name',
      'p.token as project_token',
      'p.owner_id as project_owner_id',
      'o.email',
      'o.status',
      'o.payment_method',
      'o.po_number',
      'o.payment_ref',
      'o.shipping_address',
      'o.quantity',
      'o.subtotal',
      'o.volume_discount',
      'o.volume_discount_rate',
      'o.shipping',
      'o.grand_total',
      'o.created',
      'o.carrier',
      'o.tracking_number',
      'o.cancel_reason',
    ]);

export interface OrderRepository {
  find(key: OrderKey, db?: Executor): Promise<OrderRow | undefined>;
  lines(orderRowId: number): Promise<OrderLineRow[]>;
  history(orderRowId: number): Promise<HistoryRow[]>;
  /** A page of orders, newest first: all of them, or those of one owner's projects. */
  list(filter: { ownerId: number | null }, limit: number, offset: number): Promise<OrderRow[]>;
  count(filter: { ownerId: number | null }): Promise<number>;
  /**
   * Moves an order from `from` to `to` and records it, in one transaction; false when the
   * order was no longer in `from` (another move won).
   */
  move(
    orderRowId: number,
    from: OrderStatus,
    to: OrderStatus,
    history: { note: string; actorId: number | null },
    fields?: MoveFields,
  ): Promise<boolean>;
  /** A history row that changes nothing (a failed card payment). */
  note(orderRowId: number, status: OrderStatus, note: string): Promise<void>;
  /** Stores the provider's reference unless one is stored already; answers the stored one. */
  setPaymentRef(orderRowId: number, ref: string): Promise<string>;
}

export function createOrderRepository(db: Kysely<DB>): OrderRepository {
  return {
    async find(key, executor = db) {
      let query = selectOrders(executor);
      if ('token' in key) query = query.where('o.token', '=', key.token);
      else if ('orderId' in key) query = query.where('o.order_id', '=', key.orderId);
      else if ('id' in key) query = query.where('o.id', '=', key.id);
      else query = query.where('o.payment_ref', '=', key.paymentRef);
      const row = await query.executeTakeFirst();
      return row as OrderRow | undefined;
    },

    lines(orderRowId) {
      return db
        .selectFrom('order_lines')
        .select([
          'id',
          'image_id',
          'image_title',
          'thumb',
          'artist_name',
          'width',
          'height',
          'custom',
          'substrate',
          'workspace_name',
          'location',
          'quantity',
          'unit_price',
          'line_total',
        ])
        .where('order_id', '=', orderRowId)
        .orderBy('id')
        .execute();
    },

    history(orderRowId) {
      return db
        .selectFrom('order_status_history as h')
        .leftJoin('users as u', 'u.id', 'h.actor_id')
        .select([
          'h.status',
          'h.note',
          'h.created',
          sql<string | null>`coalesce(nullif(u.name, ''), u.email)`.as('actor'),
        ])
        .where('h.order_id', '=', orderRowId)
        .orderBy('h.id')
        .execute();
    },

    async list({ ownerId }, limit, offset) {
      let query = selectOrders(db);
      if (ownerId !== null) query = query.where('p.owner_id', '=', ownerId);
      const rows = await query
        .orderBy('o.created', 'desc')
        .orderBy('o.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows as OrderRow[];
    },

    async count({ ownerId }) {
      let query = db
        .selectFrom('orders as o')
        .innerJoin('projects as p', 'p.id', 'o.project_id')
        .select(sql<number>`count(*)::int`.as('count'));
      if (ownerId !== null) query = query.where('p.owner_id', '=', ownerId);
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.count);
    },

    move(orderRowId, from, to, history, fields = {}) {
      return db.transaction().execute(async (trx) => {
        // Optimistic: the status it was read in is part of the condition, so of two moves
        // made at once only one finds the order still in `from`.
        const moved = await trx
          .updateTable('orders')
          .set({ ...fields, status: to, modified: sql<Date>`now()` })
          .where('id', '=', orderRowId)
          .where('status', '=', from)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('order_status_history')
          .values({
            order_id: orderRowId,
            status: to,
            note: history.note,
            actor_id: history.actorId,
          })
          .execute();
        return true;
      });
    },

    async note(orderRowId, status, note) {
      await db
        .insertInto('order_status_history')
        .values({ order_id: orderRowId, status, note, actor_id: null })
        .execute();
    },

    async setPaymentRef(orderRowId, ref) {
      await db
        .updateTable('orders')
        .set({ payment_ref: ref, modified: sql<Date>`now()` })
        .where('id', '=', orderRowId)
        .where('payment_ref', 'is', null)
        .execute();
      const row = await db
        .selectFrom('orders')
        .select('payment_ref')
        .where('id', '=', orderRowId)
        .executeTakeFirstOrThrow();
      return row.payment_ref ?? ref;
    },
  };
}
