import type { FastifyRequest } from 'fastify';

/** The origin the client used (honours X-Forwarded-* when TRUST_PROXY is set). */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** A Host header a URL can hold: a name or an IP literal, and a port. */
const HOST = /^(?:[\w.-]+|\[[\dA-Fa-f:.]+\])(?::\d{1,5})?$/;
/** Stands in for an origin no URL can hold; never shown (such links are paths). */
const PLACEHOLDER_ORIGIN = 'http://host.invalid';

/** The request's origin as a URL can hold it, or null (`Host: a b`, `[::`, port 99999). */
function usableOrigin(request: FastifyRequest): string | null {
  if (request.protocol !== 'http' && request.protocol !== 'https') return null;
  // 253 characters of name, a port: anything longer is no host.
  if (request.host.length > 260 || !HOST.test(request.host)) return null;
  try {
    return new URL(originOf(request)).origin;
  } catch {
    return null;
  }
}

/**
 * A link to a path of this server, `edit` applied to its URL: absolute, or just the path and
 * query when the Host header cannot make an origin (a client resolves that against the URL it
 * asked for). Never throws, whatever the request's headers and URL.
 */
export function linkTo(
  request: FastifyRequest,
  pathAndQuery: string,
  edit?: (url: URL) => void,
): string {
  const origin = usableOrigin(request);
  // Appended, never resolved: a path starting with `//` must not name another host.
  const path = pathAndQuery.startsWith('/') ? pathAndQuery : `/${pathAndQuery}`;
  const url = new URL(`${origin ?? PLACEHOLDER_ORIGIN}${path}`);
  edit?.(url);
  if (origin !== null) return url.toString();
  // As a relative link, `//x/…` would name the host x.
  return `${url.pathname.replace(/^\/+/, '/')}${url.search}`;
}

/** An absolute URL for a path on this server, like Django's build_absolute_uri. */
export function absoluteUrl(request: FastifyRequest, pathAndQuery: string): string {
  return linkTo(request, pathAndQuery);
}

/**
 * Characters encodeURIComponent leaves as they are, and the segments' separator: a path made
 * of them only is its own encoding. Media paths almost always are, and a search page builds
 * a hundred of them, so the split and per-segment encoding is kept for the rare other one.
 */
const URL_SAFE_PATH = /^[A-Za-z0-9\-_.!~*'()/]*$/;

/** Public URL of a file under MEDIA_DIR, as an absolute path. */
export function mediaUrl(relativePath: string): string {
  if (URL_SAFE_PATH.test(relativePath)) return `/media/${relativePath}`;
  return `/media/${relativePath.split('/').map(encodeURIComponent).join('/')}`;
}

export interface PageLinks {
  next: string | null;
  previous: string | null;
}

/**
 * `next`/`previous` links of DRF's LimitOffsetPagination: the request URL with `limit`
 * and `offset` replaced; the first page's link has no `offset`.
 */
export function pageLinks(
  request: FastifyRequest,
  page: { count: number; limit: number; offset: number },
): PageLinks {
  const link = (offset: number | null): string =>
    linkTo(request, request.url, (url) => {
      url.searchParams.set('limit', String(page.limit));
      if (offset === null) url.searchParams.delete('offset');
      else url.searchParams.set('offset', String(offset));
    });
  const { count, limit, offset } = page;
  return {
    next: offset + limit < count ? link(offset + limit) : null,
    previous: offset <= 0 ? null : offset - limit <= 0 ? link(null) : link(offset - limit),
  };
}
