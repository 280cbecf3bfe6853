import { act, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import type { SearchResponse, DetailError, ValidationError } from '@atelier/contracts';
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
      return HttpResponse.json<SearchResponse>({
        images: [imageCard(offset + 1, { title: `Sea ${offset + 1}` })],
        total: 150,
        total_available: 150,
        total_for_pagination: 150,
        total_is_partial: params.get('q') === 'partial',
        facets: {},
        errors: [],
        related_keywords:
          params.get('q') === 'sea'
            ? [
                { id: 'harbour', label: 'Harbour', thumb: '/media/thumbs/9.jpg' },
                { id: 'boats', label: 'Boats', thumb: '/media/thumbs/8.jpg' },
              ]
            : [],
      });
    }),
  );
});

/** The URL the page left the router at, so tests can read the URL state back. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.search}${location.hash}`}</output>;
}
const shownUrl = () => screen.getByTestId('location').textContent ?? '';
/** The top pagination bar once its lazy chunk has loaded (its fallback shows the count only). */
async function topBar() {
  // The fallback nav is replaced, not filled in: look the bar up again once it has loaded.
  await screen.findAllByRole('textbox', { name: 'Page number' });
  return screen.getByRole('navigation', { name: 'Pagination' });
}

const renderSearch = (path: string) =>
  renderPage(
    <>
      <SearchPage />
      <LocationProbe />
    </>,
    { path, route: '/search' },
  );

describe('search page', () => {
  it('opens the Filters panel in a drawer from the Filters button on a small screen', async () => {
    const user = userEvent.setup();
    renderSearch('/search?q=sea');
    expect(await screen.findByRole('img', { name: 'Sea 1' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Filters' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByRole('heading', { name: 'Filters' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Clear All' })).toBeDisabled();
  });

  it('searches for q with the default page size of 100 and pages with the pagination bar', async () => {
    const user = userEvent.setup();
    renderSearch('/search?q=sea');
    expect(await screen.findByRole('heading', { name: 'Art matching “sea”' })).toBeInTheDocument();
    const bar = await topBar();
    expect(within(bar).getByText('150 results')).toBeInTheDocument();
    expect(asked[0]?.get('limit')).toBe('100');
    expect(within(bar).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(within(bar).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('img', { name: 'Sea 101' })).toBeInTheDocument();
    expect(asked.at(-1)?.get('offset')).toBe('100');
    expect(shownUrl()).toContain('offset=100');
    expect(within(await topBar()).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it("prefixes a partial total with 'At least', and only then", async () => {
    const { unmount } = renderSearch('/search?q=partial');
    expect(within(await topBar()).getByText('At least 150 results')).toBeInTheDocument();
    unmount();
    renderSearch('/search?q=exact');
    expect(within(await topBar()).getByText('150 results')).toBeInTheDocument();
    expect(screen.queryByText(/At least/)).not.toBeInTheDocument();
  });

  it('starts again at the first result when the sort changes', async () => {
    const user = userEvent.setup();
    renderSearch('/search?q=sea&offset=100');
    expect(await screen.findByRole('img', { name: 'Sea 101' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Sort' }));
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Newest', 'Best Match', 'Most popular']);
    await user.click(within(list).getByRole('option', { name: 'Most popular' }));
    expect(await screen.findByRole('img', { name: 'Sea 1' })).toBeInTheDocument();
    expect(asked.at(-1)?.get('sort')).toBe('popular');
    expect(asked.at(-1)?.get('offset')).toBe('0');
    expect(shownUrl()).not.toContain('offset');
    expect(shownUrl()).toContain('sort=popular');
  });

  it('explains a page number outside 1..pages and does not search for it', async () => {
    const user = userEvent.setup();
    renderSearch('/search?q=sea');
    const input = within(await topBar()).getByRole('textbox', { name: 'Page number' });
    await user.clear(input);
    await user.type(input, '5{Enter}');
    expect(
      within(await topBar()).getByText('Please enter a page number between 1 and 2.'),
    ).toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });

  it('pages with the arrow keys, except while typing in a text field', async () => {
    const user = userEvent.setup();
    renderSearch('/search?q=sea');
    expect(await screen.findByRole('img', { name: 'Sea 1' })).toBeInTheDocument();
    // Nothing before the first page.
    await user.keyboard('{ArrowLeft}');
    expect(shownUrl()).not.toContain('offset');
    const input = within(await topBar()).getByRole('textbox', { name: 'Page number' });
    await user.click(input);
    await user.keyboard('{ArrowRight}');
    expect(shownUrl()).not.toContain('offset');
    act(() => input.blur());
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('img', { name: 'Sea 101' })).toBeInTheDocument();
    expect(shownUrl()).toContain('offset=100');
    // Nothing past the last page either.
    await user.keyboard('{ArrowRight}');
    expect(shownUrl()).toContain('offset=100');
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('img', { name: 'Sea 1' })).toBeInTheDocument();
    expect(shownUrl()).not.toContain('offset');
  });

  it('clears the selected image (the URL hash) with Esc', async () => {
    const user = userEvent.setup();
    renderSearch('/search?q=sea#image-1');
    expect(await screen.findByRole('img', { name: 'Sea 1' })).toBeInTheDocument();
    expect(shownUrl()).toContain('#image-1');
    await user.keyboard('{Escape}');
    expect(shownUrl()).toBe('?q=sea');
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

describe('related keywords and failures', () => {
  it('searches a related keyword, keeping the sort and starting at the first result', async () => {
    const user = userEvent.setup();
    renderSearch('/search?q=sea&sort=popular&offset=100&colours=red');
    const related = await screen.findByRole('navigation', { name: 'Related keywords' });
    await user.click(within(related).getByRole('button', { name: 'Harbour' }));
    expect(
      await screen.findByRole('heading', { name: 'Art matching “harbour”' }),
    ).toBeInTheDocument();
    expect(asked.at(-1)?.get('q')).toBe('harbour');
    expect(asked.at(-1)?.get('sort')).toBe('popular');
    expect(asked.at(-1)?.get('offset')).toBe('0');
    expect(asked.at(-1)?.getAll('colours')).toEqual(['red']);
  });

  it("offers the server's correction of a query that found nothing, keeping the sort and filters", async () => {
    server.use(
      http.get('http://localhost/content/search/v3/', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        const found = params.get('q') === 'monet';
        return HttpResponse.json<SearchResponse>({
          images: found ? [imageCard(7, { title: 'Water Lilies' })] : [],
          total: found ? 1 : 0,
          total_available: found ? 1 : 0,
          total_for_pagination: found ? 1 : 0,
          total_is_partial: false,
          facets: {},
          errors: [],
          related_keywords: [],
          ...(found ? {} : { suggestion: 'monet' }),
        });
      }),
    );
    const user = userEvent.setup();
    renderSearch('/search?q=monnet&sort=popular&colours=blue&offset=100');
    expect(await screen.findByText('No results')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'monet' });
    expect(link.closest('div')).toHaveTextContent('Did you mean monet?');
    await user.click(link);
    expect(await screen.findByRole('img', { name: 'Water Lilies' })).toBeInTheDocument();
    const url = new URLSearchParams(shownUrl());
    expect(url.get('q')).toBe('monet');
    expect(url.get('sort')).toBe('popular');
    expect(url.getAll('colours')).toEqual(['blue']);
    expect(url.has('offset')).toBe(false);
    expect(asked.at(-1)?.get('q')).toBe('monet');
    // A search that finds images shows no correction.
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });

  it("shows the server's detail when a search fails, not just '400 Bad Request'", async () => {
    server.use(
      http.get('http://localhost/content/search/v3/', () =>
        HttpResponse.json<DetailError>(
          {
            detail:
              'Result window is too large: offset + limit must be less than or equal to 10000.',
          },
          { status: 400, statusText: 'Bad Request' },
        ),
      ),
    );
    renderSearch('/search?q=sea&offset=9950');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Search failed');
    expect(alert).toHaveTextContent(
      'Result window is too large: offset + limit must be less than or equal to 10000.',
    );
  });

  it('shows the raw body when there is no detail, else the error and the advice', async () => {
    server.use(
      http.get('http://localhost/content/search/v3/', ({ request }) =>
        new URL(request.url).searchParams.get('q') === 'body'
          ? HttpResponse.json<ValidationError>({ q: ['Too long.'] }, { status: 400 })
          : new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' }),
      ),
    );
    const { unmount } = renderSearch('/search?q=body');
    expect(await screen.findByRole('alert')).toHaveTextContent('{"q":["Too long."]}');
    unmount();
    renderSearch('/search?q=down');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please try again. Contact customer support if this persists.',
    );
  });

  it('warns when one side of a merged search fails and shows the other', async () => {
    server.use(
      http.get<PathParams, never, SearchResponse | DetailError>(
        'http://localhost/content/search/v3/',
        ({ request }) => {
          const params = new URL(request.url).searchParams;
          asked.push(params);
          if (params.get('api') === 'external') {
            return HttpResponse.json<DetailError>(
              { detail: 'Stock search is down.' },
              { status: 502 },
            );
          }
          return HttpResponse.json<SearchResponse>({
            images: [imageCard(7, { title: 'Ours 7' })],
            total: 1,
            total_available: 1,
            total_for_pagination: 1,
            total_is_partial: false,
            facets: {},
            errors: [],
            related_keywords: [],
          });
        },
      ),
    );
    renderSearch('/search?q=sea&api=internal&api=external');
    expect(await screen.findByRole('img', { name: 'Ours 7' })).toBeInTheDocument();
    expect(
      screen.getByText('External results not available. Stock search is down.'),
    ).toBeInTheDocument();
    expect(asked.map((params) => params.get('api')).sort()).toEqual(['external', 'internal']);
  });
});

describe('tips and api notes', () => {
  it('opens the search tips and closes them with Esc', async () => {
    const user = userEvent.setup();
    renderSearch('/search?q=sea');
    const button = await screen.findByRole('button', { name: 'Search tips' });
    await user.click(button);
    // jsdom runs no CSS motion, so the popover's presence and the button state are checked.
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Search by artist or keyword.')).toBeInTheDocument();
    expect(screen.getByText('Use quotes for an exact phrase: "water lilies".')).toBeInTheDocument();
    expect(screen.getByText('Use a pipe for any of the terms: boat|ship.')).toBeInTheDocument();
    expect(screen.getByText('Use a minus to exclude a term: sea -boat.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Search tips' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it.each([
    ['api=internal', 'Results from our extended catalog are hidden.'],
    ['api=external', 'Some results are hidden.'],
  ])('notes hidden results for %s', async (api, note) => {
    renderSearch(`/search?q=sea&${api}`);
    expect(await screen.findByText(note)).toBeInTheDocument();
  });

  it('has no note without the api param or with both APIs', async () => {
    const { unmount } = renderSearch('/search?q=sea');
    expect(await screen.findByRole('img', { name: 'Sea 1' })).toBeInTheDocument();
    expect(screen.queryByText(/are hidden/)).not.toBeInTheDocument();
    unmount();
    renderSearch('/search?q=sea&api=internal&api=external');
    // A merged search: each side answers with its own first image.
    expect(await screen.findAllByRole('img', { name: 'Sea 1' })).toHaveLength(2);
    expect(screen.queryByText(/are hidden/)).not.toBeInTheDocument();
  });
});

describe('grouping by created date', () => {
  beforeEach(() => {
    server.use(
      http.get('http://localhost/content/search/v3/', () =>
        HttpResponse.json<SearchResponse>({
          images: [
            imageCard(1, { title: 'First', created: '2024-05-02T10:00:00Z' }),
            imageCard(2, { title: 'Second', created: '2024-05-02T23:00:00Z' }),
            imageCard(3, { title: 'Third', created: '2024-04-30T08:00:00Z' }),
            imageCard(4, { title: 'Undated', created: '' }),
          ],
          total: 4,
          total_available: 4,
          total_for_pagination: 4,
          total_is_partial: false,
          facets: {},
          errors: [],
          related_keywords: [],
        }),
      ),
    );
  });

  it("puts results under their created day, with 'No date' for none", async () => {
    renderSearch('/search?q=sea&group=1');
    const may2 = await screen.findByRole('region', { name: 'May 2, 2024' });
    expect(within(may2).getByRole('img', { name: 'First' })).toBeInTheDocument();
    expect(within(may2).getByRole('img', { name: 'Second' })).toBeInTheDocument();
    const april = screen.getByRole('region', { name: 'April 30, 2024' });
    expect(within(april).getByRole('img', { name: 'Third' })).toBeInTheDocument();
    const none = screen.getByRole('region', { name: 'No date' });
    expect(within(none).getByRole('img', { name: 'Undated' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'May 2, 2024',
      'April 30, 2024',
      'No date',
    ]);
  });

  it('shows one ungrouped grid without group', async () => {
    renderSearch('/search?q=sea');
    expect(await screen.findByRole('img', { name: 'First' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });
});
