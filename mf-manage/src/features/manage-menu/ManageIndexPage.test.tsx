import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ApiRoot } from '@atelier/contracts';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@atelier/ui';
import { ManageIndexPage } from './ManageIndexPage';

const server = setupServer(
  http.get('http://localhost/api/', () =>
    HttpResponse.json<ApiRoot>({
      artist: 'http://localhost/api/artist/',
      images: 'http://localhost/api/images/',
    }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('builds the index menu from GET /api/', async () => {
  render(
    <AppProviders>
      <MemoryRouter>
        <ManageIndexPage />
      </MemoryRouter>
    </AppProviders>,
  );
  expect(await screen.findByRole('link', { name: 'Artists' })).toHaveAttribute(
    'href',
    '/manage/artist',
  );
  expect(screen.getByRole('link', { name: 'Royalty Levels' })).toHaveAttribute(
    'href',
    '/manage/royalty-levels',
  );
});
