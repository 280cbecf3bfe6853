import {
  contentEditRequest,
  contentEditResponse,
  detailError,
  validationError,
} from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../lib/query';
import { requireStaff, requireUser, sessionOf } from '../../plugins/auth';
import { clientAddress, type RateLimits } from '../../plugins/rate-limit';
import type { ContentEditService } from './service';

const throttledError = detailError.describe('Too many requests (Retry-After says how long)');

/** {"popular": true} requests allowed per client IP and minute (shared out among workers). */
export const POPULAR_PER_MINUTE = 60;

export interface ContentEditRoutesOptions {
  contentEdit: ContentEditService;
  /**
   * Limits {"popular": true} per client IP: `max` a minute (a worker's share of
   * POPULAR_PER_MINUTE); default the app's rateLimits with all of it.
   */
  popularLimit?: { limits: RateLimits; max: number };
}

export const contentEditRoutes: FastifyPluginAsyncZod<ContentEditRoutesOptions> = async (
  app,
  { contentEdit, popularLimit },
) => {
  const popular = popularLimit ?? { limits: app.rateLimits, max: POPULAR_PER_MINUTE };
  app.patch(
    '/content/edit/:id/',
    {
      config: { access: { action: { favorite: 'user', publish: 'staff', popular: 'public' } } },
      schema: {
        summary: 'Favourite, publish or mark an image popular',
        description:
          'A body of exactly one of: {"favorite": true|false} (signed-in users; idempotent), ' +
          '{"publish": true|false} (staff; refused for external GET/GETRM images), ' +
          '{"popular": true} (anyone who can see the image; popularity + 1 at most once a ' +
          'day per signed-in user or browser session and image, nothing without either; ' +
          'written within a second; 429 past 60 a minute per client). Unpublished images ' +
          "are 404 to everyone but staff. Answers the image's state: id, user_favorite (the " +
          "caller's), published, popularity (as stored).",
        tags: ['catalogue'],
        params: idParams,
        body: contentEditRequest.nullish(),
        response: {
          200: contentEditResponse,
          400: validationError,
          401: detailError,
          403: detailError,
          404: detailError,
          429: throttledError,
        },
      },
    },
    async (request, reply) => {
      const { viewer } = request;
      const body = request.body ?? {};
      const action = contentEdit.actionOf(body);
      if (action === 'favorite') requireUser(request);
      if (action === 'publish') requireStaff(request);
      if (action !== 'popular') return contentEdit.edit(request.params.id, action, body, viewer);
      await popular.limits.limit(
        request,
        reply,
        [{ key: `popular|ip|${clientAddress(request)}`, max: popular.max }],
        {
          backoff: false,
        },
      );
      const session = viewer.userId === null ? await sessionOf(request) : null;
      const viewerKey =
        viewer.userId !== null ? `u:${viewer.userId}` : session ? `s:${session.id}` : null;
      return contentEdit.edit(request.params.id, action, body, viewer, {
        viewerKey,
        popularity: app.popularity,
      });
    },
  );
};
