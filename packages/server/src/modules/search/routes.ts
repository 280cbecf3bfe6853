import {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_SORTS,
  searchResponse,
  validationError,
} from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitOffset } from '../../lib/query';
import type { SearchService } from './service';

export const MAX_QUERY_LENGTH = 500;

export const searchQuerystring = limitOffset(SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT).extend({
  q: z
    .string()
    .max(MAX_QUERY_LENGTH)
    .default('')
    .describe('Words, "a quoted phrase", a quoted artist name or a local id; `or` and -minus work'),
  sort: z
    .enum(['', ...SEARCH_SORTS])
    .default('')
    .transform((sort) => sort || 'newest')
    .describe('newest (default), best_match or popular'),
});

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (
  app,
  { search },
) => {
  app.get(
    '/content/search/v3/',
    {
      schema: {
        summary: 'Full-text search over published images',
        tags: ['search'],
        querystring: searchQuerystring,
        response: { 200: searchResponse, 400: validationError },
      },
    },
    async (request) => search.search(request.query),
  );
};
