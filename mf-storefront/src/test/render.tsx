import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders, createQueryClient } from '@atelier/ui';
import type { ImageCard } from '@atelier/contracts';

/** Renders a page at a path inside the providers the shell gives it. */
export function renderPage(page: ReactNode, { path = '/', route = '/' } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={page} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

export const imageCard = (id: number, overrides: Partial<ImageCard> = {}): ImageCard => ({
  id,
  local_id: `L${id}`,
  title: `Work ${id}`,
  artist: 'Mira Sol',
  artist_id: 3,
  source: 'GAA',
  royalty_code: 'MSOL0003',
  created: '2024-05-01T00:00:00Z',
  updated: '2024-05-01T00:00:00Z',
  preview: `/media/thumbs/${id}.jpg`,
  thumb: `/media/thumbs/${id}.jpg`,
  max_width: 1600,
  max_height: 1200,
  price: 2,
  published: true,
  ...overrides,
});
