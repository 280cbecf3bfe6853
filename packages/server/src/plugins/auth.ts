import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  accessTokenInvalid,
  notAuthenticated,
  permissionDenied,
  userInactive,
  type Accounts,
} from '../modules/auth/service';
import { sessionCookieOf, type Session } from '../modules/auth/sessions';
import { registerOriginCheck, type OriginCheckOptions } from './origin-check';
import type { Viewer } from './viewer';

/** How a request was authenticated, beyond `request.viewer`. */
export interface AuthState {
  /** What recognised the viewer: a JWT, a signed-in session cookie, or nothing (guest). */
  via: 'jwt' | 'session' | null;
  /** The token of the Authorization header (`JWT <token>` or `Bearer <token>`), if any. */
  token: string | null;
  /** The token family of a valid access token. */
  family: string | null;
  /** The credentials named a user who is not active; the viewer stays a guest. */
  inactive: boolean;
  /** The browser session of the cookie: undefined until looked up (see `sessionOf`). */
  session: Session | null | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
  }
  interface FastifyRequest {
    auth: AuthState;
  }
  interface FastifyContextConfig {
    /**
     * Routes that must work with a stale access token (sign-in, refresh, sign-out, …): a
     * bad token is ignored instead of answered with 401, as simplejwt's views do.
     */
    lenientAuth?: boolean;
  }
}

/** Routes whose viewer is resolved; static files and front ends are left alone. */
const API_ROUTE = /^\/(api|auth|accounts|content)\//;
const AUTH_SCHEME = /^(?:JWT|Bearer)(?:\s+|$)/i;

const HOUR_MS = 60 * 60 * 1000;

export interface SignedInViewer extends Viewer {
  userId: number;
  userUuid: string;
}

/** The signed-in viewer, or 401 (`User is inactive` for an inactive account). */
export function requireUser(request: FastifyRequest): SignedInViewer {
  const { viewer } = request;
  if (viewer.userId === null || viewer.userUuid === null) {
    throw request.auth?.inactive ? userInactive(401) : notAuthenticated();
  }
  return viewer as SignedInViewer;
}

/** A signed-in staff viewer: 401 without a user, 403 for a user who is not staff. */
export function requireStaff(request: FastifyRequest): SignedInViewer {
  const viewer = requireUser(request);
  if (!viewer.isStaff) throw permissionDenied();
  return viewer;
}

/** The token of an `Authorization: JWT <token>` (or Bearer) header; null without one. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !AUTH_SCHEME.test(header)) return null;
  return header.replace(AUTH_SCHEME, '').trim();
}

/** The live browser session of the request's cookie (looked up once per request). */
export async function sessionOf(request: FastifyRequest): Promise<Session | null> {
  if (request.auth.session !== undefined) return request.auth.session;
  const value = sessionCookieOf(request);
  request.auth.session = value ? await request.server.accounts.sessions.find(value) : null;
  return request.auth.session;
}

/**
 * The origin check of cookie-authenticated unsafe requests, and an onRequest hook
 * that turns a valid access token, or else a signed-in session cookie, into
 * `request.viewer`. A bad access token is a 401 on every API route but the lenient ones.
 * Also deletes expired sessions and tokens every hour.
 */
export async function registerAuth(
  app: FastifyInstance,
  accounts: Accounts,
  originCheck: OriginCheckOptions,
): Promise<void> {
  registerOriginCheck(app, originCheck);
  app.decorate('accounts', accounts);
  app.decorateRequest('auth', null as unknown as AuthState);

  app.addHook('onRequest', async (request) => {
    request.auth = { via: null, token: null, family: null, inactive: false, session: undefined };
    const route = request.routeOptions.url;
    if (!route || !API_ROUTE.test(route)) return;

    const token = bearerToken(request);
    if (token !== null) {
      request.auth.token = token;
      const check = await accounts.checkAccessToken(token);
      if (check.status === 'ok') {
        const { user, family } = check;
        request.viewer = { userId: user.id, userUuid: user.uuid, isStaff: user.isStaff };
        request.auth.via = 'jwt';
        request.auth.family = family;
        return;
      }
      if (check.status === 'inactive') {
        request.auth.inactive = true;
        return;
      }
      if (request.routeOptions.config.lenientAuth !== true) throw accessTokenInvalid();
    }

    const session = await sessionOf(request);
    if (session?.user) {
      if (!session.user.isActive) {
        request.auth.inactive = true;
        return;
      }
      const { user } = session;
      request.viewer = { userId: user.id, userUuid: user.uuid, isStaff: user.isStaff };
      request.auth.via = 'session';
    }
  });

  const sweep = () => {
    accounts.cleanup().then(
      (deleted) => app.log.debug(deleted, 'expired sessions and tokens deleted'),
      (error: unknown) => app.log.error({ err: error }, 'deleting expired sessions failed'),
    );
  };
  const timer = setInterval(sweep, HOUR_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await accounts.idle();
  });
}
