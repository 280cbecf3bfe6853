import type { Artist, ArtistPage } from '@atelier/contracts';
import type { OrderKey } from '../../lib/list-query';
import type { ArtistFilters, ArtistRepository } from './repository';

export interface ArtistService {
  list(
    filters: ArtistFilters,
    page: { limit: number; offset: number },
    ordering?: readonly OrderKey[],
  ): Promise<Omit<ArtistPage, 'next' | 'previous'>>;
}

export function createArtistService(repository: ArtistRepository): ArtistService {
  return {
    async list(filters, page, ordering) {
      const [count, rows] = await Promise.all([
        repository.count(filters),
        repository.list(filters, page, ordering),
      ]);
      const results: Artist[] = rows.map((row) => ({ ...row, created: row.created.toISOString() }));
      return { count, results };
    },
  };
}
