import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const COLUMNS = [
  'profiles.current_project_id',
  'projects.name as current_project_name',
  'profiles.current_workspace_name',
  'profiles.application_stage',
] as const;

/** One profile per user, or per guest session; made on first use. */
export function createProfileRepository(db: Kysely<DB>) {
  const withProject = () =>
    db
      .selectFrom('profiles')
      .leftJoin('projects', 'projects.id', 'profiles.current_project_id')
      .select(COLUMNS);

  return {
    async forUser(userId: number) {
      await db
        .insertInto('profiles')
        .values({ user_id: userId })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      return withProject().where('profiles.user_id', '=', userId).executeTakeFirstOrThrow();
    },

    async forSession(sessionId: string) {
      await db
        .insertInto('profiles')
        .values({ session_id: sessionId })
        .onConflict((oc) => oc.column('session_id').doNothing())
        .execute();
      return withProject().where('profiles.session_id', '=', sessionId).executeTakeFirstOrThrow();
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
