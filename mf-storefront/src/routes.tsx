import type { RouteObject } from 'react-router-dom';
import { RequireLogin } from '@atelier/ui';
import { homeLoader, imageLoader, onUrlChange, searchLoader } from './route-prefetch';

/**
 * mf-storefront's routes (SPEC §2), mounted by the shell at the site root. The chunk of a
 * page that is the only one under its first path segment is named `route-<segment>`
 * (`route-index` for `/`): the server preloads it from the HTML of the pages it serves
 * (packages/mf-config, route-chunks.cjs), a first visit's most common landing pages.
 */
const routes: RouteObject[] = [
  {
    index: true,
    loader: homeLoader,
    shouldRevalidate: onUrlChange,
    lazy: async () => ({
      Component: (await import(/* webpackChunkName: "route-index" */ './pages/HomePage')).HomePage,
    }),
  },
  {
    path: 'search',
    handle: { title: 'Search' },
    loader: searchLoader,
    shouldRevalidate: onUrlChange,
    lazy: async () => ({
      Component: (await import(/* webpackChunkName: "route-search" */ './pages/SearchPage'))
        .SearchPage,
    }),
  },
  {
    path: 'images/:id',
    loader: imageLoader,
    shouldRevalidate: onUrlChange,
    lazy: async () => ({
      Component: (await import(/* webpackChunkName: "route-images" */ './pages/ImageDetailPage'))
        .ImageDetailPage,
    }),
  },
  {
    path: 'collections',
    children: [
      {
        index: true,
        handle: { title: 'Collections' },
        lazy: async () => ({
          Component: (await import('./pages/CollectionsPage')).CollectionsPage,
        }),
      },
      {
        path: 'new',
        handle: { title: 'New Collection' },
        lazy: async () => {
          const { CollectionNewPage } = await import('./pages/CollectionNewPage');
          return {
            element: (
              <RequireLogin>
                <CollectionNewPage />
              </RequireLogin>
            ),
          };
        },
      },
      {
        path: ':id',
        lazy: async () => ({
          Component: (await import('./pages/CollectionDetailPage')).CollectionDetailPage,
        }),
      },
      {
        path: ':id/edit',
        handle: { title: 'Edit Collection' },
        lazy: async () => {
          const { CollectionEditPage } = await import('./pages/CollectionEditPage');
          return {
            element: (
              <RequireLogin>
                <CollectionEditPage />
              </RequireLogin>
            ),
          };
        },
      },
    ],
  },
];

export default routes;
