import { useEffect, type ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  SITE_TITLES,
  type Collection,
  type CollectionPage,
  type ImageCard,
  type ImageCardPage,
  type SearchResponse,
  type SiteInfo,
  type DetailError,
} from '@atelier/contracts';
import { AppProviders, createQueryClient, formatPageTitle } from '@atelier/ui';
import { imageCard, renderPage } from '../test/render';
import { siteQuery } from '../features/home/api/get-site';
import { GOVERNMENT_HEADLINE } from '../features/home/components/GovernmentHome';
import { HOME_HEADLINE, HomePage } from './HomePage';

const page = (results: ImageCardPage['results'], count = results.length): ImageCardPage => ({
  count,
  next: null,
  previous: null,
  results,
});

const searchResult = (images: ImageCard[]): SearchResponse => ({
  images,
  total: images.length,
  total_available: images.length,
  total_for_pagination: images.length,
  total_is_partial: false,
  facets: {},
  errors: [],
  related_keywords: [],
});

const collection = (id: number, overrides: Partial<Collection> = {}): Collection => ({
  id,
  name: `Collection ${id}`,
  description: '',
  communal: true,
  public: true,
  owner: null,
  contents: [1, 2, 3],
  created: '2024-05-01T00:00:00Z',
  modified: '2024-05-01T00:00:00Z',
  editable: false,
  ...overrides,
});

const collectionPage = (results: Collection[]): CollectionPage => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

const standard: SiteInfo = { kind: 'standard', title: SITE_TITLES.standard };
const government: SiteInfo = { kind: 'government', title: SITE_TITLES.government };

const siteHandler = (site: SiteInfo) =>
  http.get('http://localhost/api/site/', () => HttpResponse.json<SiteInfo>(site));

// Every section of the standard home answered, so each test overrides only what it is about.
const server = setupServer(
  siteHandler(standard),
  http.get('http://localhost/api/images/', () =>
    HttpResponse.json<ImageCardPage>(page([imageCard(1)])),
  ),
  http.get('http://localhost/content/search/v3/', () =>
    HttpResponse.json<SearchResponse>(searchResult([imageCard(2)])),
  ),
  http.get('http://localhost/api/collections/', () =>
    HttpResponse.json<CollectionPage>(collectionPage([])),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  document.title = 'before';
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const section = (name: string) => screen.getByRole('region', { name });

describe('storefront home', () => {
  it('shows the newest images of the catalogue, each linking to its page with a price badge', async () => {
    let asked: URL | undefined;
    server.use(
      http.get('http://localhost/api/images/', ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json<ImageCardPage>(
          page([imageCard(7, { title: 'Harbour' }), imageCard(8, { price: 4 })], 512),
        );
      }),
    );
    renderPage(<HomePage />);
    expect(screen.getByRole('status', { name: 'Loading home page' })).toBeInTheDocument();
    const tile = await screen.findByRole('listitem', { name: 'Harbour by Mira Sol' });
    expect(tile).toHaveAttribute('href', '/images/7');
    expect(screen.getByRole('heading', { level: 1, name: HOME_HEADLINE })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Harbour' })).toHaveAttribute(
      'src',
      '/media/thumbs/7.jpg',
    );
    expect(screen.getByLabelText('Price tier 4 of 4')).toHaveTextContent('$$$$');
    expect(screen.getByRole('link', { name: 'Browse all 512 works' })).toHaveAttribute(
      'href',
      '/search',
    );
    expect(asked?.searchParams.get('limit')).toBe('60');
  });

  it('shows the most popular works through the search API sorted by popularity', async () => {
    let asked: URL | undefined;
    server.use(
      http.get('http://localhost/content/search/v3/', ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json<SearchResponse>(
          searchResult([imageCard(9, { title: 'Water Lilies' })]),
        );
      }),
    );
    renderPage(<HomePage />);
    await screen.findByRole('listitem', { name: 'Water Lilies by Mira Sol' });
    const popular = section('Most popular');
    expect(
      within(popular).getByRole('listitem', { name: 'Water Lilies by Mira Sol' }),
    ).toBeVisible();
    expect(within(popular).getByRole('link', { name: 'See more popular works' })).toHaveAttribute(
      'href',
      '/search?sort=popular',
    );
    expect(asked?.searchParams.get('sort')).toBe('popular');
    expect(asked?.searchParams.get('limit')).toBe('20');
    expect(asked?.searchParams.get('q')).toBeNull();
  });

  it('features a few public collections with works, each linking to its page', async () => {
    let asked: URL | undefined;
    server.use(
      http.get('http://localhost/api/collections/', ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json<CollectionPage>(
          collectionPage([
            collection(1, { name: 'Seascapes', description: 'The sea in all weathers' }),
            // The caller's own private collection is not for the front page.
            collection(2, { name: 'My private picks', public: false }),
            collection(3, { name: 'Empty shelf', contents: [] }),
            collection(4, { name: 'Portraits', contents: [5] }),
            collection(5),
            collection(6),
            collection(7),
          ]),
        );
      }),
    );
    renderPage(<HomePage />);
    const link = await screen.findByRole('link', { name: /Seascapes/ });
    expect(link).toHaveAttribute('href', '/collections/1');
    expect(link).toHaveTextContent('The sea in all weathers');
    expect(link).toHaveTextContent('3 works');
    const featured = section('Featured collections');
    expect(within(featured).getByRole('link', { name: /Portraits/ })).toHaveTextContent('1 work');
    expect(within(featured).queryByText('My private picks')).not.toBeInTheDocument();
    expect(within(featured).queryByText('Empty shelf')).not.toBeInTheDocument();
    // Four cards (1, 4, 5, 6), then the link to all of them.
    expect(within(featured).getAllByRole('listitem')).toHaveLength(4);
    expect(within(featured).getByRole('link', { name: 'All collections' })).toHaveAttribute(
      'href',
      '/collections',
    );
    expect(asked?.searchParams.get('ordering')).toBe('-modified');
  });

  it('leaves featured collections out when there is none to feature', async () => {
    renderPage(<HomePage />);
    await screen.findByRole('listitem', { name: 'Work 2 by Mira Sol' });
    expect(screen.queryByRole('region', { name: 'Featured collections' })).not.toBeInTheDocument();
  });

  it('says so when nothing is published yet', async () => {
    server.use(
      http.get('http://localhost/api/images/', () => HttpResponse.json<ImageCardPage>(page([]))),
      http.get('http://localhost/content/search/v3/', () =>
        HttpResponse.json<SearchResponse>(searchResult([])),
      ),
    );
    renderPage(<HomePage />);
    expect(await screen.findByText('No art has been published yet.')).toBeInTheDocument();
    expect(await screen.findByText('Nothing has been popular yet.')).toBeInTheDocument();
  });

  it('shows the server error of the section that failed, the others still shown', async () => {
    server.use(
      http.get('http://localhost/api/images/', () =>
        HttpResponse.json<DetailError>(
          { detail: 'down' },
          { status: 503, statusText: 'Service Unavailable' },
        ),
      ),
    );
    renderPage(<HomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('503');
    expect(within(section('New arrivals')).getByText('Service Unavailable')).toBeInTheDocument();
    expect(
      await within(section('Most popular')).findByRole('listitem', { name: 'Work 2 by Mira Sol' }),
    ).toBeInTheDocument();
  });

  it('keeps the standard home title', async () => {
    renderPage(<HomePage />);
    await screen.findByRole('heading', { level: 1, name: HOME_HEADLINE });
    await waitFor(() => expect(document.title).toBe(formatPageTitle(SITE_TITLES.standard)));
  });

  it('falls back to the standard home when the site call fails', async () => {
    server.use(
      http.get('http://localhost/api/site/', () =>
        HttpResponse.json<DetailError>({ detail: 'A server error occurred.' }, { status: 500 }),
      ),
    );
    renderPage(<HomePage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: HOME_HEADLINE }),
    ).toBeInTheDocument();
  });
});

describe('government home', () => {
  it('shows the government headline and title and none of the standard sections', async () => {
    const asked: string[] = [];
    server.use(siteHandler(government));
    server.events.on('request:start', ({ request }) => {
      asked.push(new URL(request.url).pathname);
    });
    renderPage(<HomePage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: GOVERNMENT_HEADLINE }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(formatPageTitle(SITE_TITLES.government)));
    expect(document.title).toBe('Art for Government Spaces | Atelier');
    expect(screen.getByRole('link', { name: 'Search the catalogue' })).toHaveAttribute(
      'href',
      '/search',
    );
    expect(screen.queryByRole('heading', { name: HOME_HEADLINE })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New arrivals' })).not.toBeInTheDocument();
    // The government home costs one small call: no catalogue page is fetched for it.
    expect(asked).toEqual(['/api/site/']);
    server.events.removeAllListeners();
  });

  it('keeps its title over the shell, which sets the standard home title after the page mounts', async () => {
    // The shell's layout is the page's parent: its effect runs after the page's in a commit.
    function ShellLayout({ children }: { children: ReactNode }) {
      useEffect(() => {
        document.title = formatPageTitle(null);
      }, []);
      return <>{children}</>;
    }
    const queryClient = createQueryClient();
    // Known already (a navigation back to /): the page renders the variant in its first commit.
    queryClient.setQueryData(siteQuery().queryKey, government);
    render(
      <AppProviders queryClient={queryClient}>
        <MemoryRouter>
          <ShellLayout>
            <HomePage />
          </ShellLayout>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { level: 1, name: GOVERNMENT_HEADLINE })).toBeVisible();
    await waitFor(() => expect(document.title).toBe(formatPageTitle(SITE_TITLES.government)));
  });
});
