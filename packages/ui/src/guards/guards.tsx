import type { ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { selectIsStaff, useAuthStore } from '@atelier/session';

export const LOGIN_REQUIRED = 'This page requires login.';
export const STAFF_REQUIRED = 'This page requires staff login.';
export const SIGN_IN_PROMPT = 'Please sign in to continue';

function useSignInHref(): string {
  const { pathname, search } = useLocation();
  return `/accounts/login?redirect=${encodeURIComponent(pathname + search)}`;
}

function Booting() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <Spin aria-label="Loading your session" />
    </div>
  );
}

function SignInPrompt({ title }: { title: string }) {
  const href = useSignInHref();
  return (
    <Result
      status="403"
      title={title}
      subTitle={SIGN_IN_PROMPT}
      extra={
        <Link to={href}>
          <Button type="primary">Sign In</Button>
        </Link>
      }
    />
  );
}

/** SPEC §6: a page that needs login shows the sign-in prompt to a visitor without a user. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  const user = useAuthStore((s) => s.user);
  if (status === 'booting') return <Booting />;
  if (!user) return <SignInPrompt title={LOGIN_REQUIRED} />;
  return <>{children}</>;
}

/** SPEC §6: a staff page shows 'This page requires staff login.' to anyone but staff. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  const isStaff = useAuthStore(selectIsStaff);
  if (status === 'booting') return <Booting />;
  if (!isStaff) return <SignInPrompt title={STAFF_REQUIRED} />;
  return <>{children}</>;
}
