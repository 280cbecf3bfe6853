import type { RouteObject } from 'react-router-dom';
import { payoutRoutes } from './features/payouts/payout-routes';
import { reviewRoutes } from './features/review-routes';

const list = (type?: string) => async () => {
  const { EntityListPage } = await import('./features/entities/EntityListPage');
  return { element: <EntityListPage type={type} /> };
};
const detail = (type?: string) => async () => {
  const { EntityDetailPage } = await import('./features/entities/EntityDetailPage');
  return { element: <EntityDetailPage type={type} /> };
};
const form = (mode: 'new' | 'edit', type?: string) => async () => {
  const { EntityFormPage } = await import('./features/entities/EntityFormPage');
  return { element: <EntityFormPage type={type} mode={mode} /> };
};

const page = (path: string, lazy: RouteObject['lazy']): RouteObject => ({
  path,
  handle: { title: 'Manage' },
  lazy,
});

/** mf-manage's routes (SPEC §2 staff-only routes), under /manage. The shell guards them. */
const routes: RouteObject[] = [
  {
    path: 'manage',
    handle: { title: 'Manage' },
    lazy: async () => ({
      Component: (await import('./features/manage-menu/ManageLayout')).ManageLayout,
    }),
    children: [
      {
        index: true,
        handle: { title: 'Manage' },
        lazy: async () => ({
          Component: (await import('./features/manage-menu/ManageIndexPage')).ManageIndexPage,
        }),
      },
      page('image', list('image')),
      page('image/:id', detail('image')),
      page('image/:id/edit', form('edit', 'image')),
      page('royalty-levels', async () => ({
        Component: (await import('./features/royalty-levels/components/RoyaltyLevelListPage'))
          .RoyaltyLevelListPage,
      })),
      page('royalty-levels/new', form('new', 'royalty-levels')),
      page('royalty-levels/:id', async () => ({
        Component: (await import('./features/royalty-levels/components/RoyaltyLevelDetailPage'))
          .RoyaltyLevelDetailPage,
      })),
      page('royalty-levels/:id/edit', form('edit', 'royalty-levels')),
      ...reviewRoutes.map(([path, lazy]) => page(path, lazy)),
      page('tax-reporting/:id?', async () => ({
        Component: (await import('./features/tax-reporting/components/TaxReportingPage'))
          .TaxReportingPage,
      })),
      page('support', async () => ({
        Component: (await import('./features/support/components/SupportInboxPage'))
          .SupportInboxPage,
      })),
      page('support/:id', async () => ({
        Component: (await import('./features/support/components/SupportThreadPage'))
          .SupportThreadPage,
      })),
      page('order', async () => ({
        Component: (await import('./features/orders/components/OrderListPage')).OrderListPage,
      })),
      page('order/:id', async () => ({
        Component: (await import('./features/orders/components/OrderDetailPage')).OrderDetailPage,
      })),
      page('artist-profile/:id/email', async () => ({
        Component: (await import('./features/artist-email/ArtistEmailPage')).ArtistEmailPage,
      })),
      ...payoutRoutes,
      page(':type', list()),
      page(':type/new', form('new')),
      page(':type/:id', detail()),
      page(':type/:id/edit', form('edit')),
      page(':type/:id/*', detail()),
    ],
  },
];

export default routes;
