import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { boundedInteger } from './query';
import { linkTo, pageLinks, type PageLinks } from './urls';

/** The largest offset a list serves (deeper pages are what search is for). */
const MAX_LIST_OFFSET = 1_000_000;
export const SEARCH_MAX_LENGTH = 200;

export interface OrderKey {
  column: string;
  descending: boolean;
}

/**
 * `ordering=name` or `-created,name`, as DRF's OrderingFilter reads it: unknown keys are
 * ignored, and the list's default applies when none is left.
 */
const orderingParam = (fields: readonly string[], fallback: readonly string[]) =>
  z
    .string()
    .max(SEARCH_MAX_LENGTH)
    .optional()
    .transform((value): OrderKey[] => {
      const keys = (value ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter((key) => fields.includes(key.replace(/^-/, '')));
      return [...new Set(keys.length > 0 ? keys : fallback)].map((key) => ({
        column: key.replace(/^-/, ''),
        descending: key.startsWith('-'),
      }));
    })
    .describe(`${fields.join(', ')}; - for descending; comma-separated`);

/**
 * A DRF list's query: `search`, `ordering`, and either LimitOffsetPagination's `limit` and
 * `offset` or PageNumberPagination's `page` and `page_size` (SPEC §7 asks for both).
 */
export const listQuery = (options: {
  orderings: readonly string[];
  defaultOrdering: readonly string[];
  defaultLimit: number;
  maxLimit: number;
}) =>
  z.object({
    search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
    ordering: orderingParam(options.orderings, options.defaultOrdering),
    limit: boundedInteger(1, options.maxLimit).optional(),
    offset: boundedInteger(0, MAX_LIST_OFFSET).optional(),
    page: boundedInteger(1, MAX_LIST_OFFSET).optional(),
    page_size: boundedInteger(1, options.maxLimit).optional(),
  });

export interface ListWindow {
  limit: number;
  offset: number;
  /** Asked by page number: the links name pages too. */
  byPage: boolean;
}

/** The rows a list query asks for: `page`/`page_size` when given, else `limit`/`offset`. */
export function listWindow(
  query: { limit?: number; offset?: number; page?: number; page_size?: number },
  defaultLimit: number,
): ListWindow {
  if (query.page !== undefined || query.page_size !== undefined) {
    const size = query.page_size ?? query.limit ?? defaultLimit;
    const page = query.page ?? 1;
    return { limit: size, offset: Math.min((page - 1) * size, MAX_LIST_OFFSET), byPage: true };
  }
  return { limit: query.limit ?? defaultLimit, offset: query.offset ?? 0, byPage: false };
}

/** `next` and `previous` in the pagination style the request used. */
export function listLinks(request: FastifyRequest, count: number, window: ListWindow): PageLinks {
  if (!window.byPage) return pageLinks(request, { count, ...window });
  const page = Math.floor(window.offset / window.limit) + 1;
  const link = (target: number) =>
    linkTo(request, request.url, (url) => {
      url.searchParams.set('page_size', String(window.limit));
      url.searchParams.delete('limit');
      url.searchParams.delete('offset');
      if (target === 1) url.searchParams.delete('page');
      else url.searchParams.set('page', String(target));
    });
  return {
    next: window.offset + window.limit < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}

/** `100%_off` → `100\%\_off`: a LIKE pattern that matches the text literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
