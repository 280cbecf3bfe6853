import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/errors';

/** The API's paths; front-end and media paths keep their 404 (and the SPA fallback). */
const API_PATH = /^\/(api|auth|accounts|content)(\/|$)/;

interface Pattern {
  regex: RegExp;
  methods: Set<string>;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A route URL (`/api/collections/:id/`, `/api/docs/*`) as a regex over request paths; the
 * trailing slash optional, as the router's ignoreTrailingSlash makes it.
 */
export function routeRegex(url: string): RegExp {
  const trimmed = url.length > 1 ? url.replace(/\/+$/, '') : url;
  const source = trimmed
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      // A parameter may share its segment with text (`:name.json`); it never spans a slash.
      return segment
        .split(/(:[A-Za-z_]\w*(?:\([^)]*\))?)/)
        .map((part) => (part.startsWith(':') ? '[^/]+' : escape(part)))
        .join('');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * DRF's answer to a method a path does not take: 405 `{"detail": "Method \"PUT\" not
 * allowed."}` with an `Allow` header, where Fastify would answer 404. Collects the API routes
 * as they are added, so a route added later is covered. Register before any route.
 */
export function registerMethodNotAllowed(app: FastifyInstance): void {
  const patterns = new Map<string, Pattern>();
  app.addHook('onRoute', (route) => {
    if (!API_PATH.test(route.url)) return;
    let pattern = patterns.get(route.url);
    if (!pattern) {
      pattern = { regex: routeRegex(route.url), methods: new Set() };
      patterns.set(route.url, pattern);
    }
    for (const method of [route.method].flat()) pattern.methods.add(method.toUpperCase());
  });

  /** The methods the path takes, or null when no API route has that path. */
  const allowedFor = (pathname: string): string[] | null => {
    const methods = new Set<string>();
    for (const { regex, methods: taken } of patterns.values()) {
      if (regex.test(pathname)) for (const method of taken) methods.add(method);
    }
    return methods.size > 0 ? [...methods].sort() : null;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404) return;
    const pathname = request.url.split('?', 1)[0] ?? '/';
    if (!API_PATH.test(pathname)) return;
    // Matched still encoded: a parameter is one segment whatever its escapes.
    const allowed = allowedFor(pathname);
    if (!allowed || allowed.includes(request.method)) return;
    reply.header('allow', allowed.join(', '));
    throw new ApiError(405, { detail: `Method "${request.method}" not allowed.` });
  });
}
