import { useEffect, useState } from 'react';
import { Alert, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { authActions } from '@atelier/session';
import { formatError } from '@atelier/ui';
import { LOGOUT_FAILED_ADVICE, SIGNING_OUT } from './messages';
import { safeRedirect } from './safe-redirect';

/** /accounts/logout: 'Signing out...', then the redirect or the sign-in page. */
export function LogoutPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const redirect = params.get('redirect');
  useEffect(() => {
    let active = true;
    authActions
      .signOut()
      .then(() => active && navigate(safeRedirect(redirect, '/accounts/login'), { replace: true }))
      .catch((e: unknown) => active && setError(e));
    return () => {
      active = false;
    };
  }, [navigate, redirect]);
  if (error) {
    const { title, description } = formatError(error);
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={[title, description].filter(Boolean).join(': ')}
        description={LOGOUT_FAILED_ADVICE}
      />
    );
  }
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }} role="status">
      <Spin />
      <p>{SIGNING_OUT}</p>
    </div>
  );
}
