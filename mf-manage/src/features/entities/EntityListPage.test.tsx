import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Artist, OptionsMetadata, Page, ApiRoot } from '@atelier/contracts';
import { API_ROOT, at, BASE, renderAt } from '../../test/render';
import { LIST_IS_EMPTY, NO_RESULTS } from '../../shared/list-messages';
import { EntityListPage } from './EntityListPage';

jest.setTimeout(60_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const artist = (id: number, name: string): Artist => ({
  id,
  name,
  royalty_code: `C${id}`,
  gaa_artist: false,
  active: id !== 2,
  created: '2025-01-01T00:00:00Z',
});

const options: OptionsMetadata = {
  name: 'Artist List',
  description: '',
  renders: ['application/json'],
  parses: ['application/json'],
  actions: { POST: { name: { type: 'string', required: true, read_only: false, label: 'Name' } } },
};

function serve(results: Artist[], count = results.length) {
  const asked: URL[] = [];
  server.use(
    http.get(`${BASE}/api/`, () => HttpResponse.json<ApiRoot>(API_ROOT)),
    http.options(`${BASE}/api/artist/`, () => HttpResponse.json<OptionsMetadata>(options)),
    http.get(`${BASE}/api/artist/`, ({ request }) => {
      asked.push(new URL(request.url));
      const page: Page<Artist> = { count, next: null, previous: null, results };
      return HttpResponse.json<Page<Artist>>(page);
    }),
  );
  return asked;
}

const routes = [at('/manage/:type', <EntityListPage />), at('/manage/:type/new', <p>New form</p>)];

it('lists rows with breadcrumbs, the plural title and the pagination bar', async () => {
  const asked = serve([artist(1, 'Ana Alves'), artist(2, 'Bo Berg')], 45);
  renderAt('/manage/artist', routes);
  expect(await screen.findByRole('heading', { level: 1, name: 'Artists' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Manage home' })).toHaveAttribute('href', '/manage');
  expect(await screen.findByRole('link', { name: 'Ana Alves' })).toHaveAttribute(
    'href',
    '/manage/artist/1',
  );
  expect(screen.getByText(/C2 · Inactive/)).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Artists pages' })).toHaveTextContent('45 total');
  expect(asked[0]!.searchParams.get('page')).toBe('1');
  expect(asked[0]!.searchParams.get('page_size')).toBe('20');
});

it('searches through the query param search, and says No results', async () => {
  const asked = serve([]);
  const router = renderAt('/manage/artist', routes);
  expect(await screen.findByText(LIST_IS_EMPTY)).toBeInTheDocument();
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search Artists' }), 'zz{Enter}');
  await waitFor(() => expect(router.state.location.search).toBe('?search=zz'));
  expect(await screen.findByText(NO_RESULTS)).toBeInTheDocument();
  expect(asked.at(-1)!.searchParams.get('search')).toBe('zz');
});

it('opens the new form when the metadata offers one', async () => {
  serve([artist(1, 'Ana Alves')]);
  renderAt('/manage/artist', routes);
  await userEvent.click(await screen.findByRole('button', { name: /New Artist/ }));
  expect(await screen.findByText('New form')).toBeInTheDocument();
});

it('shows an empty list, not an error, for a screen the API does not serve yet', async () => {
  server.use(http.get(`${BASE}/api/`, () => HttpResponse.json<ApiRoot>(API_ROOT)));
  renderAt('/manage/payment-due', routes);
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Payments Due' }),
  ).toBeInTheDocument();
  expect(await screen.findByText(LIST_IS_EMPTY)).toBeInTheDocument();
});
