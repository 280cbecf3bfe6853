import { authError, sessionProfile } from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/auth';
import { userInactive } from '../auth/service';
import { sessionCookieOf } from '../auth';
import { GUEST_PROFILE, type ProfileService } from './service';

export const profileRoutes: FastifyPluginAsyncZod<{ profiles: ProfileService }> = async (
  app,
  { profiles },
) => {
  app.get(
    '/api/v2/profile/',
    {
      config: { access: 'session' },
      schema: {
        summary:
          "The profile of the signed-in user, or else of the browser's guest session; a guest " +
          'without one (no cart yet) gets an empty profile and no cookie',
        tags: ['auth'],
        response: { 200: sessionProfile, 401: authError, 403: authError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { sessions } = app.accounts;
      if (request.auth.inactive) {
        // A browser signed in to a deactivated account starts over as a guest.
        const session = request.auth.session;
        if (session?.user && !session.user.isActive) {
          await sessions.end(session.id);
          sessions.clearCookie(request, reply);
        }
        throw userInactive(403);
      }
      const { viewer } = request;
      if (viewer.userId !== null && viewer.userUuid !== null) {
        return profiles.forUser(viewer.userId, viewer.userUuid);
      }
      const session = await sessionOf(request);
      if (session) return profiles.forSession(session.id);
      // An unknown or expired cookie is dropped; a session waits until there is something
      // to keep (a cart), so that reads make no rows.
      if (sessionCookieOf(request) !== undefined) sessions.clearCookie(request, reply);
      return GUEST_PROFILE;
    },
  );
};
