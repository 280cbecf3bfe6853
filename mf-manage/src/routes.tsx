import type { RouteObject } from 'react-router-dom';

const list = (type?: string) => async () => {
  const { EntityListPage } = await import('./features/entity-list/EntityListPage');
  return { element: <EntityListPage type={type} /> };
};
const detail = (type?: string) => async () => {
  const { EntityDetailPage } = await import('./features/entity-list/EntityDetailPage');
  return { element: <EntityDetailPage type={type} /> };
};

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
      { path: 'image', handle: { title: 'Manage' }, lazy: list('image') },
      { path: 'image/:id', handle: { title: 'Manage' }, lazy: detail('image') },
      { path: 'image/:id/edit', handle: { title: 'Manage' }, lazy: detail('image') },
      { path: 'royalty-levels', handle: { title: 'Manage' }, lazy: list('royalty-levels') },
      { path: 'upload/new', handle: { title: 'Manage' }, lazy: list('upload') },
      { path: 'tax-reporting/:id?', handle: { title: 'Manage' }, lazy: list('tax-reporting') },
      {
        path: 'support',
        handle: { title: 'Manage' },
        lazy: async () => ({
          Component: (await import('./features/support/components/SupportInboxPage'))
            .SupportInboxPage,
        }),
      },
      {
        path: 'support/:id',
        handle: { title: 'Manage' },
        lazy: async () => ({
          Component: (await import('./features/support/components/SupportThreadPage'))
            .SupportThreadPage,
        }),
      },
      { path: ':type', handle: { title: 'Manage' }, lazy: list() },
      { path: ':type/new', handle: { title: 'Manage' }, lazy: list() },
      { path: ':type/:id', handle: { title: 'Manage' }, lazy: detail() },
      { path: ':type/:id/*', handle: { title: 'Manage' }, lazy: detail() },
    ],
  },
];

export default routes;
