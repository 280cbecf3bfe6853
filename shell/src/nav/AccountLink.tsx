import { useId } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';
import { accountMenuItems } from './account-menu-items';
import { useDisclosure } from './use-disclosure';

/** The My Account menu for a signed-in user (SPEC §2); a Sign In link otherwise. */
export function AccountLink() {
  const user = useAuthStore((s) => s.user);
  const profile = useAuthStore((s) => s.profile);
  const isArtist = useAuthStore((s) => s.isArtist);
  const { pathname, search } = useLocation();
  const { open, setOpen, root } = useDisclosure<HTMLDivElement>();
  const menuId = useId();

  if (!user) {
    const redirect = pathname.startsWith('/accounts')
      ? ''
      : `?redirect=${encodeURIComponent(pathname + search)}`;
    return (
      <Link to={`/accounts/login${redirect}`} className="atelier-nav-button">
        Sign In
      </Link>
    );
  }
  const name = user.name || user.email;
  return (
    <div className="atelier-menu" ref={root}>
      <button
        type="button"
        className="atelier-nav-button atelier-account"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`My Account: ${name}`}
        onClick={() => setOpen((value) => !value)}
      >
        {name}
      </button>
      {open && (
        <ul id={menuId} className="atelier-menu-panel atelier-account-menu" aria-label="My Account">
          {accountMenuItems({ user, profile, isArtist }).map((item) => (
            <li key={item.label}>
              <Link to={item.to} onClick={() => setOpen(false)}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
