import { NavLink } from 'react-router-dom';
import { selectIsStaff, useAuthStore } from '@atelier/session';
import { STAFF_BAR_LINKS } from './account-menu-items';

/** SPEC §2: the second bar staff get. */
export function StaffBar() {
  const isStaff = useAuthStore(selectIsStaff);
  if (!isStaff) return null;
  return (
    <nav aria-label="Staff" className="atelier-staff-bar">
      {STAFF_BAR_LINKS.map((link) => (
        <NavLink key={link.label} to={link.to} end={link.to === '/manage'}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
