import type { ApplicationStage } from '@atelier/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The user's application_stage (their profile row is made if it is missing). */
export async function stageOf(db: Kysely<DB>, userId: number): Promise<ApplicationStage | null> {
  const row = await db
    .selectFrom('profiles')
    .select('application_stage')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (row?.application_stage as ApplicationStage | null | undefined) ?? null;
}

/** Moves the user's application_stage (docs/artist-portal.md: Stages). */
export async function setStage(
  db: Kysely<DB>,
  userId: number,
  stage: ApplicationStage,
): Promise<void> {
  await db
    .insertInto('profiles')
    .values({ user_id: userId, application_stage: stage })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ application_stage: stage }))
    .execute();
}

/** Moves the stage from `from` to `to` only; answers whether it moved. */
export async function advanceStage(
  db: Kysely<DB>,
  userId: number,
  from: ApplicationStage,
  to: ApplicationStage,
): Promise<boolean> {
  const result = await db
    .updateTable('profiles')
    .set({ application_stage: to })
    .where('user_id', '=', userId)
    .where('application_stage', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
