import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { imageCard, renderPage } from '../test/render';
import { SearchPage } from './SearchPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const asked: URLSearchParams[] = [];
beforeEach(() => {
  asked.length = 0;
  server.use(
    http.get('http://localhost/content/search/v3/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const offset = Number(params.get('offset'));
      return HttpResponse.json({
        images: [imageCard(offset + 1, { title: `Sea ${offset + 1}` })],
        total: 150,
        total_available: 150,
        total_for_pagination: 150,
        total_is_partial: params.get('q') === 'partial',
        facets: {},
        errors: [],
      });
    }),
  );
});

describe('search page', () => {
  it('searches for q with the default page size of 100 and pages through results', async () => {
    renderPage(<SearchPage />, { path: '/search?q=sea', route: '/search' });
    expect(await screen.findByRole('heading', { name: 'Art matching “sea”' })).toBeInTheDocument();
    expect(await screen.findByText('150 results')).toBeInTheDocument();
    expect(asked[0]?.get('limit')).toBe('100');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('img', { name: 'Sea 101' })).toBeInTheDocument();
    expect(asked.at(-1)?.get('offset')).toBe('100');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("prefixes a partial total with 'At least'", async () => {
    renderPage(<SearchPage />, { path: '/search?q=partial', route: '/search' });
    expect(await screen.findByText('At least 150 results')).toBeInTheDocument();
  });
});

describe('search URL state', () => {
  it('sends q, sort, offset, limit, api and every filter of the URL to the search', async () => {
    renderPage(<SearchPage />, {
      path: '/search?q=sea&sort=popular&offset=40&limit=20&colours=red&colours=blue&people=false&api=internal&debug=1',
      route: '/search',
    });
    expect(await screen.findByRole('img', { name: 'Sea 41' })).toBeInTheDocument();
    const sent = asked[0];
    expect(sent?.get('q')).toBe('sea');
    expect(sent?.get('sort')).toBe('popular');
    expect(sent?.get('offset')).toBe('40');
    expect(sent?.get('limit')).toBe('20');
    expect(sent?.getAll('colours')).toEqual(['red', 'blue']);
    expect(sent?.get('people')).toBe('false');
    expect(sent?.get('api')).toBe('internal');
    // Screen-only params are not search filters.
    expect(sent?.has('debug')).toBe(false);
  });

  it('falls back to newest, offset 0 and limit 100 for bad values', async () => {
    renderPage(<SearchPage />, {
      path: '/search?q=sea&sort=oldest&offset=-5&limit=abc',
      route: '/search',
    });
    expect(await screen.findByRole('img', { name: 'Sea 1' })).toBeInTheDocument();
    expect(asked[0]?.get('sort')).toBe('newest');
    expect(asked[0]?.get('offset')).toBe('0');
    expect(asked[0]?.get('limit')).toBe('100');
  });
});
