import { createRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  Link,
  Outlet,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { useAuthStore } from '@atelier/session';
import { AppProviders } from '@atelier/ui';

function StandaloneFrame({ name }: { name: string }) {
  return (
    <div style={{ padding: 16 }}>
      <header style={{ display: 'flex', gap: 16, alignItems: 'baseline', marginBottom: 16 }}>
        <Link to="/">
          <strong>{name}</strong>
        </Link>
        <small>standalone host — in production the shell composes this front end</small>
      </header>
      <Outlet />
    </div>
  );
}

/**
 * The small host a team runs its remote in (`pnpm --filter mf-cart dev`): the same
 * providers as the shell and the remote's own routes, without the rest of the site.
 */
export function renderStandalone(name: string, routes: RouteObject[]): void {
  useAuthStore.getState().setReady();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const router = createBrowserRouter([
    {
      element: <StandaloneFrame name={name} />,
      children: [...routes, { path: '*', element: <p>Not a route of {name}.</p> }],
    },
  ]);
  createRoot(container).render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
