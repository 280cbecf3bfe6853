import type { FastifyInstance } from 'fastify';

/**
 * Who sent a request, as the rest of the server sees it. The auth plugin fills it in from
 * the JWT or the session cookie; routes read `request.viewer` and pass it to services, so
 * services never look at headers.
 */
export interface Viewer {
  /** users.id of the signed-in user; null for a guest. */
  userId: number | null;
  /** users.uuid of the signed-in user (SPEC §3 User.uuid); null for a guest. */
  userUuid: string | null;
  isStaff: boolean;
}

export const GUEST: Viewer = Object.freeze({ userId: null, userUuid: null, isStaff: false });

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
}

/** Every request starts as a guest; the auth plugin's hook replaces this when it can. */
export function registerViewer(app: FastifyInstance): void {
  app.decorateRequest('viewer', null as unknown as Viewer);
  app.addHook('onRequest', async (request) => {
    request.viewer = GUEST;
  });
}
