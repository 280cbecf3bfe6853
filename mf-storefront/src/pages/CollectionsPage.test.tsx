import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CollectionPage, DetailError } from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { TYPEAHEAD_DEBOUNCE_MS } from '@atelier/ui';
import { renderPage } from '../test/render';
import { aCollection, OWNER, pageOf, STAFF } from '../test/collection-fixtures';
import {
  LIST_IS_EMPTY,
  LOCKED,
  NO_RESULTS,
  STAFF_ONLY,
  YOU_OWN_THIS,
} from '../shared/collections/collection-rules';
import { CollectionsPage } from './CollectionsPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const seven = Array.from({ length: 7 }, (_, i) =>
  aCollection(i + 1, { name: `Set ${String.fromCharCode(65 + i)}`, contents: [1, 2] }),
);
const asked: URLSearchParams[] = [];

function answer(collections = seven) {
  server.use(
    http.get('http://localhost/api/collections/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const search = (params.get('search') ?? '').toLowerCase();
      const matching = collections.filter((c) => c.name.toLowerCase().includes(search));
      const limit = Number(params.get('limit'));
      return HttpResponse.json<CollectionPage>(pageOf(matching.slice(0, limit), matching.length));
    }),
  );
}

beforeEach(() => {
  asked.length = 0;
  useAuthStore.setState({ user: null, profile: null, status: 'ready' });
});

const renderList = (path = '/collections') =>
  renderPage(<CollectionsPage />, { path, route: '/collections' });

describe('collections list (SPEC §2 generic list page, Collections)', () => {
  it('fetches up to 1000 by name and shows the first five in the menu, the rest under More', async () => {
    answer();
    renderList();
    const menu = await screen.findByRole('navigation', { name: 'Collections menu' });
    expect(asked[0]?.get('limit')).toBe('1000');
    expect(asked[0]?.get('ordering')).toBe('name');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Set A', 'Set B', 'Set C', 'Set D', 'Set E']);
    await userEvent.click(within(menu).getByRole('button', { name: 'More' }));
    const more = await screen.findByRole('menu');
    expect(within(more).getByRole('link', { name: 'Set F' })).toHaveAttribute(
      'href',
      '/collections/6',
    );
    expect(within(more).getByRole('link', { name: 'Set G' })).toBeInTheDocument();
  });

  it('lists every collection as a link with its size, with no More when five or fewer', async () => {
    answer(seven.slice(0, 3));
    renderList();
    expect(await screen.findAllByRole('link', { name: 'Set A' })).toHaveLength(2);
    expect(screen.getAllByText('2 works')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it("says 'List is empty' when there are none, and 'No results' when a search finds none", async () => {
    answer([]);
    renderList();
    expect(await screen.findByText(LIST_IS_EMPTY)).toBeInTheDocument();
    server.resetHandlers();
    answer();
    renderList('/collections?search=zebra');
    expect(await screen.findByText(NO_RESULTS)).toBeInTheDocument();
    expect(asked.some((params) => params.get('search') === 'zebra')).toBe(true);
  });

  it('sets the search param from the search box', async () => {
    answer();
    renderList();
    await screen.findByRole('navigation', { name: 'Collections menu' });
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search collections' }),
      'set b{Enter}',
    );
    await waitFor(() => expect(asked.at(-1)?.get('search')).toBe('set b'));
    await waitFor(() =>
      expect(screen.queryByText('Set C', { selector: '.sf-collection-list a' })).toBeNull(),
    );
    expect(screen.getByText('Set B', { selector: '.sf-collection-list a' })).toBeInTheDocument();
  });

  it("shows the server's error when the list fails", async () => {
    server.use(
      http.get('http://localhost/api/collections/', () =>
        HttpResponse.json<DetailError>({ detail: 'Database unavailable.' }, { status: 503 }),
      ),
    );
    renderList();
    expect(await screen.findAllByText(/503/)).not.toHaveLength(0);
  });

  it('offers a new collection to signed-in users only', async () => {
    answer();
    renderList();
    await screen.findByRole('navigation', { name: 'Collections menu' });
    expect(screen.queryByRole('button', { name: 'New collection' })).toBeNull();
    act(() => useAuthStore.setState({ user: OWNER }));
    expect(screen.getByRole('button', { name: 'New collection' })).toBeInTheDocument();
  });

  it('marks locked, staff-only and own collections (SPEC §6)', async () => {
    useAuthStore.setState({ user: STAFF });
    answer([
      aCollection(1, { name: 'Mine', owner: STAFF.uuid, editable: true }),
      aCollection(2, { name: 'Private of another', public: false, communal: false }),
    ]);
    renderList();
    const mine = (await screen.findByText('Mine', { selector: '.sf-collection-list a' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(mine).getByText(YOU_OWN_THIS)).toBeInTheDocument();
    expect(within(mine).queryByRole('img', { name: LOCKED })).toBeNull();
    const other = screen
      .getByText('Private of another', { selector: '.sf-collection-list a' })
      .closest('li') as HTMLElement;
    expect(within(other).getByRole('img', { name: LOCKED })).toBeInTheDocument();
    expect(within(other).getByRole('img', { name: STAFF_ONLY })).toBeInTheDocument();
    expect(within(other).queryByText(YOU_OWN_THIS)).toBeNull();
  });

  it("shows 'and N more' in the typeahead when more match than it lists", async () => {
    answer(Array.from({ length: 25 }, (_, i) => aCollection(i + 1, { name: `Sea ${i + 1}` })));
    renderList();
    await screen.findByRole('navigation', { name: 'Collections menu' });
    const box = screen.getByRole('combobox', { name: 'Find a collection' });
    fireEvent.change(box, { target: { value: 'sea' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, TYPEAHEAD_DEBOUNCE_MS + 50)));
    await waitFor(() => expect(document.body).toHaveTextContent('and 5 more'));
    const lookup = asked.find((params) => params.get('search') === 'sea');
    expect(lookup?.get('limit')).toBe('20');
  });
});
