import type { SessionProfile, SessionUser } from '@atelier/session';

export interface MenuLink {
  label: string;
  to: string;
}

/** The account dashboard (mf-cart's page); SPEC §2 Dashboard links go here. */
const DASHBOARD_PATH = '/dashboard';

/** SPEC §4: this application stage means artist onboarding is complete. */
const ARTIST_PROFILE_READY_STAGE = 'payment';

/**
 * SPEC §2 My Account menu: artist profile link (onboarding complete), Dashboard and
 * Projects (session profiles), Orders, Artist Portal (artists), Sign out.
 */
export function accountMenuItems(session: {
  user: SessionUser;
  profile: SessionProfile | null;
  isArtist: boolean;
}): MenuLink[] {
  const { profile, isArtist } = session;
  return [
    ...(profile?.application_stage === ARTIST_PROFILE_READY_STAGE
      ? [{ label: 'Artist Profile', to: '/artist/profile' }]
      : []),
    ...(profile
      ? [
          { label: 'Dashboard', to: DASHBOARD_PATH },
          { label: 'Projects', to: '/projects' },
        ]
      : []),
    { label: 'Orders', to: '/orders' },
    ...(isArtist ? [{ label: 'Artist Portal', to: '/artist' }] : []),
    { label: 'Sign out', to: '/accounts/logout' },
  ];
}

/** SPEC §2 staff bar links; the project typeahead follows them (StaffBar). */
export const STAFF_BAR_LINKS: MenuLink[] = [
  { label: 'Dashboard', to: DASHBOARD_PATH },
  { label: 'Projects', to: '/projects' },
  { label: 'Art', to: '/manage/image' },
  { label: 'Collections', to: '/collections' },
  { label: 'Manage', to: '/manage' },
  { label: 'Upload', to: '/manage/upload/new' },
  { label: 'Artist Portal', to: '/artist' },
];
