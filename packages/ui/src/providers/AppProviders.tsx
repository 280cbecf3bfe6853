import type { ReactNode } from 'react';
import { useEffect, useInsertionEffect, useState } from 'react';
import { bindQueryClient, useAuthStore } from '@atelier/session';
import { App, ConfigProvider } from 'antd';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { atelierTheme } from './theme';
import { createQueryClient } from './query-client';
import { FEEDBACK_CSS } from '../feedback/Loading';

const STYLE_ID = 'atelier-feedback-styles';

function installFeedbackStyles() {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = FEEDBACK_CSS;
  document.head.append(style);
}

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/**
 * The providers of a page: one theme, antd's App (so `App.useApp()` gives messages and
 * modals) and one query cache. The shell renders it once; a remote's standalone host too.
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => {
    const created = queryClient ?? createQueryClient();
    // Session actions outside React (sign-in, cart creation) reach the same cache.
    bindQueryClient(created);
    return created;
  });
  useInsertionEffect(installFeedbackStyles, []);
  // What the server answered depends on who asked (favourites, staff fields): a new
  // identity starts from an empty cache, and the pages on screen load again.
  useEffect(
    () =>
      useAuthStore.subscribe((state, previous) => {
        if (state.user?.uuid !== previous.user?.uuid) void client.resetQueries();
      }),
    [client],
  );
  return (
    <ConfigProvider theme={atelierTheme}>
      <App>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
