import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, createQueryClient } from '@atelier/ui';

/** Renders a component inside the providers the shell gives a page. */
export function renderWithProviders(node: ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>{node}</MemoryRouter>
    </AppProviders>,
  );
}
