import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const COLUMNS = ['current_project_id', 'current_workspace_name', 'application_stage'] as const;

/** One profile per user, or per guest session; made on first use. */
export function createProfileRepository(db: Kysely<DB>) {
  return {
    async forUser(userId: number) {
      await db
        .insertInto('profiles')
        .values({ user_id: userId })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      return db
        .selectFrom('profiles')
        .select(COLUMNS)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
    },

    async forSession(sessionId: string) {
      await db
        .insertInto('profiles')
        .values({ session_id: sessionId })
        .onConflict((oc) => oc.column('session_id').doNothing())
        .execute();
      return db
        .selectFrom('profiles')
        .select(COLUMNS)
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
