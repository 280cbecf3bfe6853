import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The few cookie operations the session needs (@fastify/cookie loads its parser with a
 * dynamic import() that Jest's VM cannot run; this keeps the server testable as it is).
 */

/** The value of cookie `name` in the request's Cookie header (the first, as browsers send it). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2)
      value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

export interface CookieOptions {
  path: string;
  httpOnly: boolean;
  sameSite: 'Lax' | 'Strict' | 'None';
  secure: boolean;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!TOKEN.test(name)) throw new Error(`invalid cookie name ${name}`);
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${Math.floor(options.maxAge)}`];
  parts.push(`Expires=${new Date(Date.now() + options.maxAge * 1000).toUTCString()}`);
  parts.push(`Path=${options.path}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  parts.push(`SameSite=${options.sameSite}`);
  return parts.join('; ');
}

/** Adds a Set-Cookie header (Fastify keeps several as a list). */
export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: CookieOptions,
): void {
  reply.header('set-cookie', serializeCookie(name, value, options));
}
