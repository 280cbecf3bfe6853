import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface ArtistProfileFilters {
  /** Only this user's profile (users.id). */
  userId?: number | undefined;
  /** Only the profile of the user with this uuid. */
  userUuid?: string | undefined;
}

export function createArtistProfileRepository(db: Kysely<DB>) {
  const filtered = (filters: ArtistProfileFilters) => {
    let query = db
      .selectFrom('artist_profiles')
      .innerJoin('users', 'users.id', 'artist_profiles.user_id');
    if (filters.userId !== undefined)
      query = query.where('artist_profiles.user_id', '=', filters.userId);
    if (filters.userUuid !== undefined) query = query.where('users.uuid', '=', filters.userUuid);
    return query;
  };
  return {
    async count(filters: ArtistProfileFilters): Promise<number> {
      const row = await filtered(filters)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    list(filters: ArtistProfileFilters, page: { limit: number; offset: number }) {
      return filtered(filters)
        .select([
          'artist_profiles.id',
          'artist_profiles.full_name',
          'artist_profiles.photo',
          'artist_profiles.bio',
          'artist_profiles.email',
          'artist_profiles.approved',
          'artist_profiles.created',
          'artist_profiles.location',
        ])
        .orderBy('artist_profiles.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },
  };
}

export type ArtistProfileRepository = ReturnType<typeof createArtistProfileRepository>;
