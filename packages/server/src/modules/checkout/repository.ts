import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, OrderStatus, PaymentMethod } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export interface CheckoutProject {
  id: number;
  token: string;
  name: string;
  owner_id: number | null;
}

/** A project item with what its order line snapshots (image, artist, workspace). */
export interface CheckoutItemRow {
  id: number;
  image_id: number;
  width: string;
  height: string;
  substrate: string;
  custom: boolean;
  quantity: number;
  location: string;
  workspace_name: string | null;
  image_title: string;
  image_local_id: string;
  image_source: string;
  thumb_path: string;
  /** The image's price tier (1–4). */
  tier: number;
  published: boolean;
  image_substrates: string[];
  artist_id: number;
  artist_name: string;
  royalty_code: string;
  royalty_rate_bp: number;
}

interface NewOrder {
  token: string;
  project_id: number;
  owner_id: number | null;
  email: string;
  status: OrderStatus;
  payment_method: PaymentMethod;
  po_number: string | null;
  shipping_address: unknown;
  quantity: number;
  subtotal: number;
  volume_discount: number;
  volume_discount_rate: number;
  shipping: number;
  grand_total: number;
}

export interface NewOrderLine {
  image_id: number;
  image_title: string;
  image_local_id: string;
  image_source: string;
  thumb: string;
  artist_id: number;
  artist_name: string;
  royalty_code: string;
  width: string;
  height: string;
  substrate: string;
  custom: boolean;
  workspace_name: string | null;
  location: string;
  quantity: number;
  unit_price: number;
  line_total: number;
  royalty_rate_bp: number;
  royalty: number;
}

/** The statements of one checkout transaction. */
interface CheckoutWrites {
  /** The project's items with quantity > 0, in the order they were added. */
  /**
   * Takes the project's row lock, which adds and changes of its items take too: the items
   * read next are all of them, and none can arrive before the order commits.
   */
  lock(projectId: number): Promise<void>;
  items(projectId: number): Promise<CheckoutItemRow[]>;
  /**
   * The order, its lines, its first status and its Idempotency-Key, all or nothing: a
   * second order of the project (orders.project_id) or a second use of the key
   * (checkout_keys' primary key) fails with a unique violation (23505).
   */
  insertOrder(
    order: NewOrder,
    lines: NewOrderLine[],
    first: { status: OrderStatus; note: string },
    idempotencyKey: string,
  ): Promise<{ id: number; orderId: number }>;
}

export interface CheckoutRepository {
  findProject(token: string): Promise<CheckoutProject | undefined>;
  /** The order row id a key of the project placed. */
  orderForKey(projectId: number, key: string): Promise<number | undefined>;
  /** The order row id of the project, if it is ordered. */
  orderForProject(projectId: number): Promise<number | undefined>;
  transaction<T>(work: (writes: CheckoutWrites) => Promise<T>): Promise<T>;
}

function writes(trx: Executor): CheckoutWrites {
  return {
    async lock(projectId) {
      await trx
        .selectFrom('projects')
        .select('id')
        .where('id', '=', projectId)
        .forUpdate()
        .execute();
    },

    async items(projectId) {
      const rows = await trx
        .selectFrom('project_items as pi')
        .innerJoin('images as i', 'i.id', 'pi.image_id')
        .innerJoin('artists as a', 'a.id', 'i.artist_id')
        .leftJoin('workspaces as w', 'w.id', 'pi.workspace_id')
        .select([
          'pi.id',
          'pi.image_id',
          'pi.width',
          'pi.height',
          'pi.substrate',
          'pi.custom',
          'pi.quantity',
          'pi.location',
          'w.name as workspace_name',
          'i.title as image_title',
          'i.local_id as image_local_id',
          'i.source as image_source',
          'i.thumb_path',
          'i.price as tier',
          'i.published',
          'i.substrates as image_substrates',
          'a.id as artist_id',
          'a.name as artist_name',
          'a.royalty_code',
          'a.royalty_rate_bp',
        ])
        .where('pi.project_id', '=', projectId)
        .where('pi.quantity', '>', 0)
        .orderBy('pi.id')
        .execute();
      return rows;
    },

    async insertOrder(order, lines, first, idempotencyKey) {
      const row = await trx
        .insertInto('orders')
        .values({
          ...order,
          order_id: sql<number>`nextval('order_numbers')`,
          shipping_address: JSON.stringify(order.shipping_address),
        })
        .returning(['id', 'order_id'])
        .executeTakeFirstOrThrow();
      if (lines.length > 0) {
        await trx
          .insertInto('order_lines')
          .values(lines.map((line) => ({ ...line, order_id: row.id })))
          .execute();
      }
      await trx
        .insertInto('order_status_history')
        .values({ order_id: row.id, status: first.status, note: first.note, actor_id: null })
        .execute();
      await trx
        .insertInto('checkout_keys')
        .values({ key: idempotencyKey, project_id: order.project_id, order_id: row.id })
        .execute();
      // An ordered project is no one's cart any more: the next add starts a new one.
      await trx
        .updateTable('profiles')
        .set({ current_project_id: null, current_workspace_name: null })
        .where('current_project_id', '=', order.project_id)
        .execute();
      return { id: row.id, orderId: row.order_id };
    },
  };
}

export function createCheckoutRepository(db: Kysely<DB>): CheckoutRepository {
  return {
    findProject(token) {
      return db
        .selectFrom('projects')
        .select(['id', 'token', 'name', 'owner_id'])
        .where('token', '=', token)
        .executeTakeFirst();
    },

    async orderForKey(projectId, key) {
      const row = await db
        .selectFrom('checkout_keys')
        .select('order_id')
        .where('project_id', '=', projectId)
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.order_id;
    },

    async orderForProject(projectId) {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row?.id;
    },

    transaction(work) {
      return db.transaction().execute((trx) => work(writes(trx)));
    },
  };
}
