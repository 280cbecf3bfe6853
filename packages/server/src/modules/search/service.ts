import {
  COLOURS,
  EXTERNAL_SOURCES,
  IMAGE_TYPES,
  INTERNAL_SOURCES,
  MINIMUM_SIZES,
  ORIENTATIONS,
  SEARCH_FACETS,
  SEARCH_RESULT_WINDOW,
  SUBSTRATES,
  TONAL_COLOURS,
  type FacetCounts,
  type MinimumSize,
  type RelatedImagesResponse,
  type RelatedKeyword,
  type SearchApi,
  type SearchFacet,
  type SearchResponse,
  type SearchSort,
} from '@atelier/contracts';
import { fieldError } from '../../lib/errors';
import { GUEST, type Viewer } from '../../plugins/viewer';
import { keywordsOf, toSearchCard, type SearchCardRow } from './card';
import { TtlCache } from './cache';
import { parseQuery, queryWords, type ParsedQuery } from './query';
import type { CountedSet, PreparedQuery, SearchCriteria, SearchRepository } from './repository';
import { tagCode, tagRange, type TagDimension } from './tags';

/** Results reachable by paging: offset + limit may not go past it. */
export const MAX_RESULT_WINDOW = SEARCH_RESULT_WINDOW;

export const RESULT_WINDOW_MESSAGE = `Result window is too large: offset + limit must be less than or equal to ${MAX_RESULT_WINDOW}.`;
export const FAVORITES_SIGN_IN = 'Sign in to filter by favorites.';
export const NO_SUCH_COLLECTION =
  'Select a valid choice. That choice is not one of the available choices.';
export const TONAL_EXCLUSIVE = `Choose one of ${TONAL_COLOURS.join(', ')}, or named colours, not both.`;

/** How many related keywords a search answers with, at most. */
export const RELATED_KEYWORDS = 10;

export interface SearchOptions {
  /**
   * Rows counted per result set before the total becomes an estimate (total_is_partial):
   * counts and facets are exact up to it. Counting reads matching rows, so this bounds
   * the cost of a search on a huge catalogue.
   */
  countCap: number;
  /**
   * best_match ranks this many of the most popular matches by relevance (then the rest by
   * popularity): a large set is not read whole for a relevance order.
   */
  rankCandidates: number;
  /** Counts and facets of recent searches, kept by (search, catalogue epoch). 0: off. */
  cacheEntries: number;
  cacheTtlMs: number;
  /** Pages of recent searches, kept by (search, sort, page, catalogue epoch). 0: off. */
  pageCacheEntries: number;
  /**
   * Without words, filters use the GIN index only when one of them is on at most this share
   * of the catalogue; broad ones alone (people=false, price=2) are checked along the sort
   * index instead. With words, filters always join them in the index's query.
   */
  indexMaxShare: number;
}

export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  countCap: 1000,
  rankCandidates: 300,
  cacheEntries: 2000,
  cacheTtlMs: 300_000,
  pageCacheEntries: 500,
  indexMaxShare: 0.1,
};

/**
 * How a large result set's page is read. Walking the sort index meets a match every
 * catalogue/total rows, so a page ending at `end` costs about end × catalogue / total rows
 * (three times that, for safety against an optimistic estimate); sorting the whole set costs
 * about `total` rows. The cheaper one is chosen; a walk that falls short falls back to the
 * whole set (repository.ts).
 */
export function pagePlan(
  total: number,
  end: number,
  catalogue: number,
): { small: true; smallLimit?: number; overflowWalk?: number } | { small: false; walk: number } {
  const size = Math.max(catalogue, total);
  const walkFor = (matches: number) =>
    Math.max(1000, Math.ceil((3 * end * size) / Math.max(1, matches)));
  const walk = walkFor(total);
  if (walk < total) return { small: false, walk };
  // Sorting the whole set, as estimated. For a first page, read at most four times the
  // estimate: more matches than that (a phrase, correlated words) and the set is dense
  // enough to walk. A deep page would walk far: it sorts the whole set, however large.
  if (end > SHALLOW_PAGE_END) return { small: true };
  const smallLimit = 4 * total + 1000;
  return { small: true, smallLimit, overflowWalk: walkFor(smallLimit) };
}

/** Pages ending here or sooner may switch from sorting the set to walking the index. */
const SHALLOW_PAGE_END = 1000;

/** Has the search any condition beyond visibility (else the sort index is the answer)? */
const conditioned = (c: SearchCriteria): boolean =>
  c.tsquery !== '' ||
  c.nothing ||
  Object.keys(c.filters).length > 0 ||
  c.scope !== null ||
  c.artistIds !== null ||
  c.royaltyArtistIds !== null ||
  c.imageIds !== null ||
  (c.favoritesOf !== undefined && c.favoritesOf !== null) ||
  Boolean(c.collection) ||
  c.excludeIds.length > 0;

/** How long the tags' frequencies (from the planner's statistics) are reused. */
const FREQUENCIES_TTL_MS = 300_000;

/** A search as the route has validated it (filters already split and checked). */
export interface SearchRequest {
  q: string;
  sort: SearchSort;
  limit: number;
  offset: number;
  api?: SearchApi | undefined;
  image_type?: string[] | undefined;
  people?: boolean[] | undefined;
  colours?: string[] | undefined;
  orientation?: string[] | undefined;
  substrate?: string[] | undefined;
  price?: number[] | undefined;
  minimum_size?: MinimumSize | undefined;
  sources?: string[] | undefined;
  royalty_code?: string[] | undefined;
  favorites?: boolean | undefined;
  artcollection?: number | undefined;
}

export interface RelatedRequest {
  q: string;
  api?: SearchApi | undefined;
  limit: number;
}

export interface SearchService {
  search(request: SearchRequest, viewer: Viewer): Promise<SearchResponse>;
  related(request: RelatedRequest, viewer: Viewer): Promise<RelatedImagesResponse>;
  /** Counts/facets cache figures (for the benchmark and logs). */
  cacheStats(): { hits: number; misses: number; size: number; pageHits: number };
}

const EMPTY_QUERY: PreparedQuery = {
  tsquery: '',
  artistIds: null,
  imageIds: null,
  royaltyArtistIds: null,
  epoch: '',
};
const STAFF_VIEWER: Viewer = { userId: null, userUuid: null, isStaff: true };

/** The tag dimension behind each facet. */
const FACET_TAGS: Record<SearchFacet, TagDimension> = {
  image_type: 'image_type',
  people: 'people',
  colours: 'colours',
  orientation: 'orientation',
  substrate: 'substrate',
  price: 'price',
  minimum_size: 'size',
  sources: 'sources',
};

const TAG_RANGES = Object.fromEntries(
  SEARCH_FACETS.map((facet) => [facet, tagRange(FACET_TAGS[facet])]),
) as Record<SearchFacet, [number, number]>;

const MINIMUM_SIZE_CLASS: Record<MinimumSize, number> = {
  all: 0,
  large: 1,
  x_large: 2,
  xx_large: 3,
};

const SOURCES = [...INTERNAL_SOURCES, ...EXTERNAL_SOURCES] as const;

/** Facet values in the order a filter panel lists them. */
const FACET_VALUES: Record<Exclude<SearchFacet, 'minimum_size'>, readonly string[]> = {
  image_type: IMAGE_TYPES,
  people: ['true', 'false'],
  colours: COLOURS,
  orientation: ORIENTATIONS,
  substrate: SUBSTRATES,
  price: ['1', '2', '3', '4'],
  sources: SOURCES,
};

const codes = (dimension: TagDimension, values: readonly string[]): number[] =>
  values.map((value) => tagCode(dimension, value)).filter((c): c is number => c !== undefined);

/** The filters of a request as tag codes, per facet dimension (absent: no filter). */
export function filterTags(request: SearchRequest): Partial<Record<SearchFacet, number[]>> {
  const filters: Partial<Record<SearchFacet, number[]>> = {};
  const add = (facet: SearchFacet, values: readonly string[] | undefined) => {
    if (values && values.length > 0) filters[facet] = codes(FACET_TAGS[facet], values);
  };
  add('image_type', request.image_type);
  const people = new Set(request.people ?? []);
  if (people.size === 1) add('people', [...people].map(String));
  add('colours', request.colours);
  add('orientation', request.orientation);
  add('substrate', request.substrate);
  add('price', request.price?.map(String));
  const minimum = request.minimum_size ? MINIMUM_SIZE_CLASS[request.minimum_size] : 0;
  if (minimum > 0) add('minimum_size', ['0', '1', '2', '3'].slice(minimum));
  add('sources', request.sources);
  return filters;
}

function scopeTags(api: SearchApi | undefined): number[] | null {
  if (api === 'internal') return codes('sources', INTERNAL_SOURCES);
  if (api === 'external') return codes('sources', EXTERNAL_SOURCES);
  return null;
}

interface CountSummary {
  total: number;
  partial: boolean;
  facets: FacetCounts;
}

/** Facet counts from counted sets: a selected dimension's counts come from its own set. */
export function facetCounts(sets: CountedSet[], sizes: Map<CountedSet, number>): FacetCounts {
  const base = sets.find((set) => set.dimension === null);
  const facets: FacetCounts = {};
  for (const facet of SEARCH_FACETS) {
    const set = sets.find((s) => s.dimension === facet) ?? base;
    if (!set) continue;
    const total = sizes.get(set) ?? set.size;
    const scale = set.partial && set.size > 0 ? total / set.size : 1;
    const count = (code: number | undefined) =>
      code === undefined ? 0 : Math.round((set.tags.get(code) ?? 0) * scale);
    if (facet === 'minimum_size') {
      const byClass = [0, 1, 2, 3].map((c) => count(tagCode('size', String(c))));
      const atLeast = (cls: number) => byClass.slice(cls).reduce((sum, n) => sum + n, 0);
      facets.minimum_size = Object.fromEntries(
        MINIMUM_SIZES.map((size) => [
          size,
          size === 'all' ? total : atLeast(MINIMUM_SIZE_CLASS[size]),
        ]),
      );
      continue;
    }
    facets[facet] = Object.fromEntries(
      FACET_VALUES[facet].map((value) => [value, count(tagCode(FACET_TAGS[facet], value))]),
    );
  }
  return facets;
}

/** Keywords found most often on the rows (a query's best results), with one thumb each. */
export function relatedKeywords(
  rows: readonly SearchCardRow[],
  exclude: ReadonlySet<string>,
  max = RELATED_KEYWORDS,
): RelatedKeyword[] {
  const seen = new Map<string, { label: string; count: number; thumb: string; order: number }>();
  for (const row of rows) {
    const thumb = toSearchCard(row).thumb;
    for (const keyword of new Set(
      keywordsOf(row)
        .map((k) => k.trim())
        .filter(Boolean),
    )) {
      const key = keyword.toLowerCase();
      if (exclude.has(key)) continue;
      const entry = seen.get(key);
      if (entry) entry.count += 1;
      else seen.set(key, { label: keyword, count: 1, thumb, order: seen.size });
    }
  }
  return [...seen.values()]
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .slice(0, max)
    .map(({ label, thumb }) => ({ id: label, label, thumb }));
}

export function createSearchService(
  repository: SearchRepository,
  overrides: Partial<SearchOptions> = {},
): SearchService {
  const options: SearchOptions = { ...DEFAULT_SEARCH_OPTIONS, ...overrides };
  const cache = new TtlCache<CountSummary>(options.cacheEntries, options.cacheTtlMs);
  const pages = new TtlCache<SearchCardRow[]>(
    options.cacheEntries > 0 ? options.pageCacheEntries : 0,
    options.cacheTtlMs,
  );
  let frequencies: { at: number; value: Promise<Map<number, number>> } | null = null;
  const catalogueSizes = new Map<boolean, { at: number; value: Promise<number> }>();

  /** The planner's estimate of the images a viewer can see (guests: published ones). */
  function catalogueSize(includeUnpublished: boolean): Promise<number> {
    const cached = catalogueSizes.get(includeUnpublished);
    if (cached && Date.now() - cached.at <= FREQUENCIES_TTL_MS) return cached.value;
    const value = repository
      .estimate(criteriaFor(EMPTY_QUERY, includeUnpublished ? STAFF_VIEWER : GUEST), null)
      .catch(() => 0);
    catalogueSizes.set(includeUnpublished, { at: Date.now(), value });
    return value;
  }

  /** The filter dimensions selective enough for the index (all of them without statistics). */
  async function indexedDimensions(
    filters: Partial<Record<SearchFacet, number[]>>,
    withText: boolean,
  ): Promise<SearchFacet[] | undefined> {
    const dimensions = Object.keys(filters) as SearchFacet[];
    if (dimensions.length === 0) return undefined;
    if (!frequencies || Date.now() - frequencies.at > FREQUENCIES_TTL_MS) {
      frequencies = { at: Date.now(), value: repository.tagFrequencies() };
    }
    const known = await frequencies.value.catch(() => new Map<number, number>());
    if (known.size === 0) return undefined;
    // All the filters join the words in the index's query (GIN intersects them cheaply);
    // without words, only when one of them is selective: broad ones alone (price=2,
    // people=false) are better checked along the sort index.
    const selective = dimensions.some(
      (dimension) =>
        (filters[dimension] ?? []).reduce((sum, code) => sum + (known.get(code) ?? 0), 0) <=
        options.indexMaxShare,
    );
    return withText || selective ? dimensions : [];
  }

  function criteriaFor(
    prepared: PreparedQuery,
    viewer: Viewer,
    extra: Partial<SearchCriteria> = {},
  ): SearchCriteria {
    // A quoted artist's name or a local id that exists answers with those images; else text.
    const artist = prepared.artistIds !== null && prepared.artistIds.length > 0;
    const image = !artist && prepared.imageIds !== null && prepared.imageIds.length > 0;
    return {
      tsquery: artist || image ? '' : prepared.tsquery,
      artistIds: artist ? prepared.artistIds : null,
      imageIds: image ? prepared.imageIds : null,
      royaltyArtistIds: prepared.royaltyArtistIds,
      excludeIds: [],
      includeUnpublished: viewer.isStaff,
      scope: null,
      filters: {},
      nothing: false,
      ...extra,
    };
  }

  async function summarise(criteria: SearchCriteria): Promise<CountSummary> {
    const dimensions = SEARCH_FACETS.filter((facet) => criteria.filters[facet] !== undefined);
    const sets = await repository.count(criteria, dimensions, options.countCap, TAG_RANGES);
    const sizes = new Map<CountedSet, number>();
    await Promise.all(
      sets
        .filter((set) => set.partial)
        .map(async (set) => {
          const estimate = await repository.estimate(criteria, set.dimension);
          sizes.set(set, Math.max(estimate, set.size));
        }),
    );
    const base = sets[0] as CountedSet;
    return {
      total: sizes.get(base) ?? base.size,
      partial: base.partial,
      facets: facetCounts(sets, sizes),
    };
  }

  return {
    async search(request, viewer) {
      const { q, limit, offset } = request;
      if (offset + limit > MAX_RESULT_WINDOW) throw fieldError('offset', RESULT_WINDOW_MESSAGE);
      const nothing = false;
      let favoritesOf: number | null = null;
      if (request.favorites) {
        if (viewer.userId === null) throw fieldError('favorites', FAVORITES_SIGN_IN);
        favoritesOf = viewer.userId;
      }
      // A collection the viewer may see; any other id is not a valid choice (DRF's filter).
      let collection: SearchCriteria['collection'] = null;
      if (request.artcollection !== undefined) {
        const version = await repository.collectionVersion(request.artcollection, viewer);
        if (version === null) throw fieldError('artcollection', NO_SUCH_COLLECTION);
        collection = { id: request.artcollection, version };
      }
      const colours = request.colours ?? [];
      const tonal = colours.filter((c) => (TONAL_COLOURS as readonly string[]).includes(c));
      if (tonal.length > 1 || (tonal.length === 1 && colours.length > 1))
        throw fieldError('colours', TONAL_EXCLUSIVE);

      const parsed = parseQuery(q);
      const prepared = await repository.prepare(parsed, request.royalty_code ?? []);
      const filters = filterTags(request);
      const text = criteriaFor(prepared, viewer).tsquery !== '';
      const criteria = criteriaFor(prepared, viewer, {
        scope: scopeTags(request.api),
        collection,
        filters,
        nothing,
        favoritesOf,
        indexed: await indexedDimensions(filters, text),
      });
      // Favourites are not part of the search epoch (a toggle does not move it): a
      // favourites search is never cached, so it always shows the latest toggles.
      const cacheable = favoritesOf === null;
      const sort: SearchSort =
        request.sort === 'best_match' && !criteria.tsquery ? 'newest' : request.sort;
      const key = JSON.stringify([prepared.epoch, criteria]);
      let summary = cacheable ? cache.get(key) : undefined;
      if (!summary) {
        summary = await summarise(criteria);
        if (cacheable) cache.set(key, summary);
      }
      const pageKey = JSON.stringify([key, sort, limit, offset, parsed.clauses.length > 0]);
      let rows = cacheable ? pages.get(pageKey) : undefined;
      if (!rows) {
        // Counted first: a set within the cap is sorted whole, never found by a long walk;
        // a larger one is walked or sorted, whichever reads fewer rows (pagePlan).
        const ranked = sort === 'best_match';
        const plan = !summary.partial
          ? { small: true }
          : conditioned(criteria)
            ? pagePlan(
                summary.total,
                ranked ? Math.max(options.rankCandidates, offset + limit) : offset + limit,
                await catalogueSize(criteria.includeUnpublished),
              )
            : { small: false };
        rows = await repository.page(criteria, {
          sort,
          limit,
          offset,
          rankCandidates: options.rankCandidates,
          keywords: parsed.clauses.length > 0,
          ...plan,
        });
        if (cacheable) pages.set(pageKey, rows);
      }

      let { total, partial } = summary;
      // A short page is the end of the results: the total is known exactly after all.
      if (partial && rows.length < limit && (rows.length > 0 || offset === 0)) {
        total = offset + rows.length;
        partial = false;
      }
      return {
        images: rows.map(toSearchCard),
        total,
        total_available: total,
        total_for_pagination: Math.min(total, MAX_RESULT_WINDOW),
        total_is_partial: partial,
        facets: summary.facets,
        errors: [],
        related_keywords:
          parsed.clauses.length > 0 ? relatedKeywords(rows, queryWords(parsed)) : [],
      };
    },

    async related({ q, api, limit }, viewer) {
      const parsed = parseQuery(q);
      if (parsed.clauses.length === 0) return { images: [] };
      const prepared = await repository.prepare(parsed, []);
      const scope = scopeTags(api);
      const image =
        prepared.imageIds && prepared.imageIds.length > 0
          ? (await repository.byIds(prepared.imageIds, viewer.isStaff))[0]
          : undefined;
      if (!image) {
        const criteria = criteriaFor(prepared, viewer, { scope });
        const sort: SearchSort = criteria.tsquery ? 'best_match' : 'newest';
        const rows = await repository.page(criteria, {
          sort,
          limit,
          offset: 0,
          rankCandidates: options.rankCandidates,
        });
        return { images: rows.map(toSearchCard) };
      }
      // The image first, then the images sharing most of its keywords.
      const keywords: ParsedQuery = {
        clauses: [
          keywordsOf(image)
            .slice(0, 24)
            .map((text) => ({ text, phrase: false, negated: false })),
        ],
        quoted: null,
        single: null,
      };
      const others =
        limit > 1 && keywordsOf(image).length > 0
          ? await repository.page(
              criteriaFor(await repository.prepare(keywords, []), viewer, {
                scope,
                excludeIds: [image.id],
              }),
              { sort: 'best_match', limit: limit - 1, offset: 0, rankCandidates: 200 },
            )
          : [];
      return { images: [image, ...others].map(toSearchCard) };
    },

    cacheStats: () => ({
      hits: cache.hits,
      misses: cache.misses,
      size: cache.size,
      pageHits: pages.hits,
    }),
  };
}
