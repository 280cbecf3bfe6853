import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/errors';
import { originOf } from '../lib/urls';
import { sessionCookieOf } from '../modules/auth';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface OriginCheckOptions {
  /** TRUSTED_ORIGINS. */
  trustedOrigins: readonly string[];
  /** PUBLIC_URL's origin, trusted too. */
  publicUrl?: string | undefined;
}

const csrfFailed = (reason: string): ApiError =>
  new ApiError(403, { detail: `CSRF Failed: ${reason}` });

/**
 * Django's CSRF origin check for cookie-authenticated requests: an unsafe request that
 * carries the session cookie must come from a page of this server's origin (or PUBLIC_URL,
 * or TRUSTED_ORIGINS), as its Origin header says, or when there is none, its Referer. A
 * request with neither is not from a browser page: allowed. A request that a valid JWT
 * authenticated is exempt (a cross-site page cannot read the token to send it); any other
 * Authorization header (empty, malformed, expired) is not, so the hook must be added after
 * the one that sets `request.auth`.
 */
export function registerOriginCheck(app: FastifyInstance, options: OriginCheckOptions): void {
  const trusted = new Set(options.trustedOrigins);
  if (options.publicUrl) trusted.add(options.publicUrl);
  const isTrusted = (request: FastifyRequest, origin: string) =>
    trusted.has(origin) || origin === originOf(request);

  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (sessionCookieOf(request) === undefined) return;
    if (request.auth.via === 'jwt') return;

    const origin = request.headers.origin;
    if (typeof origin === 'string') {
      if (!isTrusted(request, origin)) {
        throw csrfFailed(`Origin checking failed - ${origin} does not match any trusted origins.`);
      }
      return;
    }
    const referer = request.headers.referer;
    if (typeof referer !== 'string') return;
    let refererOrigin: string;
    try {
      refererOrigin = new URL(referer).origin;
    } catch {
      throw csrfFailed('Referer checking failed - Referer is malformed.');
    }
    if (!isTrusted(request, refererOrigin)) {
      throw csrfFailed(
        `Referer checking failed - ${refererOrigin} does not match any trusted origins.`,
      );
    }
  });
}
