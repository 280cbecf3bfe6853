import { Link, useLocation } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';

/** Sign In for visitors; the signed-in user's name (the full menu comes with accounts). */
export function AccountLink() {
  const user = useAuthStore((s) => s.user);
  const { pathname, search } = useLocation();
  if (user) {
    return (
      <span className="atelier-account" aria-label="My Account">
        {user.name || user.email}
      </span>
    );
  }
  const redirect = pathname.startsWith('/accounts')
    ? ''
    : `?redirect=${encodeURIComponent(pathname + search)}`;
  return (
    <Link to={`/accounts/login${redirect}`} className="atelier-nav-button">
      Sign In
    </Link>
  );
}
