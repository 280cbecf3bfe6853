import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { api } from '@atelier/api-client';
import { authActions, useAuthStore, useCartStore } from '@atelier/session';
import { AppProviders } from '@atelier/ui';
import { createRemoteRoutesLoader } from './federation/load-remote-routes';
import { createAppRouter } from './routing/create-app-router';
import { GLOBAL_CSS } from './layout/global-styles';

declare global {
  interface Window {
    /** Handles for support and tests: the page's shared stores. */
    __ATELIER__?: { session: typeof useAuthStore; cart: typeof useCartStore; api: typeof api };
  }
}

function boot() {
  api.configure({
    getAccessToken: () => useAuthStore.getState().accessToken,
    refreshAccessToken: () => authActions.refreshAccessToken(),
  });
  // Guards wait for `status: 'ready'`; the rest of the page renders meanwhile.
  void authActions.boot();
  window.__ATELIER__ = { session: useAuthStore, cart: useCartStore, api };

  const style = document.createElement('style');
  style.textContent = GLOBAL_CSS;
  document.head.append(style);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // A transition: React renders the page in slices and lets the browser run between them,
  // where a plain first render is one task (~110 ms with antd's theme on a loaded machine).
  startTransition(() =>
    root.render(
      <AppProviders>
        <RouterProvider router={createAppRouter(createRemoteRoutesLoader())} />
      </AppProviders>,
    ),
  );
}

boot();
