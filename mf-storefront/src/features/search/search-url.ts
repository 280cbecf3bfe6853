import {
  SEARCH_APIS,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_FACETS,
  SEARCH_MAX_LIMIT,
  SEARCH_RESULT_WINDOW,
  SEARCH_SORTS,
  type SearchApi,
  type SearchSort,
} from '@atelier/contracts';
import type { SearchImagesParams } from '@atelier/api-client';

/**
 * Filter params the search API takes (server search routes): the counted facets and the
 * uncounted ones. They are passed through from the URL untouched, repeated keys included.
 */
const SEARCH_FILTER_KEYS = [
  ...SEARCH_FACETS,
  'royalty_code',
  'favorites',
  'artcollection',
] as const;

export interface SearchUrlState {
  q: string;
  sort: SearchSort;
  offset: number;
  limit: number;
  /** The api param's values (internal, external); empty when absent. */
  api: SearchApi[];
  /** Group results by created date (SPEC §2 Media grid): any value of `group` turns it on. */
  group: boolean;
  /** Filter key → its values in URL order. */
  filters: Record<string, string[]>;
}

const DEFAULT_SORT: SearchSort = 'newest';

const toInt = (value: string | null, fallback: number, min: number, max: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

const isSort = (value: string | null): value is SearchSort =>
  (SEARCH_SORTS as readonly (string | null)[]).includes(value);

const isApi = (value: string): value is SearchApi =>
  (SEARCH_APIS as readonly string[]).includes(value);

/** The screen's state as the URL holds it; bad or missing values fall back to the defaults. */
export function readSearchUrl(params: URLSearchParams): SearchUrlState {
  const limit = toInt(params.get('limit'), SEARCH_DEFAULT_LIMIT, 1, SEARCH_MAX_LIMIT);
  const filters: Record<string, string[]> = {};
  for (const key of SEARCH_FILTER_KEYS) {
    const values = params.getAll(key).filter((value) => value !== '');
    if (values.length > 0) filters[key] = values;
  }
  const sort = params.get('sort');
  return {
    q: params.get('q') ?? '',
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    // Past the result window the server can only answer 'Result window is too large'.
    offset: toInt(params.get('offset'), 0, 0, SEARCH_RESULT_WINDOW),
    limit,
    api: params
      .getAll('api')
      .flatMap((value) => value.split(','))
      .filter(isApi),
    group: params.has('group') && params.get('group') !== 'false',
    filters,
  };
}

/** The searchImages call for a URL state: q, sort, page, api and every filter. */
export function toSearchParams(state: SearchUrlState): SearchImagesParams {
  const params: SearchImagesParams = {
    q: state.q,
    sort: state.sort,
    offset: state.offset,
    limit: state.limit,
    ...state.filters,
  };
  if (state.api.length === 1) params.api = state.api[0];
  else if (state.api.length > 1) params.api = state.api;
  return params;
}

/**
 * A copy of the URL params with `changes` applied (undefined or '' removes a key). Any change
 * but a page change starts again at the first result, so a new sort or query never lands on
 * a page past its end.
 */
export function updateSearchUrl(
  params: URLSearchParams,
  changes: Partial<Record<'q' | 'sort' | 'offset' | 'limit', string | number | undefined>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('offset' in changes)) next.delete('offset');
  if (next.get('offset') === '0') next.delete('offset');
  return next;
}
