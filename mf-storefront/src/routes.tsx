import type { RouteObject } from 'react-router-dom';
import { RequireLogin } from '@atelier/ui';

/** mf-storefront's routes (SPEC §2), mounted by the shell at the site root. */
const routes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./pages/HomePage')).HomePage }),
  },
  {
    path: 'search',
    handle: { title: 'Search' },
    lazy: async () => ({ Component: (await import('./pages/SearchPage')).SearchPage }),
  },
  {
    path: 'images/:id',
    lazy: async () => ({ Component: (await import('./pages/ImageDetailPage')).ImageDetailPage }),
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
