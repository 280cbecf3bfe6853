import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The few cookie operations the session needs, through `cookie` (jshttp) 1.x, the parser
 * @fastify/cookie wraps: the plugin (and cookie 2, ESM only) loads it with a dynamic
 * import() that Jest's VM cannot run.
 */

/** The value of cookie `name` in the request's Cookie header (the first, as browsers send it). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return typeof header === 'string' ? parseCookie(header)[name] : undefined;
}

export interface CookieOptions {
  path: string;
  httpOnly: boolean;
  sameSite: 'lax' | 'strict' | 'none';
  secure: boolean;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
}

/** Adds a Set-Cookie header (Fastify keeps several as a list); Expires too, for old clients. */
export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: CookieOptions,
): void {
  reply.header(
    'set-cookie',
    stringifySetCookie(name, value, {
      ...options,
      maxAge: Math.floor(options.maxAge),
      expires: new Date(Date.now() + options.maxAge * 1000),
    }),
  );
}
