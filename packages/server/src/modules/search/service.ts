import type { SearchResponse, SearchSort } from '@atelier/contracts';
import { fieldError } from '../../lib/errors';
import { toImageCard } from '../images/service';
import type { SearchRepository } from './repository';

/** Results reachable by paging: offset + limit may not go past it. */
export const MAX_RESULT_WINDOW = 10_000;

/** Characters PostgreSQL text cannot hold, and other controls: never meaningful in a query. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export function normaliseQuery(q: string): string {
  return q.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
}

export interface SearchRequest {
  q: string;
  sort: SearchSort;
  limit: number;
  offset: number;
}

export interface SearchService {
  search(request: SearchRequest): Promise<SearchResponse>;
}

export function createSearchService(repository: SearchRepository): SearchService {
  return {
    async search({ q, sort, limit, offset }) {
      if (offset + limit > MAX_RESULT_WINDOW) {
        throw fieldError(
          'offset',
          `Result window is too large: offset + limit must be less than or equal to ${MAX_RESULT_WINDOW}.`,
        );
      }
      const { rows, total } = await repository.search({
        text: normaliseQuery(q),
        sort,
        limit,
        offset,
      });
      return {
        images: rows.map(toImageCard),
        total,
        total_available: total,
        total_for_pagination: Math.min(total, MAX_RESULT_WINDOW),
        total_is_partial: false,
        facets: {},
        errors: [],
      };
    },
  };
}
