import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { SiteInfo } from '@atelier/contracts';

const SITE_PATH = '/api/site/';

const getSite = (signal?: AbortSignal) => api.get<SiteInfo>(SITE_PATH, { signal });

/**
 * Which variant (standard or government) the page's host serves. It depends only on the
 * host, which never changes while the page lives: asked once, then never refetched.
 */
export const siteQuery = () =>
  queryOptions({
    queryKey: ['site'],
    queryFn: ({ signal }) => getSite(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useSite = () => useQuery(siteQuery());
