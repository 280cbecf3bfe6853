import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const COLUMNS = [
  'profiles.current_project_id',
  'projects.name as current_project_name',
  'profiles.current_workspace_name',
  'profiles.application_stage',
] as const;

/** One profile per user (made on first read), or per guest session (made by a cart). */
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

    /** A guest's profile is made by what it records (a cart): reading makes none. */
    async forSession(sessionId: string) {
      return withProject().where('profiles.session_id', '=', sessionId).executeTakeFirst();
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
