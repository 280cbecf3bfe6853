import { Outlet } from 'react-router-dom';
import type { RemoteName } from '@atelier/contracts';

/** The area a remote renders into; marked so tests and styles can find its owner. */
export function RemoteArea({ remote }: { remote: RemoteName }) {
  return (
    <div data-remote={remote} className="atelier-remote-area">
      <Outlet />
    </div>
  );
}
