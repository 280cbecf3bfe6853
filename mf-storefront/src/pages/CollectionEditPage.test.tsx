import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { CollectionInput, Collection } from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { AppProviders, createQueryClient } from '@atelier/ui';
import { aCollection, OWNER } from '../test/collection-fixtures';
import { CANNOT_EDIT } from '../shared/collections/collection-rules';
import { CollectionEditPage } from './CollectionEditPage';
import { CollectionNewPage } from './CollectionNewPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

beforeEach(() => useAuthStore.setState({ user: OWNER, profile: null, status: 'ready' }));

/** The edit and new pages with the pages they lead to, so a test sees where they go. */
function renderAt(path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/collections" element={<p>The list</p>} />
          <Route path="/collections/new" element={<CollectionNewPage />} />
          <Route path="/collections/:id" element={<p>The detail page</p>} />
          <Route path="/collections/:id/edit" element={<CollectionEditPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('collection edit and new pages', () => {
  it('edits an editable collection and opens it when saved', async () => {
    const sent: CollectionInput[] = [];
    server.use(
      http.get('http://localhost/api/collections/7/', () =>
        HttpResponse.json<Collection>(aCollection(7, { name: 'Dunes', editable: true })),
      ),
      http.put('http://localhost/api/collections/7/', async ({ request }) => {
        const body = (await request.json()) as CollectionInput;
        sent.push(body);
        return HttpResponse.json<Collection>(aCollection(7, { ...body, editable: true }));
      }),
    );
    renderAt('/collections/7/edit');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Dunes');
    await userEvent.type(name, ' at dusk');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The detail page')).toBeInTheDocument();
    expect(sent[0]?.name).toBe('Dunes at dusk');
  });

  it('tells a viewer who may not edit it so, with no form', async () => {
    server.use(
      http.get('http://localhost/api/collections/7/', () =>
        HttpResponse.json<Collection>(aCollection(7, { editable: false })),
      ),
    );
    renderAt('/collections/7/edit');
    expect(await screen.findByText(CANNOT_EDIT)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
  });

  it('cancel on the edit page goes back to the collection', async () => {
    server.use(
      http.get('http://localhost/api/collections/7/', () =>
        HttpResponse.json<Collection>(aCollection(7, { editable: true })),
      ),
    );
    renderAt('/collections/7/edit');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The detail page')).toBeInTheDocument();
  });

  it('creates a collection and opens it; cancel goes back to the list', async () => {
    server.use(
      http.post('http://localhost/api/collections/', async ({ request }) => {
        const body = (await request.json()) as CollectionInput;
        return HttpResponse.json<Collection>(aCollection(12, { ...body, editable: true }), {
          status: 201,
        });
      }),
    );
    const { unmount } = renderAt('/collections/new');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Fresh');
    await userEvent.click(screen.getByRole('button', { name: 'Create collection' }));
    expect(await screen.findByText('The detail page')).toBeInTheDocument();
    unmount();
    renderAt('/collections/new');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText('The list')).toBeInTheDocument());
  });
});
