import { Link, useLocation } from 'react-router-dom';
import { SESSION_EXPIRED, useAuthStore } from '@atelier/session';

/** SPEC §8: after a failed refresh, an info alert with a way to sign in again. */
export function SessionExpiredNotice() {
  const expired = useAuthStore((s) => s.sessionExpired);
  const dismiss = useAuthStore((s) => s.setSessionExpired);
  const { pathname, search } = useLocation();
  if (!expired) return null;
  const redirect = pathname.startsWith('/accounts')
    ? ''
    : `?redirect=${encodeURIComponent(pathname + search)}`;
  return (
    <div className="atelier-notice" role="alert">
      <span>{SESSION_EXPIRED}</span>{' '}
      <Link to={`/accounts/login${redirect}`} onClick={() => dismiss(false)}>
        Sign in
      </Link>
      <button
        type="button"
        className="atelier-notice-close"
        aria-label="Dismiss"
        onClick={() => dismiss(false)}
      >
        ×
      </button>
    </div>
  );
}
