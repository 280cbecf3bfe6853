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
