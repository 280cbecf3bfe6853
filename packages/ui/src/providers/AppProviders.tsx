import type { ReactNode } from 'react';
import { useState } from 'react';
import { App, ConfigProvider } from 'antd';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { atelierTheme } from './theme';
import { createQueryClient } from './query-client';

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/**
 * The providers of a page: one theme, antd's App (so `App.useApp()` gives messages and
 * modals) and one query cache. The shell renders it once; a remote's standalone host too.
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ConfigProvider theme={atelierTheme}>
      <App>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
