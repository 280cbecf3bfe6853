import { SITE_TITLES, siteInfo, type SiteKind } from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface SiteRoutesOptions {
  /** GOVERNMENT_HOSTS: lowercased `host` or `host:port` entries. */
  governmentHosts: readonly string[];
}

/** The host without its port (an IPv6 literal keeps its brackets). */
const hostName = (host: string): string => host.replace(/:\d{1,5}$/, '');

/**
 * Which variant a Host header names. An entry with a port must match exactly; one without
 * matches that host on any port (the rule of ALLOWED_HOSTS), so `gov.shop.example` covers
 * the site behind a proxy on 443 and a local run on 8080 alike.
 */
export function siteKindOf(host: string, governmentHosts: readonly string[]): SiteKind {
  const wanted = host.trim().toLowerCase();
  const government = governmentHosts.some((entry) =>
    /:\d{1,5}$/.test(entry) ? entry === wanted : entry === hostName(wanted),
  );
  return government ? 'government' : 'standard';
}

/**
 * Caches may keep the answer a while (it changes only on a restart with other
 * GOVERNMENT_HOSTS), but per host: one proxy can serve both variants.
 */
const CACHE_CONTROL = 'public, max-age=300';

export const siteRoutes: FastifyPluginAsyncZod<SiteRoutesOptions> = async (app, options) => {
  app.get(
    '/api/site/',
    {
      config: { access: 'public' },
      schema: {
        summary: "Which site variant the request's host serves (standard or government)",
        description:
          'government when the Host header is one of GOVERNMENT_HOSTS; title is the home ' +
          'page title without the brand suffix.',
        tags: ['meta'],
        response: { 200: siteInfo },
      },
    },
    async (request, reply) => {
      // request.host honours X-Forwarded-Host only with TRUST_PROXY, so a client cannot pick
      // the variant with a header a proxy would not have set.
      const host = typeof request.host === 'string' ? request.host : '';
      const kind = siteKindOf(host, options.governmentHosts);
      reply.header('cache-control', CACHE_CONTROL).header('vary', 'Host');
      return { kind, title: SITE_TITLES[kind] };
    },
  );
};
