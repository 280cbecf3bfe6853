import type { SessionProfile } from '@atelier/contracts';
import type { ProfileRepository } from './repository';

type ProfileRow = Awaited<ReturnType<ProfileRepository['forUser']>>;

const toProfile = (row: ProfileRow, userUuid: string | null): SessionProfile => ({
  user_id: userUuid,
  current_project:
    row.current_project_id !== null && row.current_project_name !== null
      ? { id: row.current_project_id, name: row.current_project_name }
      : null,
  current_workspace:
    row.current_workspace_name === null ? null : { name: row.current_workspace_name },
  application_stage: row.application_stage,
});

/** A guest with nothing recorded yet: answered without a session or a row. */
export const GUEST_PROFILE: SessionProfile = Object.freeze({
  user_id: null,
  current_project: null,
  current_workspace: null,
  application_stage: null,
});

export function createProfileService(repository: ProfileRepository) {
  return {
    async forUser(userId: number, userUuid: string): Promise<SessionProfile> {
      return toProfile(await repository.forUser(userId), userUuid);
    },
    async forSession(sessionId: string): Promise<SessionProfile> {
      const row = await repository.forSession(sessionId);
      return row ? toProfile(row, null) : GUEST_PROFILE;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
