import {
  bpToPercent,
  EFFECTIVE_IN_PAST,
  percentToBp,
  type RoyaltyLevelInput,
  type RoyaltyLevelRate,
  type RoyaltyLevelRecord,
} from '@atelier/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { countOf, iso, ordered } from '../../lib/entity-rows';
import { fieldError } from '../../lib/errors';
import { escapeLike } from '../../lib/list-query';
import type { JobQueue } from '../job-queue';
import type { EntityStore } from '../manage';

/** The job that applies a scheduled rate on its day (modules/job-queue). */
export const RATE_JOB_QUEUE = 'royalty-rates';
const NEW_LEVEL_STARTS_TODAY =
  'A new level starts today; schedule a later rate by editing it afterwards.';
const DUPLICATE_NAME = 'royalty level with this name already exists.';
export const RATE_IN_EFFECT =
  'This rate is already in effect and cannot be cancelled; schedule a new rate instead.';

/** Today in UTC as YYYY-MM-DD: the day a rate's effective date is compared with. */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

export const ROYALTY_LEVEL_ORDERINGS = [
  'id',
  'name',
  'rate_bp',
  'artist_count',
  'created',
  'modified',
] as const;

/**
 * Applies every rate whose day has come: each level's rate_bp becomes its latest rate from on
 * or before `today`, and each artist on a level gets that rate for the orders placed from now
 * on. Order lines keep the rate they were sold at. Idempotent.
 */
export async function applyDueRates(db: Kysely<DB>, today: string = todayUtc()): Promise<void> {
  await sql`
    update royalty_levels l set rate_bp = due.rate_bp, modified = now()
    from (
      select distinct on (royalty_level_id) royalty_level_id, rate_bp
      from royalty_level_rates
      where effective_from <= ${today}::date
      order by royalty_level_id, effective_from desc, id desc
    ) due
    where due.royalty_level_id = l.id and l.rate_bp <> due.rate_bp`.execute(db);
  await sql`
    update artists a set royalty_rate_bp = l.rate_bp
    from artist_profiles p join royalty_levels l on l.id = p.royalty_level_id
    where a.id = p.artist_id and a.royalty_rate_bp <> l.rate_bp`.execute(db);
}

interface LevelRow {
  id: number;
  name: string;
  rate_bp: number;
  description: string;
  is_default: boolean;
  created: Date;
  modified: Date;
  effective_from: string | null;
  next_rate_bp: number | null;
  next_effective_from: string | null;
  artist_count: number | string;
}

const shape = (row: LevelRow): RoyaltyLevelRecord => ({
  id: row.id,
  name: row.name,
  rate_percent: bpToPercent(row.rate_bp),
  rate_bp: row.rate_bp,
  effective_from: row.effective_from ?? iso(row.created).slice(0, 10),
  next_rate_percent: row.next_rate_bp === null ? null : bpToPercent(row.next_rate_bp),
  next_effective_from: row.next_effective_from,
  artist_count: Number(row.artist_count),
  description: row.description,
  is_default: row.is_default,
  created: iso(row.created),
  modified: iso(row.modified),
});

export function createRoyaltyLevelService(
  db: Kysely<DB>,
  options: { jobs?: JobQueue | undefined; now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());

  const levels = (today: string) =>
    db.selectFrom('royalty_levels as l').select([
      'l.id',
      'l.name',
      'l.rate_bp',
      'l.description',
      'l.is_default',
      'l.created',
      'l.modified',
      sql<string | null>`(select r.effective_from::text from royalty_level_rates r
          where r.royalty_level_id = l.id and r.effective_from <= ${today}::date
          order by r.effective_from desc, r.id desc limit 1)`.as('effective_from'),
      sql<number | null>`(select r.rate_bp from royalty_level_rates r
          where r.royalty_level_id = l.id and r.effective_from > ${today}::date
          order by r.effective_from limit 1)`.as('next_rate_bp'),
      sql<string | null>`(select r.effective_from::text from royalty_level_rates r
          where r.royalty_level_id = l.id and r.effective_from > ${today}::date
          order by r.effective_from limit 1)`.as('next_effective_from'),
      sql<string>`(select count(*) from artist_profiles p where p.royalty_level_id = l.id)`.as(
        'artist_count',
      ),
    ]);

  async function get(id: number): Promise<RoyaltyLevelRecord | null> {
    const row = await levels(todayUtc(now())).where('l.id', '=', id).executeTakeFirst();
    return row ? shape(row) : null;
  }

  async function schedule(day: string) {
    if (!options.jobs) return;
    await options.jobs.enqueue(RATE_JOB_QUEUE, { day }, { runAt: new Date(`${day}T00:00:00Z`) });
  }

  async function save(id: number | null, input: Partial<RoyaltyLevelInput>) {
    const today = todayUtc(now());
    const from = input.rate_effective_from ?? today;
    if (from < today) throw fieldError('rate_effective_from', EFFECTIVE_IN_PAST);
    if (id === null && from !== today)
      throw fieldError('rate_effective_from', NEW_LEVEL_STARTS_TODAY);
    if (input.name !== undefined) {
      const duplicate = await db
        .selectFrom('royalty_levels')
        .select('id')
        .where(sql<boolean>`lower(name) = lower(${input.name})`)
        .where('id', '!=', id ?? -1)
        .executeTakeFirst();
      if (duplicate) throw fieldError('name', DUPLICATE_NAME);
    }
    const savedId = await db.transaction().execute(async (trx) => {
      if (input.is_default) {
        await trx
          .updateTable('royalty_levels')
          .set({ is_default: false })
          .where('is_default', '=', true)
          .where('id', '!=', id ?? -1)
          .execute();
      }
      const bp = input.rate_percent === undefined ? undefined : percentToBp(input.rate_percent);
      const fields = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.is_default !== undefined ? { is_default: input.is_default } : {}),
      };
      if (id === null) {
        const row = await trx
          .insertInto('royalty_levels')
          .values({ name: input.name ?? '', rate_bp: bp ?? 0, ...fields, modified: new Date() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('royalty_level_rates')
          .values({ royalty_level_id: row.id, rate_bp: bp ?? 0, effective_from: today })
          .execute();
        return row.id;
      }
      const row = await trx
        .updateTable('royalty_levels')
        .set({ ...fields, modified: new Date() })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      if (!row) return null;
      if (bp !== undefined) {
        if (from > today) {
          // A change still to come never took effect: saving that day again replaces it.
          await trx
            .deleteFrom('royalty_level_rates')
            .where('royalty_level_id', '=', id)
            .where(sql<boolean>`effective_from = ${from}::date`)
            .execute();
        }
        // The rate in effect on that day: a new row only when the rate changes from it.
        const inEffect = await trx
          .selectFrom('royalty_level_rates')
          .select('rate_bp')
          .where('royalty_level_id', '=', id)
          .where(sql<boolean>`effective_from <= ${from}::date`)
          .orderBy('effective_from', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (inEffect?.rate_bp !== bp) {
          await trx
            .insertInto('royalty_level_rates')
            .values({ royalty_level_id: id, rate_bp: bp, effective_from: from })
            .execute();
        }
      }
      return row.id;
    });
    if (savedId === null) return null;
    await applyDueRates(db, today);
    if (from > today) await schedule(from);
    return get(savedId);
  }

  const store: EntityStore<RoyaltyLevelRecord, RoyaltyLevelInput> = {
    async list({ search, ordering, limit, offset }) {
      let query = levels(todayUtc(now()));
      if (search) {
        const pattern = `%${escapeLike(search)}%`;
        query = query.where((eb) =>
          eb.or([eb('l.name', 'ilike', pattern), eb('l.description', 'ilike', pattern)]),
        );
      }
      const [count, rows] = await Promise.all([
        countOf(query),
        ordered(query, ordering, 'id').limit(limit).offset(offset).execute(),
      ]);
      return { count, results: rows.map(shape) };
    },
    get,
    create: async (input) => (await save(null, input))!,
    update: (id, input) => save(id, input),
  };

  return {
    store,
    /**
     * Cancels a scheduled rate (one whose day is still to come). 'in-effect' for a rate from
     * today or before (sales may already carry it); null when the level has no such rate.
     */
    async cancelRate(levelId: number, rateId: number): Promise<'cancelled' | 'in-effect' | null> {
      const today = todayUtc(now());
      // One statement: a rate whose day comes between a check and the delete is never removed.
      const deleted = await db
        .deleteFrom('royalty_level_rates')
        .where('id', '=', rateId)
        .where('royalty_level_id', '=', levelId)
        .where(sql<boolean>`effective_from > ${today}::date`)
        .returning('id')
        .executeTakeFirst();
      if (deleted) return 'cancelled';
      const exists = await db
        .selectFrom('royalty_level_rates')
        .select('id')
        .where('id', '=', rateId)
        .where('royalty_level_id', '=', levelId)
        .executeTakeFirst();
      return exists ? 'in-effect' : null;
    },
    /** A level's rates, newest day first: past, current and scheduled. */
    async rates(
      id: number,
      page: { limit: number; offset: number },
    ): Promise<{ count: number; results: RoyaltyLevelRate[] } | null> {
      const level = await get(id);
      if (!level) return null;
      const today = todayUtc(now());
      const current = await db
        .selectFrom('royalty_level_rates')
        .select('id')
        .where('royalty_level_id', '=', id)
        .where(sql<boolean>`effective_from <= ${today}::date`)
        .orderBy('effective_from', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const base = db.selectFrom('royalty_level_rates').where('royalty_level_id', '=', id);
      const [count, rows] = await Promise.all([
        countOf(base.select('id')),
        base
          .select([
            'id',
            'rate_bp',
            'created',
            sql<string>`effective_from::text`.as('effective_from'),
          ])
          .orderBy('royalty_level_rates.effective_from', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
      ]);
      return {
        count,
        results: rows.map((row) => ({
          id: row.id,
          rate_bp: row.rate_bp,
          rate_percent: bpToPercent(row.rate_bp),
          effective_from: row.effective_from,
          state:
            row.effective_from > today ? 'scheduled' : row.id === current?.id ? 'current' : 'past',
          created: iso(row.created),
        })),
      };
    },
  };
}
