import type { RouteObject } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';

const portal = (title: string) => ({
  handle: { title },
  lazy: async () => {
    const { PortalPage } = await import('./pages/PortalPage');
    return { element: <PortalPage title={title} /> };
  },
});

const open = (title: string, next: string, nextLabel: string) => ({
  handle: { title },
  lazy: async () => {
    const { ArtistSignInPage } = await import('./pages/ArtistSignInPage');
    return { element: <ArtistSignInPage title={title} next={next} nextLabel={nextLabel} /> };
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
          {
            path: 'login',
            ...open('Apply: Sign In', '/artist/apply/info', 'Continue your application'),
          },
          { path: 'info', ...portal('Apply: About You') },
          { path: 'sample', ...portal('Apply: Samples') },
          { path: 'applied', ...portal('Application Sent') },
        ],
      },
      { path: 'message', ...open('Artist Message', '/artist/account', 'Your artist account') },
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
      { path: 'profile', ...open('Artist Profile', '/artist/profile/edit', 'Edit your profile') },
      {
        path: 'profile/edit',
        ...open('Edit Artist Profile', '/artist/account', 'Your artist account'),
      },
      {
        path: 'upload/:advanced?',
        handle: { title: 'Upload' },
        lazy: async () => {
          const [{ UploadPage }, { ArtistSignInPage }] = await Promise.all([
            import('./features/upload/UploadPage'),
            import('./pages/ArtistSignInPage'),
          ]);
          // Open to visitors (who are offered sign-in), as SPEC §2 does not mark it.
          const Upload = () =>
            useAuthStore((s) => s.user) ? (
              <UploadPage />
            ) : (
              <ArtistSignInPage title="Upload" next="/artist/upload" nextLabel="Upload your art" />
            );
          return { Component: Upload };
        },
      },
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
