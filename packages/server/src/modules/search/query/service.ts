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
import { fieldError } from '../../../lib/errors';
import { mediaUrl } from '../../../lib/urls';
import type { Viewer } from '../../../plugins/viewer';
import { keywordsOf, toSearchCard, type SearchCardRow } from '../indexer/card';
import { TtlCache } from './cache';
import {
  indexQuery,
  type CatalogueIndex,
  type IndexQuery,
  type ResultSets,
  type SlotSet,
  type TagCounts,
} from '../engine/catalogue-index';
import { FACET_EXACT_UP_TO, FACET_SAMPLE } from '../engine/sample-masks';
import { parseTsquery, positiveLexemes, type TsqueryNode } from '../engine/tsquery';
import { foldAccents } from './fold';
import { parseQuery, queryWords, type ParsedQuery } from './query';
import type { PreparedQuery, SearchRepository } from './repository';
import { tagCode, type TagDimension } from '../indexer/tags';

/** Results reachable by paging: offset + limit may not go past it. */
const MAX_RESULT_WINDOW = SEARCH_RESULT_WINDOW;

export const RESULT_WINDOW_MESSAGE = `Result window is too large: offset + limit must be less than or equal to ${MAX_RESULT_WINDOW}.`;
export const FAVORITES_SIGN_IN = 'Sign in to filter by favorites.';
export const NO_SUCH_COLLECTION =
  'Select a valid choice. That choice is not one of the available choices.';
const TONAL_EXCLUSIVE = `Choose one of ${TONAL_COLOURS.join(', ')}, or named colours, not both.`;

/** How many related keywords a search answers with, at most. */
const RELATED_KEYWORDS = 10;

export interface SearchOptions {
  /**
   * Facets are counted exactly on sets of up to this many images; on larger sets, on a
   * uniform random sample of them (sampleOf: as close as `facetSample` drawn from an
   * unbounded catalogue), scaled to the set's exact size (`facets_estimated` says so).
   * Totals are always exact.
   */
  countCap: number;
  /**
   * The sample whose accuracy every facet estimate has (sampleOf). 16,384 puts a value
   * holding a tenth of the set within ±5 % of its count at the 95 % level
   * (1.96·√(0.9 / (0.1·16384)) = 4.6 %), and a smaller one within ±0.5 % of the set's size.
   */
  facetSample: number;
  /** Counts and facets of recent searches, kept by (search, index version). 0: off. */
  cacheEntries: number;
  cacheTtlMs: number;
  /**
   * Pages of recent searches as image ids, kept by (search, sort, page, index version); their
   * cards are read afresh each time (from memory). 0: off.
   */
  pageCacheEntries: number;
}

const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  countCap: FACET_EXACT_UP_TO,
  facetSample: FACET_SAMPLE,
  cacheEntries: 2000,
  cacheTtlMs: 300_000,
  pageCacheEntries: 500,
};

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

interface RelatedRequest {
  q: string;
  api?: SearchApi | undefined;
  limit: number;
}

export interface SearchService {
  search(request: SearchRequest, viewer: Viewer): Promise<SearchResponse>;
  related(request: RelatedRequest, viewer: Viewer): Promise<RelatedImagesResponse>;
  /** Counts/facets cache figures (for the benchmark and logs). */
  cacheStats(): { hits: number; misses: number; size: number; pageHits: number };
  /**
   * Forgets every search so far: its counts, pages, lexemes and the index's kept matches
   * (after a warm-up, warm-up.ts).
   */
  forgetSearches(): Promise<void>;
}

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
function filterTags(request: SearchRequest): Partial<Record<SearchFacet, number[]>> {
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
  /** For a search finding nothing: its "Did you mean" correction ('' for none), once asked. */
  suggestion?: string;
  /** Some facet count is a sample's estimate. */
  estimated: boolean;
  facets: FacetCounts;
}

/** Each facet's values with their tag codes, in panel order (looked up once, not per search). */
const FACET_CODES = new Map<SearchFacet, readonly (readonly [string, number | undefined])[]>(
  (Object.keys(FACET_VALUES) as (keyof typeof FACET_VALUES)[]).map((facet) => [
    facet,
    FACET_VALUES[facet].map((value) => [value, tagCode(FACET_TAGS[facet], value)] as const),
  ]),
);
const SIZE_CODES = [0, 1, 2, 3].map((c) => tagCode('size', String(c)));

/**
 * Facet counts from tag counts: `counts` has each facet's tags counted on its own set (the
 * search without that facet's filter when it has one), `totals` that set's size.
 */
function facetCounts(
  counts: Map<SearchFacet, TagCounts>,
  totals: Map<SearchFacet, number>,
): FacetCounts {
  const facets: FacetCounts = {};
  for (const facet of SEARCH_FACETS) {
    const tags = counts.get(facet);
    const total = totals.get(facet) ?? 0;
    // Scaled sample counts may pass the total by rounding: never more than it.
    const count = (code: number | undefined) =>
      code === undefined || tags === undefined ? 0 : Math.min(total, tags.get(code) ?? 0);
    if (facet === 'minimum_size') {
      const byClass = SIZE_CODES.map(count);
      const atLeast = (cls: number) => byClass.slice(cls).reduce((sum, n) => sum + n, 0);
      facets.minimum_size = Object.fromEntries(
        MINIMUM_SIZES.map((size) => [
          size,
          size === 'all' ? total : Math.min(total, atLeast(MINIMUM_SIZE_CLASS[size])),
        ]),
      );
      continue;
    }
    const values: Record<string, number> = {};
    for (const [value, code] of FACET_CODES.get(facet) ?? []) values[value] = count(code);
    facets[facet] = values;
  }
  return facets;
}

/**
 * Keywords found most often on the rows (a query's best results), with one thumb each: a
 * keyword counts once per row holding it, whatever its case. Every search answers them, so
 * the loop makes no array or set per row (it took a tenth of a search's CPU that way).
 */
function relatedKeywords(
  rows: readonly SearchCardRow[],
  exclude: ReadonlySet<string>,
  max = RELATED_KEYWORDS,
): RelatedKeyword[] {
  /** By keyword in lower case: its first spelling and row, its count, the last row counted. */
  const seen = new Map<string, { label: string; count: number; first: number; last: number }>();
  for (let r = 0; r < rows.length; r++) {
    for (const raw of keywordsOf(rows[r] as SearchCardRow)) {
      const keyword = raw.trim();
      if (!keyword) continue;
      const key = keyword.toLowerCase();
      const entry = seen.get(key);
      if (entry === undefined) {
        if (!exclude.has(key)) seen.set(key, { label: keyword, count: 1, first: r, last: r });
      } else if (entry.last !== r) {
        entry.count += 1;
        entry.last = r;
      }
    }
  }
  // Ties keep the order keywords were first met in (Map order; the sort is stable). The
  // thumb (a card) only for the keywords answered.
  return [...seen.values()]
    .sort((a, b) => b.count - a.count)
    .slice(0, max)
    .map(({ label, first }) => ({
      id: label,
      label,
      thumb: mediaUrl((rows[first] as SearchCardRow).thumb_path),
    }));
}

/** A search, resolved to what the index needs. */
interface Resolved {
  query: IndexQuery;
  /** PostgreSQL's tsquery text of the words ('' without words). */
  tsquery: string;
  /** The lexemes best_match ranks by. */
  lexemes: string[];
  /** The whole query as one phrase (best_match puts titles holding it first), or null. */
  phrase: TsqueryNode | null;
  /** Part of the cache keys: what makes two searches the same. */
  key: string;
}

export function createSearchService(
  repository: SearchRepository,
  overrides: Partial<SearchOptions> = {},
): SearchService {
  const options: SearchOptions = { ...DEFAULT_SEARCH_OPTIONS, ...overrides };
  const cache = new TtlCache<CountSummary>(options.cacheEntries, options.cacheTtlMs);
  const pages = new TtlCache<number[]>(
    options.cacheEntries > 0 ? options.pageCacheEntries : 0,
    options.cacheTtlMs,
  );
  const lexemes = new TtlCache<PreparedQuery>(options.cacheEntries, options.cacheTtlMs);

  /**
   * The query's lexemes from PostgreSQL (its stemming), and what its artists, royalty codes
   * and local id name, kept by query text. Lexemes never change; a lookup of artists is
   * kept until the index catches up on a change to artists, one of a local id until it
   * catches up on a change to images. A one-word query is looked up as a local id only
   * when the index knows a local id that could be it.
   */
  async function prepare(
    index: CatalogueIndex,
    parsed: ParsedQuery,
    royaltyCodes: readonly string[],
  ): Promise<PreparedQuery> {
    const localId = parsed.single !== null && index.mayBeLocalId(parsed.single);
    const artists = parsed.quoted !== null || royaltyCodes.length > 0;
    const key = JSON.stringify([
      parsed.clauses,
      parsed.quoted,
      royaltyCodes,
      artists ? repository.artistsVersion() : null,
      localId ? index.version : null,
    ]);
    const known = lexemes.get(key);
    if (known) return known;
    const prepared = await repository.prepare(parsed, royaltyCodes, localId);
    lexemes.set(key, prepared);
    return prepared;
  }

  function resolve(
    prepared: PreparedQuery,
    viewer: Viewer,
    extra: Partial<IndexQuery> = {},
  ): Resolved {
    // A quoted artist's name or a local id that exists answers with those images; else text.
    const artist = prepared.artistIds !== null && prepared.artistIds.length > 0;
    const image = !artist && prepared.imageIds !== null && prepared.imageIds.length > 0;
    const tsquery = artist || image ? '' : prepared.tsquery;
    const query = indexQuery({
      text: tsquery ? parseTsquery(tsquery) : null,
      artistIds: artist ? prepared.artistIds : null,
      imageIds: image ? prepared.imageIds : null,
      royaltyArtistIds: prepared.royaltyArtistIds,
      includeUnpublished: viewer.isStaff,
      ...extra,
    });
    const { text: _text, within: _within, ...rest } = query;
    return {
      query,
      tsquery,
      lexemes: positiveLexemes(query.text),
      phrase: tsquery && prepared.phrase ? parseTsquery(prepared.phrase) : null,
      key: JSON.stringify([tsquery, rest]),
    };
  }

  function summarise(index: CatalogueIndex, sets: ResultSets): CountSummary {
    const total = sets.all.size;
    const counts = new Map<SearchFacet, TagCounts>();
    const totals = new Map<SearchFacet, number>();
    const open = SEARCH_FACETS.filter((facet) => !sets.without.has(facet));
    const counted = (set: SlotSet, dimensions: TagDimension[]) => {
      const result = index.tagCounts(set, dimensions, options.countCap, options.facetSample);
      estimated ||= result.estimated;
      return result.counts;
    };
    let estimated = false;
    const openCounts = counted(
      sets.all,
      open.map((facet) => FACET_TAGS[facet]),
    );
    for (const facet of open) {
      counts.set(facet, openCounts);
      totals.set(facet, total);
    }
    for (const [facet, set] of sets.without) {
      counts.set(facet, counted(set, [FACET_TAGS[facet]]));
      totals.set(facet, set.size);
    }
    return { total, estimated, facets: facetCounts(counts, totals) };
  }

  /** One page of ids in the sort's order (best_match: every match ranked, catalogue-index.ts). */
  function pageIds(
    index: CatalogueIndex,
    set: SlotSet,
    resolved: Resolved,
    sort: SearchSort,
    offset: number,
    limit: number,
  ): number[] {
    if (sort !== 'best_match' || !resolved.tsquery) {
      return index.idsOf(index.page(set, sort === 'popular' ? 'popular' : 'newest', offset, limit));
    }
    return index.idsOf(index.bestMatch(set, resolved.lexemes, resolved.phrase, offset, limit));
  }

  /**
   * "Did you mean": each word of the query (not an exclusion) that no image or artist's
   * name holds is replaced by the closest of the catalogue's words, in the form a title,
   * keyword or name shows it; the correction is offered only when it finds images with the
   * same filters.
   */
  async function suggest(
    index: CatalogueIndex,
    request: SearchRequest,
    parsed: ParsedQuery,
    extra: Partial<IndexQuery>,
    viewer: Viewer,
  ): Promise<string> {
    const corrections = new Map<string, string>();
    for (const clause of parsed.clauses) {
      for (const term of clause) {
        if (term.negated) continue;
        for (const typed of term.text.split(/[^\p{L}\p{N}]+/u)) {
          const word = foldAccents(typed).toLowerCase();
          const lexeme = repository.lexemeOf(word);
          if (!lexeme || corrections.has(typed.toLowerCase()) || index.hasWord(lexeme)) continue;
          for (const candidate of index.closestWords(lexeme)) {
            const surface = await repository.surfaceOf(index, candidate, word);
            if (surface) {
              corrections.set(typed.toLowerCase(), surface);
              break;
            }
          }
        }
      }
    }
    if (corrections.size === 0) return '';
    const corrected = request.q.replace(
      /[\p{L}\p{N}]+/gu,
      (typed) => corrections.get(typed.toLowerCase()) ?? typed,
    );
    const prepared = await prepare(index, parseQuery(corrected), request.royalty_code ?? []);
    return index.resultSets(resolve(prepared, viewer, extra).query).all.size > 0 ? corrected : '';
  }

  return {
    async search(request, viewer) {
      const { q, limit, offset } = request;
      if (offset + limit > MAX_RESULT_WINDOW) throw fieldError('offset', RESULT_WINDOW_MESSAGE);
      if (request.favorites && viewer.userId === null) {
        throw fieldError('favorites', FAVORITES_SIGN_IN);
      }
      const colours = request.colours ?? [];
      const tonal = colours.filter((c) => (TONAL_COLOURS as readonly string[]).includes(c));
      if (tonal.length > 1 || (tonal.length === 1 && colours.length > 1))
        throw fieldError('colours', TONAL_EXCLUSIVE);

      const parsed = parseQuery(q);
      const favouritesOf = request.favorites ? viewer.userId : null;
      // The index catches up while PostgreSQL reads the rest.
      const [index, favourites, collection] = await Promise.all([
        repository.index(),
        favouritesOf !== null ? repository.favouriteIds(favouritesOf) : null,
        request.artcollection !== undefined
          ? repository.collection(request.artcollection, viewer)
          : undefined,
      ]);
      const prepared = await prepare(index, parsed, request.royalty_code ?? []);
      // A collection the viewer may see; any other id is not a valid choice (DRF's filter).
      if (collection === null) throw fieldError('artcollection', NO_SUCH_COLLECTION);
      const within = [favourites, collection?.ids].filter((ids): ids is number[] => !!ids);
      const extra: Partial<IndexQuery> = {
        scope: scopeTags(request.api),
        filters: filterTags(request),
        within,
      };
      const resolved = resolve(prepared, viewer, extra);
      // Favourites are not part of the index version (a toggle does not move it): a
      // favourites search is never cached, so it always shows the latest toggles.
      const cacheable = favourites === null;
      const sort: SearchSort =
        request.sort === 'best_match' && !resolved.tsquery ? 'newest' : request.sort;
      // Counts and facets do not depend on popularity: a batch of popularity changes
      // (setsVersion stands still) leaves them cached; pages follow every change.
      const key = JSON.stringify([
        index.setsVersion,
        resolved.key,
        request.artcollection ?? null,
        collection?.version ?? null,
      ]);
      let summary = cacheable ? cache.get(key) : undefined;
      const pageKey = JSON.stringify([key, index.version, sort, limit, offset]);
      let ids = cacheable ? pages.get(pageKey) : undefined;
      if (!summary || !ids) {
        const sets = index.resultSets(resolved.query);
        if (!summary) {
          summary = summarise(index, sets);
          if (cacheable) cache.set(key, summary);
        }
        ids = pageIds(index, sets.all, resolved, sort, offset, limit);
        if (cacheable) pages.set(pageKey, ids);
      }
      const rows = await repository.cards(ids, viewer.isStaff, parsed.clauses.length > 0);

      const { total } = summary;
      if (total === 0 && parsed.clauses.length > 0 && summary.suggestion === undefined) {
        summary.suggestion = await suggest(index, request, parsed, extra, viewer);
      }
      return {
        images: rows.map(toSearchCard),
        total,
        total_available: total,
        total_for_pagination: Math.min(total, MAX_RESULT_WINDOW),
        // Totals are counted exactly, never estimated.
        total_is_partial: false,
        facets: summary.facets,
        facets_estimated: summary.estimated,
        ...(summary.suggestion ? { suggestion: summary.suggestion } : {}),
        errors: [],
        related_keywords:
          parsed.clauses.length > 0 ? relatedKeywords(rows, queryWords(parsed)) : [],
      };
    },

    async related({ q, api, limit }, viewer) {
      const parsed = parseQuery(q);
      if (parsed.clauses.length === 0) return { images: [] };
      const index = await repository.index();
      const prepared = await prepare(index, parsed, []);
      const scope = scopeTags(api);
      const image =
        prepared.imageIds && prepared.imageIds.length > 0
          ? (await repository.byIds(prepared.imageIds, viewer.isStaff))[0]
          : undefined;
      const bestOf = async (resolved: Resolved, count: number) => {
        const set = index.resultSets(resolved.query).all;
        const sort: SearchSort = resolved.tsquery ? 'best_match' : 'newest';
        const ids = pageIds(index, set, resolved, sort, 0, count);
        return repository.cards(ids, viewer.isStaff, false);
      };
      if (!image) {
        const rows = await bestOf(resolve(prepared, viewer, { scope }), limit);
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
          ? await bestOf(
              resolve(await repository.prepare(keywords, []), viewer, {
                scope,
                excludeIds: [image.id],
              }),
              limit - 1,
            )
          : [];
      return { images: [image, ...others].map(toSearchCard) };
    },

    async forgetSearches() {
      cache.clear();
      pages.clear();
      lexemes.clear();
      (await repository.index()).forgetQueries();
    },

    cacheStats: () => ({
      hits: cache.hits,
      misses: cache.misses,
      size: cache.size,
      pageHits: pages.hits,
    }),
  };
}
