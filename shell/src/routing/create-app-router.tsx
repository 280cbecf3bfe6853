import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import type { RemoteName } from '@atelier/contracts';
import { selectIsStaff, useAuthStore } from '@atelier/session';
import { Loading, RequireStaff } from '@atelier/ui';
import { AppLayout } from '../layout/AppLayout';
import { AreaError } from '../errors/AreaError';
import { RouteError } from '../errors/RouteError';
import { accountRoutes } from '../accounts/account-routes';
import type { RemoteRoutesLoader } from '../federation/load-remote-routes';
import { ownerOfPath } from '../federation/ownership';
import { RemoteArea } from './remote-area';
import { ManageGate } from './manage-gate';

const MAIN_AREA = 'main';

const shellRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <AppLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's front end loads.
    hydrateFallbackElement: <Loading />,
    children: [
      {
        id: MAIN_AREA,
        errorElement: <AreaError />,
        children: [
          { path: 'accounts', children: accountRoutes },
          { path: 'artists', element: <Navigate to="/artist" replace /> },
          { path: 'manage/*', element: <ManageGate />, handle: { title: 'Manage' } },
          {
            path: '*',
            handle: { title: 'Not Found' },
            lazy: async () => ({ Component: (await import('../errors/NotFound')).default }),
          },
        ],
      },
    ],
  },
];

/** A remote's routes, mounted in its own area with its own error boundary. */
function remoteArea(remote: RemoteName, routes: RouteObject[]): RouteObject {
  const element =
    remote === 'manage' ? (
      // Staff routes keep their guard after mf-manage is loaded (a later sign-out).
      <RequireStaff>
        <RemoteArea remote={remote} />
      </RequireStaff>
    ) : (
      <RemoteArea remote={remote} />
    );
  return { id: `remote:${remote}`, element, errorElement: <AreaError />, children: routes };
}

/**
 * The one router of the page. A remote's routes are loaded and patched in when a path it
 * owns is first visited; mf-manage only for staff.
 */
export function createAppRouter(loadRemoteRoutes: RemoteRoutesLoader) {
  const patched = new Set<RemoteName>();
  return createBrowserRouter(shellRoutes, {
    async patchRoutesOnNavigation({ path, patch, signal }) {
      const remote = ownerOfPath(path);
      if (!remote || patched.has(remote)) return;
      if (remote === 'manage' && !selectIsStaff(useAuthStore.getState())) return;
      const routes = await loadRemoteRoutes(remote);
      // An interrupted navigation's patch is dropped by the router: leave it to the next one.
      if (patched.has(remote) || signal.aborted) return;
      patched.add(remote);
      patch(MAIN_AREA, [remoteArea(remote, routes)]);
    },
  });
}
