import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  accessTokenInvalid,
  notAuthenticated,
  permissionDenied,
  userInactive,
  type Accounts,
} from '../modules/auth/service';
import { sessionCookieOf, type Session } from '../modules/auth';
import { registerOriginCheck, type OriginCheckOptions } from './origin-check';
import { clientAddress } from './rate-limit';
import type { Viewer } from './viewer';

/** How a request was authenticated, beyond `request.viewer`. */
interface AuthState {
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
    /** Guest sessions one client address may start per minute; null: no limit. */
    guestSessionsPerMinute: number | null;
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
function bearerToken(request: FastifyRequest): string | null {
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
 * Guest sessions one client IP may start in a minute, for the whole server. A guest gets
 * one only when something of theirs must be kept (a cart); a client making more is not a
 * browser, and each one is a database row.
 */
export const GUEST_SESSIONS_PER_MINUTE = 60;

/**
 * The guest's browser session, made (with its cookie) when there is none yet: the only
 * way one is made, so the place where their number is limited (429 with Retry-After).
 */
export async function guestSessionOf(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Session> {
  const existing = await sessionOf(request);
  if (existing && existing.user === null) return existing;
  const perMinute = request.server.guestSessionsPerMinute;
  if (perMinute !== null) {
    const limits = request.server.rateLimits;
    await limits.limit(
      request,
      reply,
      [{ key: `guest-session|ip|${clientAddress(request)}`, max: limits.share(perMinute) }],
      { backoff: false },
    );
  }
  const { sessions } = request.server.accounts;
  const created = await sessions.create(null);
  sessions.setCookie(request, reply, created.value);
  request.auth.session = created.session;
  return created.session;
}

export interface AuthOptions extends OriginCheckOptions {
  /** GUEST_SESSIONS_PER_MINUTE, or null: no limit (AUTH_RATE_LIMIT=0). */
  guestSessionsPerMinute: number | null;
}

/**
 * An onRequest hook that turns a valid access token, or else a signed-in session cookie,
 * into `request.viewer`, then the origin check of cookie-authenticated unsafe requests. A
 * bad access token is a 401 on every API route but the lenient ones. Also deletes expired
 * sessions and tokens every hour.
 */
export async function registerAuth(
  app: FastifyInstance,
  accounts: Accounts,
  { guestSessionsPerMinute, ...originCheck }: AuthOptions,
): Promise<void> {
  app.decorate('accounts', accounts);
  app.decorate('guestSessionsPerMinute', guestSessionsPerMinute);
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
  // After the hook above: only a JWT that authenticated the request exempts it.
  registerOriginCheck(app, originCheck);

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
