import type { Kysely } from 'kysely';
import type { OrderKey } from '../../lib/list-query';
import { ordered } from '../../lib/entity-rows';
import type { DB } from '../../db/schema';

export interface ArtistFilters {
  active?: boolean | undefined;
  gaa_artist?: boolean | undefined;
  /** Part of the name or royalty code, any case (typeaheads and related lookups). */
  search?: string | undefined;
}

/** `ordering` keys of the artist list; by name unless asked. */
export const ARTIST_ORDERINGS = ['name', 'royalty_code', 'created', 'id'] as const;
const ARTIST_DEFAULT_ORDERING: OrderKey[] = [{ column: 'name', descending: false }];

/** `100%_off` → `100\%\_off`: a LIKE pattern that matches the text literally. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createArtistRepository(db: Kysely<DB>) {
  const filtered = (filters: ArtistFilters) => {
    let query = db.selectFrom('artists');
    if (filters.active !== undefined) query = query.where('active', '=', filters.active);
    if (filters.gaa_artist !== undefined)
      query = query.where('gaa_artist', '=', filters.gaa_artist);
    if (filters.search) {
      const pattern = `%${escapeLike(filters.search)}%`;
      query = query.where((eb) =>
        eb.or([eb('name', 'ilike', pattern), eb('royalty_code', 'ilike', pattern)]),
      );
    }
    return query;
  };
  return {
    /** Artists in the asked order (by name by default), then by id. */
    list: (
      filters: ArtistFilters,
      page: { limit: number; offset: number },
      ordering: readonly OrderKey[] = ARTIST_DEFAULT_ORDERING,
    ) =>
      ordered(
        filtered(filters).select(['id', 'name', 'royalty_code', 'gaa_artist', 'active', 'created']),
        ordering,
        'id',
      )
        .limit(page.limit)
        .offset(page.offset)
        .execute(),

    async count(filters: ArtistFilters): Promise<number> {
      const row = await filtered(filters)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type ArtistRepository = ReturnType<typeof createArtistRepository>;
