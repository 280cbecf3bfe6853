import { PAID_ORDER_STATUSES } from '@atelier/contracts';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { escapeLike, type OrderKey } from '../../lib/list-query';

export type Db = Kysely<DB> | Transaction<DB>;

const PAID = sql.join(PAID_ORDER_STATUSES.map((status) => sql.lit(status)));

/**
 * The order lines that are due: on a paid order, with an artist and a royalty, and in no
 * live artist payment (migration 0060's partial unique index keeps that "at most one").
 */
export const dueLines = (artistId?: number): RawBuilder<unknown> => sql`
  SELECT ol.id, ol.artist_id, ol.royalty, ol.order_id AS order_pk, o.created
  FROM order_lines ol
  JOIN orders o ON o.id = ol.order_id
  WHERE o.status IN (${PAID})
    AND ol.artist_id IS NOT NULL
    AND ol.royalty > 0
    ${artistId === undefined ? sql`` : sql`AND ol.artist_id = ${artistId}`}
    AND NOT EXISTS (
      SELECT 1 FROM artist_payment_lines apl WHERE apl.order_line_id = ol.id AND apl.live
    )`;

/** Per artist: the sum and count of due lines (and the oldest order behind them). */
const dueByArtist = (artistId?: number) => sql`
  SELECT d.artist_id, sum(d.royalty)::bigint AS amount, count(*)::integer AS lines,
         min(d.created) AS oldest
  FROM (${dueLines(artistId)}) d
  GROUP BY d.artist_id`;

export const PAYMENT_DUE_ORDERINGS = ['artist', 'royalty_code', 'amount', 'lines', 'oldest'];
const DUE_COLUMNS: Record<string, string> = {
  artist: 'l.artist',
  royalty_code: 'l.royalty_code',
  amount: 'l.amount',
  lines: 'l.lines',
  oldest: 'l.oldest',
};

export const orderBy = (keys: readonly OrderKey[], columns: Record<string, string>, tie: string) =>
  sql.raw(
    [
      ...keys.map((key) => `${columns[key.column] ?? tie} ${key.descending ? 'DESC' : 'ASC'}`),
      `${tie} ASC`,
    ].join(', '),
  );

export interface DueRow {
  id: number;
  artist: string;
  royalty_code: string;
  amount: string | number | bigint;
  lines: number;
  oldest: Date;
}

const artistSearch = (search: string | undefined, alias = 'a') => {
  if (!search) return sql`true`;
  const pattern = `%${escapeLike(search)}%`;
  return sql`(${sql.ref(`${alias}.name`)} ILIKE ${pattern} OR ${sql.ref(`${alias}.royalty_code`)} ILIKE ${pattern})`;
};

export const money = (value: string | number | bigint | null): number => Number(value ?? 0);

export interface AccountRow {
  id: number;
  token: string;
  type: string;
  status: string;
  is_default: boolean;
  account_holder: string;
  country: string | null;
  routing_number: string | null;
  number_last4: string | null;
  email: string | null;
  account_id: string | null;
}

/** One artist due money, with what decides whether a run pays them. */
export interface PayeeRow {
  artist_id: number;
  name: string;
  royalty_code: string;
  amount: string | number | bigint;
  lines: number;
  identity_id: number | null;
  identity_status: string | null;
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
  has_tax_form: boolean;
  account: AccountRow | null;
  /** The newest account's status when no default is usable (INVALID, DE_ACTIVATED). */
  latest_account_status: string | null;
}

export function createPayoutRepository(db: Kysely<DB>) {
  return {
    async paymentsDue(
      filter: { search?: string | undefined },
      window: { limit: number; offset: number },
      ordering: readonly OrderKey[],
    ) {
      const rows = await sql<DueRow & { total: number }>`
        WITH due AS (${dueByArtist()}),
        listed AS (
          SELECT a.id, a.name AS artist, a.royalty_code, due.amount, due.lines, due.oldest
          FROM due JOIN artists a ON a.id = due.artist_id
          WHERE ${artistSearch(filter.search)}
        )
        SELECT l.*, (SELECT count(*)::integer FROM listed) AS total
        FROM listed l
        ORDER BY ${orderBy(ordering, DUE_COLUMNS, 'l.id')}
        LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db);
      let count = rows.rows[0]?.total;
      if (count === undefined) {
        const counted = await sql<{ total: number }>`
          SELECT count(*)::integer AS total
          FROM (${dueByArtist()}) due JOIN artists a ON a.id = due.artist_id
          WHERE ${artistSearch(filter.search)}`.execute(db);
        count = counted.rows[0]?.total ?? 0;
      }
      return { count: Number(count), rows: rows.rows };
    },

    async artist(artistId: number) {
      return db
        .selectFrom('artists')
        .select(['id', 'name', 'royalty_code'])
        .where('id', '=', artistId)
        .executeTakeFirst();
    },

    async dueOf(artistId: number) {
      const found = await sql<{ amount: string | number; lines: number; oldest: Date | null }>`
        SELECT coalesce(sum(d.royalty), 0)::bigint AS amount, count(*)::integer AS lines,
               min(d.created) AS oldest
        FROM (${dueLines(artistId)}) d`.execute(db);
      const row = found.rows[0];
      return {
        amount: money(row?.amount ?? 0),
        lines: row?.lines ?? 0,
        oldest: row?.oldest ?? null,
      };
    },

    /** Lines with their order: those due to an artist, or those a payment paid. */
    async lines(
      where: { dueTo: number } | { paymentId: number },
      window: { limit: number; offset: number },
    ) {
      const source =
        'dueTo' in where
          ? sql`SELECT d.id, d.royalty AS paid FROM (${dueLines(where.dueTo)}) d`
          : sql`SELECT apl.order_line_id AS id, apl.amount AS paid FROM artist_payment_lines apl
                WHERE apl.payment_id = ${where.paymentId}`;
      const rows = await sql<{
        id: number;
        order_id: number;
        image_title: string;
        image_local_id: string;
        thumb: string;
        ordered: Date;
        order_status: string;
        quantity: number;
        line_total: number;
        royalty: number;
        total: number;
      }>`
        WITH picked AS (${source})
        SELECT ol.id, o.order_id, ol.image_title, ol.image_local_id, ol.thumb,
               o.created AS ordered, o.status AS order_status, ol.quantity, ol.line_total,
               p.paid AS royalty, (SELECT count(*)::integer FROM picked) AS total
        FROM picked p
        JOIN order_lines ol ON ol.id = p.id
        JOIN orders o ON o.id = ol.order_id
        ORDER BY o.created, ol.id
        LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db);
      let count = rows.rows[0]?.total;
      if (count === undefined) {
        const counted = await sql<{ total: number }>`
          SELECT count(*)::integer AS total FROM (${source}) s`.execute(db);
        count = counted.rows[0]?.total ?? 0;
      }
      return { count: Number(count), rows: rows.rows };
    },

    /** Every artist due money with their payee, tax form and default account. */
    async payees(trx: Db = db, artistId?: number): Promise<PayeeRow[]> {
      // Plain joins (hashed once), not a subquery per artist: the preview reads 10,000 rows.
      const found = await sql<
        Omit<PayeeRow, 'account'> & { [K in keyof AccountRow as `pa_${K}`]: AccountRow[K] | null }
      >`
        WITH due AS (${dueByArtist(artistId)})
        SELECT a.id AS artist_id, a.name, a.royalty_code, due.amount, due.lines,
               ai.id AS identity_id, ai.status AS identity_status, ai.first_name, ai.last_name,
               ai.business_name,
               (tf.artist_profile_id IS NOT NULL) AS has_tax_form,
               pa.id AS pa_id, pa.token AS pa_token, pa.type AS pa_type, pa.status AS pa_status,
               pa.is_default AS pa_is_default, pa.account_holder AS pa_account_holder,
               pa.country AS pa_country, pa.routing_number AS pa_routing_number,
               pa.number_last4 AS pa_number_last4, pa.email AS pa_email,
               pa.account_id AS pa_account_id,
               latest.status AS latest_account_status
        FROM due
        JOIN artists a ON a.id = due.artist_id
        LEFT JOIN artist_profiles ap ON ap.artist_id = a.id
        LEFT JOIN artist_identities ai ON ai.artist_profile_id = ap.id
        LEFT JOIN artist_tax_forms tf ON tf.artist_profile_id = ap.id
        LEFT JOIN payment_accounts pa ON pa.identity_id = ai.id AND pa.is_default
        LEFT JOIN (
          SELECT DISTINCT ON (identity_id) identity_id, status
          FROM payment_accounts ORDER BY identity_id, id DESC
        ) latest ON latest.identity_id = ai.id
        ORDER BY a.name, a.id`.execute(trx);
      return found.rows.map((row) => ({
        artist_id: row.artist_id,
        name: row.name,
        royalty_code: row.royalty_code,
        amount: row.amount,
        lines: row.lines,
        identity_id: row.identity_id,
        identity_status: row.identity_status,
        first_name: row.first_name,
        last_name: row.last_name,
        business_name: row.business_name,
        has_tax_form: row.has_tax_form,
        latest_account_status: row.latest_account_status,
        account:
          row.pa_id === null
            ? null
            : {
                id: row.pa_id,
                token: row.pa_token ?? '',
                type: row.pa_type ?? '',
                status: row.pa_status ?? '',
                is_default: row.pa_is_default ?? true,
                account_holder: row.pa_account_holder ?? '',
                country: row.pa_country,
                routing_number: row.pa_routing_number,
                number_last4: row.pa_number_last4,
                email: row.pa_email,
                account_id: row.pa_account_id,
              },
      }));
    },
  };
}
