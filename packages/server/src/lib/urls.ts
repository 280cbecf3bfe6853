import type { FastifyRequest } from 'fastify';

/** The origin the client used (honours X-Forwarded-* when TRUST_PROXY is set). */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** An absolute URL for a path on this server, like Django's build_absolute_uri. */
export function absoluteUrl(request: FastifyRequest, pathAndQuery: string): string {
  return new URL(pathAndQuery, originOf(request)).toString();
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
  const link = (offset: number | null): string => {
    const url = new URL(request.url, originOf(request));
    url.searchParams.set('limit', String(page.limit));
    if (offset === null) url.searchParams.delete('offset');
    else url.searchParams.set('offset', String(offset));
    return url.toString();
  };
  const { count, limit, offset } = page;
  return {
    next: offset + limit < count ? link(offset + limit) : null,
    previous: offset <= 0 ? null : offset - limit <= 0 ? link(null) : link(offset - limit),
  };
}
