import {
  COLOURS,
  EXTERNAL_SOURCES,
  IMAGE_TYPES,
  INTERNAL_SOURCES,
  MINIMUM_SIZES,
  ORIENTATIONS,
  RELATED_IMAGES_LIMIT,
  SEARCH_APIS,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_SORTS,
  SUBSTRATES,
  relatedImagesResponse,
  searchResponse,
  validationError,
} from '@atelier/contracts';
import { constants as zlibConstants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOOLEAN_REQUIRED, INTEGER_REQUIRED, boundedInteger, limitOffset } from '../../lib/query';
import { FACET_EXACT_UP_TO } from './engine/sample-masks';
import type { SearchService } from './query/service';
import type { SearchPool } from './threads/pool';

const MAX_QUERY_LENGTH = 500;
/** Values one multi-valued filter accepts, at most (royalty codes, mostly). */
const MAX_FILTER_VALUES = 100;
const MAX_ROYALTY_CODE_LENGTH = 40;
/** The largest PostgreSQL integer: a larger id cannot name anything. */
const MAX_ID = 2_147_483_647;

const invalidChoice = (value: string): string => `"${value}" is not a valid choice.`;

/**
 * A multi-valued filter: repeated parameters (`colours=red&colours=blue`) and/or
 * comma-separated values (`colours=red,blue`); each value must be one of `choices`
 * (DRF's message otherwise). Empty values are ignored; duplicates dropped.
 */
function multiValued<T extends string>(choices: readonly T[] | null, description: string) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((raw, ctx): T[] | undefined => {
      if (raw === undefined) return undefined;
      const values = [
        ...new Set(
          (Array.isArray(raw) ? raw : [raw])
            .flatMap((item) => item.split(','))
            .map((item) => item.trim())
            .filter(Boolean),
        ),
      ];
      if (values.length > MAX_FILTER_VALUES) {
        ctx.addIssue({
          code: 'custom',
          message: `Ensure this field has no more than ${MAX_FILTER_VALUES} elements.`,
        });
        return z.NEVER;
      }
      for (const value of values) {
        if (choices ? !(choices as readonly string[]).includes(value) : false) {
          ctx.addIssue({ code: 'custom', message: invalidChoice(value) });
          return z.NEVER;
        }
        if (!choices && value.length > MAX_ROYALTY_CODE_LENGTH) {
          ctx.addIssue({
            code: 'custom',
            message: `Ensure this field has no more than ${MAX_ROYALTY_CODE_LENGTH} characters.`,
          });
          return z.NEVER;
        }
      }
      return values.length > 0 ? (values as T[]) : undefined;
    })
    .describe(description);
}

const TRUE_STRINGS = ['true', 'True', '1'];
const BOOLEAN_STRINGS = [...TRUE_STRINGS, 'false', 'False', '0'];

/** people=true, people=false, or both (no filter). */
const booleans = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((raw, ctx): boolean[] | undefined => {
    if (raw === undefined) return undefined;
    const values = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => v.split(',')).filter(Boolean);
    if (values.some((v) => !BOOLEAN_STRINGS.includes(v))) {
      ctx.addIssue({ code: 'custom', message: BOOLEAN_REQUIRED });
      return z.NEVER;
    }
    return values.length > 0
      ? [...new Set(values.map((v) => TRUE_STRINGS.includes(v)))]
      : undefined;
  });

/** One optional value of `choices`; '' counts as absent. */
const oneOf = <T extends string>(choices: readonly T[], description: string) =>
  z
    .enum(['', ...choices] as [string, ...string[]])
    .optional()
    .transform((value) => (value ? (value as T) : undefined))
    .describe(description);

const q = z
  .string()
  .max(MAX_QUERY_LENGTH)
  .default('')
  .describe(
    'Words (all must match, stemmed), "an exact phrase", a|b for any of them, -word to ' +
      'exclude; a quoted artist name or a local id finds those images',
  );

export const searchQuerystring = limitOffset(SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT).extend({
  q,
  sort: z
    .enum(['', ...SEARCH_SORTS])
    .default('')
    .transform((sort) => sort || 'newest')
    .describe('newest (default), best_match (relevance; newest without q) or popular'),
  api: oneOf(SEARCH_APIS, 'internal (our catalogue) or external (stock); absent: both'),
  image_type: multiValued(IMAGE_TYPES, 'Any of: fine art, photography'),
  people: booleans.describe('true or false (both: no filter)'),
  colours: multiValued(
    COLOURS,
    'One of black and white, neutral, pastel, pale; or any of the named colours',
  ),
  orientation: multiValued(ORIENTATIONS, 'Any of: vertical, horizontal, square, panoramic'),
  substrate: multiValued(SUBSTRATES, 'Printable on any of these substrates'),
  price: multiValued(['1', '2', '3', '4'] as const, 'Price tiers 1–4, any of').transform((values) =>
    values?.map(Number),
  ),
  minimum_size: oneOf(MINIMUM_SIZES, 'all, large (3 MP+), x_large (12 MP+) or xx_large (16 MP+)'),
  sources: multiValued(
    [...INTERNAL_SOURCES, ...EXTERNAL_SOURCES],
    'Any of the sources (GET and GETRM are external stock)',
  ),
  royalty_code: multiValued(null, "Artists' royalty codes, any of"),
  favorites: z
    .enum(['true', 'false', 'True', 'False', '1', '0'], { error: BOOLEAN_REQUIRED })
    .optional()
    .transform((value) => (value === undefined ? undefined : TRUE_STRINGS.includes(value)))
    .describe("true: the signed-in user's favourites only"),
  artcollection: z.coerce
    .number({ error: INTEGER_REQUIRED })
    .int({ error: INTEGER_REQUIRED })
    .min(1, { error: INTEGER_REQUIRED })
    .max(MAX_ID, { error: INTEGER_REQUIRED })
    .optional()
    .describe('A collection id: its images only'),
});

/**
 * Search answers are 30–40 KB of JSON, one per keystroke or page: their fixed cost counts.
 * The service's return type already guarantees their shape (a test holds the body to the
 * contract), while zod-encoding a hundred cards took a third of a cached search's CPU: a 200
 * is stringified as is. Errors keep the checked serializer.
 */
function trustedSuccess<S>({
  schema,
  ...route
}: FastifyRouteSchemaDef<S>): (data: unknown) => string {
  if (route.httpStatus === '200') return (data) => JSON.stringify(data);
  if (!(schema instanceof z.ZodType)) throw new Error(`${route.url}: a response schema is not zod`);
  return serializerCompiler({ ...route, schema });
}

/**
 * A search answer is made afresh for each search, so it is compressed as cheaply as it can
 * be (docs/performance.md): brotli quality 1 preferred to gzip level 1 on a tie (on 40 KB
 * answers, 0.15–0.18 ms of CPU against 0.23–0.28 ms, and 2 % fewer bytes), nothing under
 * 1 KB, and always in one
 * synchronous call: above @fastify/compress's default sync threshold (8 KB on two cores) it
 * streams through the thread pool in many small writes, which cost the event loop more than
 * the compression itself.
 */
const SEARCH_COMPRESSION = {
  encodings: ['br', 'gzip'],
  threshold: 1024,
  syncThreshold: Number.MAX_SAFE_INTEGER,
  zlibOptions: { level: 1 },
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
} satisfies FastifyCompressOptions;

const FAST_RESPONSE = {
  compress: SEARCH_COMPRESSION,
  serializerCompiler: trustedSuccess,
  /**
   * Every answer varies with Accept-Encoding, an uncompressed one too (a cache must not hand
   * it to every client); @fastify/compress says so only when it compresses, and adds nothing
   * to this lower-case value.
   */
  onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const vary = reply.getHeader('vary');
    if (vary === undefined) reply.header('vary', 'accept-encoding');
    else if (!String(vary).toLowerCase().includes('accept-encoding'))
      reply.header('vary', `${String(vary)}, accept-encoding`);
    return payload;
  },
} as const;

const relatedQuerystring = z.object({
  q,
  api: oneOf(SEARCH_APIS, 'internal or external; absent: both'),
  limit: boundedInteger(1, 100).default(RELATED_IMAGES_LIMIT),
});

/**
 * A search thread's answer is JSON already: sent as it is (Fastify sends a string typed as
 * JSON without serializing it), so this thread does no JSON work for it.
 */
function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * `threads`: PGlite's search threads (threads/pool.ts) answer instead of `search`, which
 * then serves nothing here. The routes' validation stays in this thread either way.
 */
export const searchRoutes: FastifyPluginAsyncZod<{
  search: SearchService;
  threads?: SearchPool | null;
}> = async (app, { search, threads }) => {
  app.get(
    '/content/search/v3/',
    {
      config: { access: 'public' },
      ...FAST_RESPONSE,
      schema: {
        summary: 'Search images: full text, filters, facets, related keywords',
        description:
          'Published images (staff: all) matching q and the filters. Totals are exact. ' +
          `Facets are exact up to ${FACET_EXACT_UP_TO.toLocaleString('en')} matches per result set; beyond, counted on a ` +
          'uniform random sample and scaled (facets_estimated), but a facet of a few values ' +
          'counted without its own filter may still be exact. Facets are disjunctive: a ' +
          'dimension’s own selection does not shrink its counts. best_match ranks every ' +
          'match (title phrase and exact title first, field weights, rarer words more). A ' +
          'search finding nothing may answer a corrected query (suggestion). offset + limit ' +
          'may not pass 10,000. related_keywords: ' +
          'keywords found most often in this page of results, with a thumbnail each.',
        tags: ['search'],
        querystring: searchQuerystring,
        response: { 200: searchResponse, 400: validationError },
      },
    },
    async (request, reply) =>
      threads
        ? sendJson(reply, await threads.search(request.query, request.viewer))
        : search.search(request.query, request.viewer),
  );

  app.get(
    '/content/search/',
    {
      config: { access: 'public' },
      ...FAST_RESPONSE,
      schema: {
        summary: 'Related images',
        description:
          'When q is an image’s local id: that image first, then the images sharing most ' +
          'of its keywords (by best match). Otherwise the best matches of q. limit ' +
          'defaults to 5.',
        tags: ['search'],
        querystring: relatedQuerystring,
        response: { 200: relatedImagesResponse, 400: validationError },
      },
    },
    async (request, reply) =>
      threads
        ? sendJson(reply, await threads.related(request.query, request.viewer))
        : search.related(request.query, request.viewer),
  );
};
