import { locationValue, type ArtistProfile, type ArtistProfilePage } from '@atelier/contracts';
import { mediaUrl } from '../../lib/urls';
import type { SignedInViewer } from '../../plugins/auth';
import type { ArtistProfileRepository } from './repository';

export interface ArtistProfileService {
  /** A user sees only their own profile; staff see any. */
  list(
    viewer: SignedInViewer,
    filters: { userUuid?: string | undefined },
    page: { limit: number; offset: number },
  ): Promise<Omit<ArtistProfilePage, 'next' | 'previous'>>;
}

export function createArtistProfileService(
  repository: ArtistProfileRepository,
): ArtistProfileService {
  return {
    async list(viewer, filters, page) {
      const where = {
        userUuid: filters.userUuid,
        userId: viewer.isStaff ? undefined : viewer.userId,
      };
      const [count, rows] = await Promise.all([
        repository.count(where),
        repository.list(where, page),
      ]);
      const results: ArtistProfile[] = rows.map((row) => {
        const location = locationValue.safeParse(row.location);
        return {
          id: row.id,
          full_name: row.full_name,
          photo: row.photo === null ? null : mediaUrl(row.photo),
          bio: row.bio,
          email: row.email,
          approved: row.approved,
          created: row.created.toISOString(),
          location: location.success ? location.data : null,
        };
      });
      return { count, results };
    },
  };
}
