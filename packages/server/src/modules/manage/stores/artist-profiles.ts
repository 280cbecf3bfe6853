import { locationValue, type ArtistProfile, type ArtistProfileInput } from '@atelier/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { escapeLike } from '../../../lib/list-query';
import { mediaUrl } from '../../../lib/urls';
import type { EntityStore } from '../entity-routes';
import { countOf, iso, ordered } from '../../../lib/entity-rows';

const COLUMNS = [
  'artist_profiles.id',
  'artist_profiles.full_name',
  'artist_profiles.photo',
  'artist_profiles.bio',
  'artist_profiles.email',
  'artist_profiles.approved',
  'artist_profiles.created',
  'artist_profiles.location',
] as const;

const shape = (row: {
  id: number;
  full_name: string;
  photo: string | null;
  bio: string;
  email: string;
  approved: boolean;
  created: Date;
  location: unknown;
}): ArtistProfile => {
  const location = locationValue.safeParse(row.location);
  return {
    ...row,
    photo: row.photo === null ? null : mediaUrl(row.photo),
    created: iso(row.created),
    location: location.success ? location.data : null,
  };
};

/**
 * Artist profiles as staff see and change them (a profile is made by its artist's
 * application, never by this form). The list stays the artist-profiles module's: a user
 * sees their own there.
 */
export function createArtistProfileStore(
  db: Kysely<DB>,
): EntityStore<ArtistProfile, ArtistProfileInput> {
  const get = async (id: number) => {
    const row = await db
      .selectFrom('artist_profiles')
      .select(COLUMNS)
      .where('artist_profiles.id', '=', id)
      .executeTakeFirst();
    return row ? shape(row) : null;
  };
  return {
    async list({ search, ordering, limit, offset }) {
      let query = db.selectFrom('artist_profiles').select(COLUMNS);
      if (search) {
        const pattern = `%${escapeLike(search)}%`;
        query = query.where((eb) =>
          eb.or([
            eb('artist_profiles.full_name', 'ilike', pattern),
            eb('artist_profiles.email', 'ilike', pattern),
          ]),
        );
      }
      const [count, rows] = await Promise.all([
        countOf(query),
        ordered(query, ordering, 'artist_profiles.id').limit(limit).offset(offset).execute(),
      ]);
      return { count, results: rows.map(shape) };
    },
    get,
    async update(id, input) {
      const { location, ...rest } = input;
      const changes = {
        ...rest,
        ...(location === undefined
          ? {}
          : { location: location === null ? null : JSON.stringify(location) }),
      };
      if (Object.values(changes).every((value) => value === undefined)) return get(id);
      const row = await db
        .updateTable('artist_profiles')
        .set(changes)
        .where('id', '=', id)
        .returning(['id'])
        .executeTakeFirst();
      return row ? get(id) : null;
    },
  };
}
