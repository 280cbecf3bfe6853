import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface DesignStudioRepository {
  /**
   * Adds `set` to the image's static sets unless it is there already (add only; updated is
   * bumped only on a change). Answers the image's sets; undefined when there is no image.
   */
  addStaticSet(
    imageId: number,
    set: string,
  ): Promise<{ id: number; static_sets: string[] } | undefined>;
}

export function createDesignStudioRepository(db: Kysely<DB>): DesignStudioRepository {
  return {
    async addStaticSet(imageId, set) {
      const added = await db
        .updateTable('images')
        .set({
          static_sets: sql<string[]>`array_append(static_sets, ${set}::text)`,
          updated: sql<Date>`now()`,
        })
        .where('id', '=', imageId)
        .where(sql<boolean>`not (${set}::text = any(static_sets))`)
        .returning(['id', 'static_sets'])
        .executeTakeFirst();
      if (added) return added;
      return db
        .selectFrom('images')
        .select(['id', 'static_sets'])
        .where('id', '=', imageId)
        .executeTakeFirst();
    },
  };
}
