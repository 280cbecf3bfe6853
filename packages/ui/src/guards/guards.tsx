import { lazy, Suspense, type ReactNode } from 'react';
import { selectIsSignedIn, selectIsStaff, useAuthStore } from '@atelier/session';
import { Loading } from '../feedback/Loading';
import { LOGIN_REQUIRED, STAFF_REQUIRED } from './messages';

// The prompt (antd Result and its artwork) loads only when someone is turned away.
const SignInPrompt = lazy(() => import('./SignInPrompt'));

function Prompt({ title, withForm }: { title: string; withForm: boolean }) {
  return (
    <Suspense fallback={<Loading />}>
      <SignInPrompt title={title} withForm={withForm} />
    </Suspense>
  );
}

/** SPEC §6: a page that needs login shows the sign-in prompt to a visitor without a user. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  const user = useAuthStore((s) => s.user);
  if (status === 'booting') return <Loading label="Loading your session" />;
  if (!user) return <Prompt title={LOGIN_REQUIRED} withForm />;
  return <>{children}</>;
}

/** SPEC §6: a staff page shows 'This page requires staff login.' to anyone but staff. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  const isStaff = useAuthStore(selectIsStaff);
  const signedIn = useAuthStore(selectIsSignedIn);
  if (status === 'booting') return <Loading label="Loading your session" />;
  // A guest may be staff who has not signed in yet; a customer is offered another account.
  if (!isStaff) return <Prompt title={STAFF_REQUIRED} withForm={!signedIn} />;
  return <>{children}</>;
}
