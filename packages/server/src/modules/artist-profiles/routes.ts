import { artistProfilePage, authError, validationError } from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitOffset } from '../../lib/query';
import { pageLinks } from '../../lib/urls';
import { requireUser } from '../../plugins/auth';
import { isUuid } from '../auth';
import type { ArtistProfileService } from './service';

const ARTIST_PROFILES_PAGE = { defaultLimit: 20, maxLimit: 1000 } as const;

export const artistProfileRoutes: FastifyPluginAsyncZod<{
  artistProfiles: ArtistProfileService;
}> = async (app, { artistProfiles }) => {
  app.get(
    '/api/artist-profile/',
    {
      config: { access: 'user' },
      // Authentication comes before the query's validation, as in DRF.
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        summary: "Artist profiles: a user's own (is the user an artist?); staff see all",
        tags: ['auth'],
        querystring: limitOffset(
          ARTIST_PROFILES_PAGE.defaultLimit,
          ARTIST_PROFILES_PAGE.maxLimit,
        ).extend({
          user_uuid: z.string().refine(isUuid, { error: 'Enter a valid UUID.' }).optional(),
        }),
        response: { 200: artistProfilePage, 400: validationError, 401: authError },
      },
    },
    async (request) => {
      const viewer = requireUser(request);
      const { limit, offset, user_uuid } = request.query;
      const page = await artistProfiles.list(viewer, { userUuid: user_uuid }, { limit, offset });
      return {
        count: page.count,
        ...pageLinks(request, { count: page.count, limit, offset }),
        results: page.results,
      };
    },
  );
};
