import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectIsStaff, useAuthStore } from '@atelier/session';
import { RequireStaff } from '@atelier/ui';

/**
 * Stands at /manage/* until mf-manage is loaded, which happens only for staff. When a staff
 * user arrives here (signed in on this page), navigating again lets the router load it.
 */
export function ManageGate() {
  const isStaff = useAuthStore(selectIsStaff);
  const status = useAuthStore((s) => s.status);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (isStaff && status === 'ready') void navigate(location, { replace: true });
  }, [isStaff, status, location, navigate]);
  return (
    <div data-remote="manage-gate">
      <RequireStaff>{null}</RequireStaff>
    </div>
  );
}
