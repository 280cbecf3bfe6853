import type { RouteObject } from 'react-router-dom';

const portal = (title: string) => ({
  handle: { title },
  lazy: async () => {
    const { PortalPage } = await import('./pages/PortalPage');
    return { element: <PortalPage title={title} /> };
  },
});

/** mf-artist's routes (SPEC §2): the artist portal under /artist. */
const routes: RouteObject[] = [
  {
    path: 'artist',
    children: [
      {
        index: true,
        handle: { title: 'Artist Portal' },
        lazy: async () => ({ Component: (await import('./pages/ArtistHomePage')).ArtistHomePage }),
      },
      {
        path: 'apply',
        children: [
          {
            index: true,
            handle: { title: 'Apply' },
            lazy: async () => ({ Component: (await import('./pages/ApplyPage')).ApplyPage }),
          },
          { path: 'login', ...portal('Apply: Sign In') },
          { path: 'info', ...portal('Apply: About You') },
          { path: 'sample', ...portal('Apply: Samples') },
          { path: 'applied', ...portal('Application Sent') },
        ],
      },
      { path: 'message', ...portal('Artist Message') },
      {
        path: 'new',
        children: [
          { index: true, ...portal('New Artist') },
          { path: 'royalty', ...portal('Royalty') },
          { path: 'tax', ...portal('Tax') },
          { path: 'payment', ...portal('Payment') },
        ],
      },
      {
        path: 'art',
        children: [
          { index: true, ...portal('Your Art') },
          { path: 'all', ...portal('All Your Art') },
          { path: ':id', ...portal('Artwork') },
        ],
      },
      { path: 'profile', ...portal('Artist Profile') },
      { path: 'profile/edit', ...portal('Edit Artist Profile') },
      { path: 'upload/:advanced?', ...portal('Upload') },
      {
        path: 'account',
        children: [
          { index: true, ...portal('Artist Account') },
          { path: 'royalty', ...portal('Royalty') },
          { path: 'tax', ...portal('Tax') },
          { path: 'payment', ...portal('Payment') },
        ],
      },
    ],
  },
];

export default routes;
