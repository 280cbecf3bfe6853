import { sql, type Kysely } from 'kysely';
import type { Health } from '@atelier/contracts';
import type { DriverKind } from '../../db/client';
import type { DB } from '../../db/schema';

/** Above this many rows the planner's estimate is used instead of an exact count. */
const EXACT_COUNT_LIMIT = 100_000;

export function createHealthService(db: Kysely<DB>, kind: DriverKind) {
  return {
    async check(): Promise<Health> {
      const estimate = await sql<{ estimate: number }>`
        select reltuples::float8 as estimate from pg_class where oid = 'images'::regclass`.execute(
        db,
      );
      let images = Math.max(0, Math.round(estimate.rows[0]?.estimate ?? 0));
      if (images < EXACT_COUNT_LIMIT) {
        const row = await db
          .selectFrom('images')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        images = Number(row.count);
      }
      return { status: 'ok', database: kind, images };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
