import { sql, type Kysely } from 'kysely';
import type { DB, OrderStatus } from '../../db/schema';
import { escapeLike, type OrderKey } from '../../lib/list-query';
import type { OrderRow } from './repository';

export interface StaffOrderQuery {
  search?: string | undefined;
  status?: OrderStatus | undefined;
  ordering: OrderKey[];
  limit: number;
  offset: number;
}

export type StaffOrderRow = OrderRow & { customer_name: string };

/** Ordering keys of the staff list and their columns. */
const ORDER_COLUMNS: Record<string, 'o.created' | 'o.grand_total'> = {
  created: 'o.created',
  grand_total: 'o.grand_total',
};

/** The staff orders list (`GET /api/order/`): every order, searched, filtered and ordered. */
export function createStaffOrderRepository(db: Kysely<DB>) {
  const base = (query: StaffOrderQuery) => {
    let q = db.selectFrom('orders as o').innerJoin('projects as p', 'p.id', 'o.project_id');
    if (query.status) q = q.where('o.status', '=', query.status);
    const search = query.search?.replace(/^#/, '').trim();
    if (search) {
      const pattern = `%${escapeLike(search)}%`;
      const number = /^\d{1,9}$/.test(search) ? Number(search) : null;
      q = q.where((eb) =>
        eb.or([
          ...(number === null ? [] : [eb('o.order_id', '=', number)]),
          eb('o.email', 'ilike', pattern),
          eb(sql<string>`o.shipping_address->>'name'`, 'ilike', pattern),
        ]),
      );
    }
    return q;
  };

  return {
    async list(query: StaffOrderQuery): Promise<{ count: number; rows: StaffOrderRow[] }> {
      let rows = base(query).select([
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
        sql<string>`coalesce(o.shipping_address->>'name', '')`.as('customer_name'),
      ]);
      for (const key of query.ordering) {
        const column = ORDER_COLUMNS[key.column];
        if (column) rows = rows.orderBy(column, key.descending ? 'desc' : 'asc');
      }
      const descending = query.ordering[0]?.descending ?? true;
      rows = rows.orderBy('o.id', descending ? 'desc' : 'asc');
      const [counted, found] = await Promise.all([
        base(query)
          .select(sql<number>`count(*)::int`.as('count'))
          .executeTakeFirstOrThrow(),
        rows.limit(query.limit).offset(query.offset).execute(),
      ]);
      return { count: Number(counted.count), rows: found as StaffOrderRow[] };
    },
  };
}
export type StaffOrderRepository = ReturnType<typeof createStaffOrderRepository>;
