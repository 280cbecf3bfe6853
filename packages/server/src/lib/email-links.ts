import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';

export interface EmailLinkOptions {
  /** PUBLIC_URL: when set, the only origin of emailed links. */
  publicUrl: string | undefined;
  /** ALLOWED_HOSTS (lowercased `host[:port]`); empty: loopback hosts only. */
  allowedHosts: readonly string[];
}

/**
 * With neither PUBLIC_URL nor ALLOWED_HOSTS set, `pnpm start` on a laptop must still email
 * working links, and nothing a stranger can name resolves to a loopback address elsewhere.
 */
const LOOPBACK = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/;

/** The host without its port (an IPv6 literal keeps its brackets). */
const hostName = (host: string): string => host.replace(/:\d{1,5}$/, '');

/**
 * Whether the request's Host may name the site in an email: an ALLOWED_HOSTS entry with a
 * port must match exactly, one without matches that host on any port (Django's rule).
 */
export function isAllowedHost(host: string, allowedHosts: readonly string[]): boolean {
  const wanted = host.toLowerCase();
  if (allowedHosts.length === 0) return LOOPBACK.test(wanted);
  return allowedHosts.some((entry) =>
    /:\d{1,5}$/.test(entry) ? entry === wanted : entry === hostName(wanted),
  );
}

/**
 * The origin of links in emails: PUBLIC_URL; else the request's own origin when its host is
 * allowed; else null. A request header never decides where a link sends someone otherwise.
 */
export function emailOrigin(request: FastifyRequest, options: EmailLinkOptions): string | null {
  if (options.publicUrl) return options.publicUrl.replace(/\/+$/, '');
  // A request without any Host header has no host to allow.
  const host = typeof request.host === 'string' ? request.host : '';
  if (!isAllowedHost(host, options.allowedHosts)) return null;
  // The host as checked: its case is the client's choice, and the link should not carry it.
  return `${request.protocol}://${host.toLowerCase()}`;
}

export const SITE_ADDRESS_UNKNOWN =
  "This site's public address is not configured, so no email with a link can be sent. " +
  'Please contact the site administrator.';

/**
 * `emailOrigin`, or a 400 `{detail}` (DRF's answer to a request its site cannot serve) with
 * an error logged for the operator: the fix is theirs, PUBLIC_URL or ALLOWED_HOSTS.
 */
export function requireEmailOrigin(request: FastifyRequest, options: EmailLinkOptions): string {
  const origin = emailOrigin(request, options);
  if (origin !== null) return origin;
  request.log.error(
    { host: request.host },
    'an email link was refused: the request host is not in ALLOWED_HOSTS and PUBLIC_URL is unset',
  );
  throw new ApiError(400, { detail: SITE_ADDRESS_UNKNOWN });
}
