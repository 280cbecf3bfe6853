import { artistPage, validationError } from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listLinks, listQuery, listWindow } from '../../lib/list-query';
import { booleanFilter } from '../../lib/query';
import { ARTIST_ORDERINGS } from './repository';
import type { ArtistService } from './service';

const ARTISTS_PAGE = { defaultLimit: 20, maxLimit: 1000 } as const;

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
        querystring: listQuery({
          orderings: ARTIST_ORDERINGS,
          defaultOrdering: ['name'],
          ...ARTISTS_PAGE,
        }).extend({
          active: booleanFilter(),
          gaa_artist: booleanFilter(),
        }),
        response: { 200: artistPage, 400: validationError },
      },
    },
    async (request) => {
      const { active, gaa_artist, search, ordering } = request.query;
      const window = listWindow(request.query, ARTISTS_PAGE.defaultLimit);
      const page = await artists.list({ active, gaa_artist, search }, window, ordering);
      return {
        count: page.count,
        ...listLinks(request, page.count, window),
        results: page.results,
      };
    },
  );
};
