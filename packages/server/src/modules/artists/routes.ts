import { artistPage, validationError } from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { booleanFilter, limitOffset } from '../../lib/query';
import { pageLinks } from '../../lib/urls';
import type { ArtistService } from './service';

export const ARTISTS_PAGE = { defaultLimit: 20, maxLimit: 1000 } as const;

export const artistRoutes: FastifyPluginAsyncZod<{ artists: ArtistService }> = async (
  app,
  { artists },
) => {
  app.get(
    '/api/artist/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Artists by name, filtered by active, gaa_artist (Portal) and search',
        description:
          'limit up to 1000 (lists for filters and caches); search matches part of the name ' +
          'or royalty code, in any case.',
        tags: ['catalogue'],
        querystring: limitOffset(ARTISTS_PAGE.defaultLimit, ARTISTS_PAGE.maxLimit).extend({
          active: booleanFilter(),
          gaa_artist: booleanFilter(),
          search: z
            .string()
            .trim()
            .max(200, { error: 'Ensure this field has no more than 200 characters.' })
            .optional(),
        }),
        response: { 200: artistPage, 400: validationError },
      },
    },
    async (request) => {
      const { limit, offset, active, gaa_artist, search } = request.query;
      const page = await artists.list({ active, gaa_artist, search }, { limit, offset });
      return {
        count: page.count,
        ...pageLinks(request, { count: page.count, limit, offset }),
        results: page.results,
      };
    },
  );
};
