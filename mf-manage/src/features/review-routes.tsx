import type { RouteObject } from 'react-router-dom';

/**
 * Staff review screens (issue 14): artist applications, uploads and the staff upload form,
 * artist identities and their payout accounts. Mounted before the generic ':type' routes.
 */
export const reviewRoutes: [string, RouteObject['lazy']][] = [
  [
    'artist-application',
    async () => ({
      Component: (await import('./applications/components/ApplicationListPage'))
        .ApplicationListPage,
    }),
  ],
  [
    'artist-application/:id',
    async () => ({
      Component: (await import('./applications/components/ApplicationDetailPage'))
        .ApplicationDetailPage,
    }),
  ],
  [
    'upload',
    async () => ({
      Component: (await import('./uploads/components/UploadListPage')).UploadListPage,
    }),
  ],
  [
    'upload/new',
    async () => ({
      Component: (await import('./uploads/components/StaffUploadPage')).StaffUploadPage,
    }),
  ],
  [
    'upload/:id',
    async () => ({
      Component: (await import('./uploads/components/UploadDetailPage')).UploadDetailPage,
    }),
  ],
  [
    'artist-identity',
    async () => ({
      Component: (await import('./identities/components/IdentityPages')).IdentityListPage,
    }),
  ],
  ...(
    [
      ['artist-identity/new', 'new'],
      ['artist-identity/:token/edit', 'edit'],
      ['artist-identity/:token/:type/new', 'new'],
      ['artist-identity/:token/:type/:id/edit', 'edit'],
    ] as const
  ).map(([path, mode]): [string, RouteObject['lazy']] => [
    path,
    async () => {
      const { ArtistManagedPage } = await import('./identities/components/IdentityPages');
      return { element: <ArtistManagedPage mode={mode} /> };
    },
  ]),
  [
    'artist-identity/:token',
    async () => ({
      Component: (await import('./identities/components/IdentityPages')).IdentityDetailPage,
    }),
  ],
  [
    'artist-identity/:token/status-transitions',
    async () => ({
      Component: (await import('./identities/components/IdentityPages')).TransitionListPage,
    }),
  ],
  [
    'artist-identity/:token/status-transitions/:stsToken',
    async () => ({
      Component: (await import('./identities/components/IdentityPages')).TransitionDetailPage,
    }),
  ],
  [
    'artist-identity/:token/:type',
    async () => ({
      Component: (await import('./identities/components/IdentityPages')).AccountListPage,
    }),
  ],
  [
    'artist-identity/:token/:type/:id',
    async () => ({
      Component: (await import('./identities/components/IdentityPages')).AccountDetailPage,
    }),
  ],
  [
    'artist-identity/:token/:type/:id/status-transitions',
    async () => ({
      Component: (await import('./identities/components/IdentityPages')).TransitionListPage,
    }),
  ],
  [
    'artist-identity/:token/:type/:id/status-transitions/:stsToken',
    async () => ({
      Component: (await import('./identities/components/IdentityPages')).TransitionDetailPage,
    }),
  ],
];
