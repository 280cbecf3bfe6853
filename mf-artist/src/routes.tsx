import type { RouteObject } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';

const open = (title: string, next: string, nextLabel: string) => ({
  handle: { title },
  lazy: async () => {
    const { ArtistSignInPage } = await import('./pages/ArtistSignInPage');
    return { element: <ArtistSignInPage title={title} next={next} nextLabel={nextLabel} /> };
  },
});

type Step = 'royalty' | 'tax' | 'payment';
const STEP_TITLES: Record<Step, string> = { royalty: 'Royalty', tax: 'Tax', payment: 'Payment' };

/** An onboarding step: the first walk (/artist/new) or later changes (/artist/account). */
const step = (name: Step, mode: 'new' | 'account') => ({
  path: name,
  handle: { title: STEP_TITLES[name] },
  lazy: async () => {
    const { OnboardingStepPage } = await import('./pages/onboarding/OnboardingStepPage');
    return { element: <OnboardingStepPage step={name} mode={mode} /> };
  },
});

const artList = (all: boolean) => ({
  handle: { title: all ? 'All Your Art' : 'Your Art' },
  lazy: async () => {
    const { ArtListPage } = await import('./pages/art/ArtListPage');
    return { element: <ArtListPage all={all} /> };
  },
});

const profile = (edit: boolean) => ({
  handle: { title: edit ? 'Edit Artist Profile' : 'Artist Profile' },
  lazy: async () => {
    const { ProfilePage } = await import('./pages/profile/ProfilePage');
    return { element: <ProfilePage edit={edit} /> };
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
          {
            path: 'info',
            handle: { title: 'Apply: About You' },
            lazy: async () => ({
              Component: (await import('./pages/apply/ApplyInfoPage')).ApplyInfoPage,
            }),
          },
          {
            path: 'sample',
            handle: { title: 'Apply: Samples' },
            lazy: async () => ({
              Component: (await import('./pages/apply/ApplySamplesPage')).ApplySamplesPage,
            }),
          },
          {
            path: 'applied',
            handle: { title: 'Application Sent' },
            lazy: async () => ({
              Component: (await import('./pages/apply/AppliedPage')).AppliedPage,
            }),
          },
        ],
      },
      {
        path: 'message',
        handle: { title: 'Artist Message' },
        lazy: async () => ({ Component: (await import('./pages/MessagePage')).MessagePage }),
      },
      {
        path: 'new',
        children: [
          {
            index: true,
            handle: { title: 'New Artist' },
            lazy: async () => ({
              Component: (await import('./pages/onboarding/NewArtistPage')).NewArtistPage,
            }),
          },
          step('royalty', 'new'),
          step('tax', 'new'),
          step('payment', 'new'),
        ],
      },
      {
        path: 'art',
        children: [
          { index: true, ...artList(false) },
          { path: 'all', ...artList(true) },
          {
            path: ':id',
            handle: { title: 'Artwork' },
            lazy: async () => ({
              Component: (await import('./pages/art/ArtworkPage')).ArtworkPage,
            }),
          },
        ],
      },
      { path: 'profile', ...profile(false) },
      { path: 'profile/edit', ...profile(true) },
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
          {
            index: true,
            handle: { title: 'Artist Account' },
            lazy: async () => ({
              Component: (await import('./pages/onboarding/AccountPage')).AccountPage,
            }),
          },
          step('royalty', 'account'),
          step('tax', 'account'),
          step('payment', 'account'),
        ],
      },
    ],
  },
];

export default routes;
