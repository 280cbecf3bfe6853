import {
  SEARCH_APIS,
  type FacetCounts,
  type RelatedKeyword,
  type SearchApi,
  type SearchResponse,
  type SearchSort,
} from '@atelier/contracts';
import { ApiError, isApiError } from './api-error';
import type { ApiClient } from './client';
import type { QueryValue } from './query-string';

const SEARCH_PATH = '/content/search/v3/';

/** Appended to a partial failure: '{Api} results not available. {reason}'. */
const NOT_AVAILABLE = 'results not available.';

export interface SearchImagesParams {
  q?: string;
  sort?: SearchSort;
  offset?: number;
  limit?: number;
  /**
   * Absent: one call, internal and indexed external together. One API ('internal',
   * 'external' or a list of one): one call to it. Both ('internal' and 'external'): a
   * merged search, one call to each in parallel.
   */
  api?: SearchApi | readonly SearchApi[];
  /** The signed-in user's favourites: always one call. */
  favorites?: boolean;
  /** A collection id: always one call. */
  artcollection?: number | string;
  /** Other filters (colours, orientation, substrate, price, ...); lists repeat the key. */
  [filter: string]: QueryValue | readonly QueryValue[] | undefined;
}

export interface SearchImagesResult extends SearchResponse {
  /** Partial failures of a merged search: '{Api} results not available. ...'. */
  warnings: string[];
}

export interface SearchImagesOptions {
  signal?: AbortSignal;
  /** Default `/content/search/v3/`; the related-images search uses `/content/search/`. */
  path?: string;
}

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** The APIs a merged search asks, or null for a single call. */
function mergedApis(params: SearchImagesParams): SearchApi[] | null {
  const asked = params.api === undefined ? [] : ([] as SearchApi[]).concat(params.api);
  const both = SEARCH_APIS.every((api) => asked.includes(api));
  if (!both || params.favorites || params.artcollection !== undefined) return null;
  return [...SEARCH_APIS];
}

/** The text of a failure: the server's detail, its body, or the error message. */
function reasonOf(error: unknown): string {
  if (isApiError(error)) {
    if (error.detail) return error.detail;
    const data = error.response?.data;
    if (typeof data === 'string' && data) return data;
    if (data && typeof data === 'object') return JSON.stringify(data);
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Errors a merged search ignores (SPEC §8): the side asked past its result window, or for
 * a page it does not have, and contributes nothing.
 */
function isIgnorableSearchError(error: unknown): boolean {
  const texts = [reasonOf(error)];
  if (error instanceof Error) texts.push(error.name, error.message);
  return texts.some((text) => /Result window is too large|InvalidPage|Invalid page/i.test(text));
}

/**
 * Splits a page between the two calls: the internal one takes the larger half of an odd
 * limit. A page-aligned offset (offset = page × limit) keeps each side page-aligned too,
 * so paging on never repeats or skips an image of either side.
 */
export function splitPage(
  offset: number,
  limit: number,
): { internal: { offset: number; limit: number }; external: { offset: number; limit: number } } {
  const internalLimit = Math.ceil(limit / 2);
  const externalLimit = limit - internalLimit;
  if (limit > 0 && offset % limit === 0) {
    const page = offset / limit;
    return {
      internal: { offset: page * internalLimit, limit: internalLimit },
      external: { offset: page * externalLimit, limit: externalLimit },
    };
  }
  const internalOffset = Math.ceil(offset / 2);
  return {
    internal: { offset: internalOffset, limit: internalLimit },
    external: { offset: offset - internalOffset, limit: externalLimit },
  };
}

function sumFacets(into: FacetCounts, add: FacetCounts | undefined): FacetCounts {
  for (const [dimension, counts] of Object.entries(add ?? {})) {
    const target = (into[dimension] ??= {});
    for (const [value, count] of Object.entries(counts)) {
      target[value] = (target[value] ?? 0) + count;
    }
  }
  return into;
}

/**
 * Images in call order (internal first); totals and facets summed; partial (and facets
 * estimated) when any side is; server errors and related keywords (unique by id) in call
 * order; the first side's "did you mean" suggestion when nothing matched on any side.
 */
export function mergeSearchResponses(
  responses: readonly Partial<SearchResponse>[],
): SearchResponse {
  const merged: SearchResponse = {
    images: [],
    total: 0,
    total_available: 0,
    total_for_pagination: 0,
    total_is_partial: false,
    facets: {},
    errors: [],
    related_keywords: [],
  };
  const keywords = new Map<string, RelatedKeyword>();
  for (const response of responses) {
    merged.images.push(...(response.images ?? []));
    merged.total += response.total ?? 0;
    merged.total_available += response.total_available ?? 0;
    merged.total_for_pagination += response.total_for_pagination ?? 0;
    merged.total_is_partial ||= response.total_is_partial ?? false;
    if (response.facets_estimated) merged.facets_estimated = true;
    sumFacets(merged.facets, response.facets);
    merged.errors.push(...(response.errors ?? []));
    for (const keyword of response.related_keywords ?? [])
      if (!keywords.has(keyword.id)) keywords.set(keyword.id, keyword);
  }
  const suggestion = responses.find((response) => response.suggestion)?.suggestion;
  if (merged.total === 0 && suggestion) merged.suggestion = suggestion;
  merged.related_keywords = [...keywords.values()];
  return merged;
}

const toParams = (params: SearchImagesParams) => {
  const out: Record<string, QueryValue | readonly QueryValue[]> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) out[key] = value;
  return out;
};

/**
 * The storefront's search (SPEC §7, §8). Without an api param, or with one API, or with a
 * favorites or artcollection filter: one call. With both APIs: the internal and external
 * calls run in parallel with limit and offset divided between them, and their images,
 * totals and facets are merged. A failed side becomes a warning '{Api} results not
 * available. ...'; 'Result window is too large' and InvalidPage are ignored (that side
 * contributes nothing); when every side fails, the first error is thrown.
 */
export async function searchImages(
  client: ApiClient,
  params: SearchImagesParams,
  options: SearchImagesOptions = {},
): Promise<SearchImagesResult> {
  const path = options.path ?? SEARCH_PATH;
  const apis = mergedApis(params);
  if (!apis) {
    const single = { ...params };
    // A merged search that must be one call asks both catalogues together.
    if (params.api !== undefined && ([] as SearchApi[]).concat(params.api).length !== 1) {
      delete single.api;
    } else if (Array.isArray(params.api)) {
      single.api = (params.api as SearchApi[])[0];
    }
    const response = await client.get<SearchResponse>(path, {
      params: toParams(single),
      signal: options.signal,
    });
    return { ...response, warnings: [] };
  }

  const split = splitPage(params.offset ?? 0, params.limit ?? 100);
  const settled = await Promise.allSettled(
    apis.map((api) =>
      client.get<SearchResponse>(path, {
        params: toParams({ ...params, api, ...split[api] }),
        signal: options.signal,
      }),
    ),
  );

  const responses: SearchResponse[] = [];
  const warnings: string[] = [];
  const failures: unknown[] = [];
  settled.forEach((outcome, i) => {
    const api = apis[i] as SearchApi;
    if (outcome.status === 'fulfilled') {
      responses.push(outcome.value);
    } else if (!isIgnorableSearchError(outcome.reason)) {
      failures.push(outcome.reason);
      warnings.push(`${capitalise(api)} ${NOT_AVAILABLE} ${reasonOf(outcome.reason)}`);
    }
  });
  if (failures.length === apis.length) {
    throw failures[0] instanceof Error
      ? failures[0]
      : new ApiError(String(failures[0]), { method: 'GET', url: path });
  }
  return { ...mergeSearchResponses(responses), warnings };
}
