import type { SessionProfile } from '@atelier/contracts';
import type { ProfileRepository } from './repository';

type ProfileRow = Awaited<ReturnType<ProfileRepository['forUser']>>;

const toProfile = (row: ProfileRow, userUuid: string | null): SessionProfile => ({
  user_id: userUuid,
  // Projects arrive with the cart; until then no profile has a current project.
  current_project: null,
  current_workspace:
    row.current_workspace_name === null ? null : { name: row.current_workspace_name },
  application_stage: row.application_stage,
});

export function createProfileService(repository: ProfileRepository) {
  return {
    async forUser(userId: number, userUuid: string): Promise<SessionProfile> {
      return toProfile(await repository.forUser(userId), userUuid);
    },
    async forSession(sessionId: string): Promise<SessionProfile> {
      return toProfile(await repository.forSession(sessionId), null);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
