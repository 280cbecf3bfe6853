import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import type { Collection, DetailError, SearchResponse } from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { imageCard, renderPage } from '../test/render';
import { aCollection, OWNER, STAFF } from '../test/collection-fixtures';
import {
  LIST_IS_EMPTY,
  LOCKED,
  STAFF_ONLY,
  YOU_OWN_THIS,
} from '../shared/collections/collection-rules';
import { CollectionDetailPage } from './CollectionDetailPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const searched: URLSearchParams[] = [];

function answer(collection: Collection | null, imageCount = 3) {
  server.use(
    http.get<PathParams, never, Collection | DetailError>(
      'http://localhost/api/collections/:id/',
      () =>
        collection
          ? HttpResponse.json<Collection>(collection)
          : HttpResponse.json<DetailError>({ detail: 'Not found.' }, { status: 404 }),
    ),
    http.get('http://localhost/content/search/v3/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      searched.push(params);
      const offset = Number(params.get('offset'));
      const limit = Number(params.get('limit'));
      const ids = Array.from({ length: imageCount }, (_, i) => i + 1).slice(offset, offset + limit);
      return HttpResponse.json<SearchResponse>({
        images: ids.map((id) => imageCard(id, { title: `Harbour ${id}` })),
        total: imageCount,
        total_available: imageCount,
        total_for_pagination: imageCount,
        total_is_partial: false,
        facets: {},
        errors: [],
        related_keywords: [],
      });
    }),
  );
}

beforeEach(() => {
  searched.length = 0;
  useAuthStore.setState({ user: null, profile: null, status: 'ready' });
});

const renderDetail = (path = '/collections/7') =>
  renderPage(<CollectionDetailPage />, { path, route: '/collections/:id' });

describe('collection detail (SPEC §2, §6)', () => {
  it('shows the collection and its images in the grid, fetched by the collection filter', async () => {
    answer(aCollection(7, { name: 'Harbours', description: 'Boats at rest', contents: [1, 2, 3] }));
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbours' })).toBeInTheDocument();
    expect(screen.getByText('Boats at rest')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Harbour 2' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Harbour 1 by Mira Sol' })).toHaveAttribute(
      'href',
      '/images/1',
    );
    expect(searched[0]?.get('artcollection')).toBe('7');
    expect(searched[0]?.get('limit')).toBe('100');
    expect(screen.getByText('3 works')).toBeInTheDocument();
    expect(document.title).toBe('Harbours | Atelier');
  });

  it('pages through a large collection', async () => {
    answer(aCollection(7), 150);
    renderDetail();
    expect(await screen.findByRole('img', { name: 'Harbour 100' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(await screen.findByRole('img', { name: 'Harbour 150' })).toBeInTheDocument();
    expect(searched.at(-1)?.get('offset')).toBe('100');
  });

  it("says 'List is empty' for a collection without images", async () => {
    answer(aCollection(7), 0);
    renderDetail();
    expect(await screen.findByText(LIST_IS_EMPTY)).toBeInTheDocument();
  });

  it('shows a loading state, then the 404 of a collection one may not see', async () => {
    answer(null);
    renderDetail();
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    expect(await screen.findByText(/404/)).toBeInTheDocument();
    expect(searched).toHaveLength(0);
  });

  it("gives the owner Edit and 'You own this', with no lock", async () => {
    useAuthStore.setState({ user: OWNER });
    answer(aCollection(7, { owner: OWNER.uuid, editable: true }));
    renderDetail();
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByText(YOU_OWN_THIS)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: LOCKED })).toBeNull();
  });

  it('gives staff Edit on a communal collection they do not own', async () => {
    useAuthStore.setState({ user: STAFF });
    answer(aCollection(7, { owner: OWNER.uuid, communal: true, editable: true }));
    renderDetail();
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByText(YOU_OWN_THIS)).toBeNull();
  });

  it('locks a collection the viewer may not edit, and marks a non-public one', async () => {
    useAuthStore.setState({ user: STAFF });
    answer(aCollection(7, { owner: OWNER.uuid, communal: false, public: false, editable: false }));
    renderDetail();
    expect(await screen.findByRole('img', { name: LOCKED })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: STAFF_ONLY })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('offers a guest no Edit and no locks', async () => {
    answer(aCollection(7));
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Collection 7' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('img', { name: LOCKED })).toBeNull();
  });
});
