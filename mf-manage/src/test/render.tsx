import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '@atelier/ui';
import type { ApiRoot } from '@atelier/contracts';

export const BASE = 'http://localhost';

/** The API root as the server answers it (modules/root). */
export const API_ROOT: ApiRoot = Object.fromEntries(
  ['art-usage', 'artist', 'artist-profile', 'collections', 'image', 'images', 'publisher'].map(
    (type) => [type, `${BASE}/api/${type}/`],
  ),
);

/** Renders manage routes at `path` with the app's providers and a fresh cache. */
export function renderAt(path: string, routes: RouteObject[]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

export const at = (path: string, element: ReactNode): RouteObject => ({ path, element });
