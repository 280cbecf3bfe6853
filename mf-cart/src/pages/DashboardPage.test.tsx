import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type {
  Collection,
  CollectionPage,
  OrderSummary,
  Page,
  ProjectListEntry,
  SearchResponse,
} from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { orderSummary, user } from '../test/order-fixtures';
import { page, projectEntry } from '../test/fixtures';
import { renderPage } from '../test/render';
import DashboardPage from './DashboardPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const collection = (id: number, owner: string | null): Collection => ({
  id,
  name: `Collection ${id}`,
  description: '',
  communal: false,
  public: true,
  owner,
  contents: [1, 2, 3],
  created: '2025-01-01T00:00:00Z',
  modified: '2025-01-02T00:00:00Z',
  editable: owner === 'user-1',
});

const search = (images: SearchResponse['images']): SearchResponse => ({
  images,
  total: images.length,
  total_available: images.length,
  total_for_pagination: images.length,
  total_is_partial: false,
  facets: {},
  errors: [],
  related_keywords: [],
});

const image = (id: number): SearchResponse['images'][number] => ({
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
});

interface Served {
  projects?: ProjectListEntry[];
  orders?: OrderSummary[];
  images?: SearchResponse['images'];
  collections?: Collection[];
}

function serve({ projects = [], orders = [], images = [], collections = [] }: Served) {
  const asked: Record<string, URLSearchParams> = {};
  server.use(
    http.get('http://localhost/api/v2/projects/', ({ request }) => {
      asked.projects = new URL(request.url).searchParams;
      return HttpResponse.json<Page<ProjectListEntry>>(page(projects));
    }),
    http.get('http://localhost/api/v2/orders/', ({ request }) => {
      asked.orders = new URL(request.url).searchParams;
      return HttpResponse.json<Page<OrderSummary>>(page(orders));
    }),
    http.get('http://localhost/content/search/v3/', ({ request }) => {
      asked.search = new URL(request.url).searchParams;
      return HttpResponse.json<SearchResponse>(search(images));
    }),
    http.get('http://localhost/api/collections/', ({ request }) => {
      asked.collections = new URL(request.url).searchParams;
      return HttpResponse.json<CollectionPage>(page(collections));
    }),
  );
  return asked;
}

beforeEach(() => {
  useAuthStore.setState({ user: user(), profile: null, status: 'ready' });
});

describe('dashboard', () => {
  it('shows recent projects, orders, favourites and own collections, each with a link to the full list', async () => {
    const asked = serve({
      projects: [projectEntry(7, { project: { id: 7, name: 'Lobby refit' } })],
      orders: [orderSummary(1042)],
      images: [image(11), image(12)],
      collections: [collection(1, 'user-1'), collection(2, 'someone-else')],
    });
    renderPage(<DashboardPage />, { path: '/dashboard', route: '/dashboard' });

    const projects = await screen.findByRole('region', { name: 'Recent projects' });
    expect(await within(projects).findByRole('link', { name: 'Lobby refit' })).toHaveAttribute(
      'href',
      '/projects/7',
    );
    expect(
      within(projects).getByRole('link', { name: 'View all: Recent projects' }),
    ).toHaveAttribute('href', '/projects');

    const orders = screen.getByRole('region', { name: 'Recent orders' });
    expect(await within(orders).findByRole('link', { name: 'Order #1042' })).toHaveAttribute(
      'href',
      '/orders/ord_1042',
    );
    expect(within(orders).getByRole('link', { name: 'View all: Recent orders' })).toHaveAttribute(
      'href',
      '/orders',
    );

    const favourites = screen.getByRole('region', { name: 'Favourites' });
    expect(await within(favourites).findByRole('img', { name: 'Work 11' })).toBeInTheDocument();
    expect(within(favourites).getByRole('link', { name: 'Work 12' })).toHaveAttribute(
      'href',
      '/images/12',
    );

    const collections = screen.getByRole('region', { name: 'Your collections' });
    expect(await within(collections).findByRole('link', { name: 'Collection 1' })).toHaveAttribute(
      'href',
      '/collections/1',
    );
    expect(
      within(collections).queryByRole('link', { name: 'Collection 2' }),
    ).not.toBeInTheDocument();

    expect(asked.projects?.get('page_size')).toBe('5');
    expect(asked.orders?.get('page_size')).toBe('5');
    expect(asked.search?.get('favorites')).toBe('true');
    expect(asked.search?.get('limit')).toBe('8');
  });

  it('says so when each list is empty', async () => {
    serve({ collections: [collection(2, 'someone-else')] });
    renderPage(<DashboardPage />, { path: '/dashboard', route: '/dashboard' });
    expect(await screen.findByText('No projects yet')).toBeInTheDocument();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(await screen.findByText('No favourites yet')).toBeInTheDocument();
    expect(await screen.findByText('No collections yet')).toBeInTheDocument();
  });

  it('asks a visitor to sign in', async () => {
    useAuthStore.setState({ user: null });
    renderPage(<DashboardPage />, { path: '/dashboard', route: '/dashboard' });
    expect(await screen.findByText('This page requires login.')).toBeInTheDocument();
  });
});
