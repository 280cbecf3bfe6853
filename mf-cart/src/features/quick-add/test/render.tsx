import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Image } from '@atelier/contracts';
import { AppProviders, createQueryClient } from '@atelier/ui';
import QuickAddFragment from '../QuickAddFragment';

export const CUSTOMIZE_HEADING = 'Customize page';

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Location">{`${location.pathname}${location.search}`}</output>;
}

/** The fragment on an image page, inside the providers the shell gives it. */
export function renderQuickAdd(image: Image, { path = '/images/42' } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/images/:id" element={<QuickAddFragment image={image} />} />
          <Route path="/art/design/:id" element={<h1>{CUSTOMIZE_HEADING}</h1>} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}
