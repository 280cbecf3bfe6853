import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router-dom';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { boundQueryClient } from '@atelier/session';
import { popularImagesQuery } from './features/home/api/get-popular-images';
import { siteQuery } from './features/home/api/get-site';
import { searchQuery } from './features/search/api/search-images';
import { readSearchUrl, toSearchParams } from './features/search/search-url';
import { imageQuery } from './shared/catalogue/api/get-image';
import { newestImagesQuery } from './shared/catalogue/api/get-newest-images';
import { isImageId } from './shared/catalogue/lib/image-id';

/**
 * Route loaders that start a page's first API calls as soon as the router matches it, beside
 * the download of the page's code (its chunk, then the antd components it uses), instead of
 * after it: on a first visit that is a round trip and the components' download earlier for
 * the largest paint. They put the answers in the page's query cache (the same keys the page
 * asks with, so it finds them in flight) and never wait: navigation is not held up, and an
 * error is the page's to show when it asks again.
 */
// A shell deployed before @atelier/session exported it provides none: the page asks alone.
const queryClient = () => (typeof boundQueryClient === 'function' ? boundQueryClient() : null);

const prefetch = (queries: FetchQueryOptions[]): null => {
  const client = queryClient();
  for (const query of queries) void client?.prefetchQuery(query);
  return null;
};

/**
 * `/`: the variant and, once it is known to be the standard home, its first two strips (a
 * government host never shows them, so it is not sent their queries). A site call that fails
 * shows the standard home, so its strips are fetched then too. Not awaited: navigation and
 * the page chunk's download go on meanwhile, and the site answer (one small call) arrives
 * long before the page's code.
 */
export const homeLoader = (): null => {
  const client = queryClient();
  if (!client) return null;
  void client
    .fetchQuery(siteQuery())
    .catch(() => null)
    .then((site) => {
      if (site?.kind !== 'government') {
        prefetch([newestImagesQuery(), popularImagesQuery()] as FetchQueryOptions[]);
      }
    });
  return null;
};

/** `/search`: the results of the search in the URL. */
export const searchLoader = ({ request }: LoaderFunctionArgs) =>
  prefetch([
    searchQuery(toSearchParams(readSearchUrl(new URL(request.url).searchParams))),
  ] as FetchQueryOptions[]);

/** `/images/:id`: the image's record (a malformed id is never sent, as on the page). */
export const imageLoader = ({ params }: LoaderFunctionArgs) =>
  prefetch(isImageId(params.id ?? '') ? [imageQuery(params.id ?? '') as FetchQueryOptions] : []);

/**
 * The loaders only start fetches for the URL: they run again when its path or search
 * changes, never for the hash alone (the quick view's selection, closing included).
 */
export const onUrlChange = ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean =>
  currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;
