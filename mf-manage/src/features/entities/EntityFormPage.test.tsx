import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import type { ArtUsage, OptionsMetadata, ApiRoot, ValidationError } from '@atelier/contracts';
import { API_ROOT, at, BASE, renderAt } from '../../test/render';
import { EntityFormPage, NOT_SERVED } from './EntityFormPage';

jest.setTimeout(60_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const options: OptionsMetadata = {
  name: 'Art Usage List',
  description: '',
  renders: ['application/json'],
  parses: ['application/json'],
  actions: {
    POST: {
      id: { type: 'integer', required: false, read_only: true, label: 'ID' },
      name: { type: 'string', required: true, read_only: false, label: 'Name', max_length: 100 },
      active: { type: 'boolean', required: false, read_only: false, label: 'Active' },
    },
  },
};

const routes = [
  at('/manage/:type/new', <EntityFormPage mode="new" />),
  at('/manage/:type/:id', <p>Detail page</p>),
];

it('creates an entity and opens it; a 400 lands on its field first', async () => {
  const created: ArtUsage = {
    id: 12,
    name: 'Editorial',
    description: '',
    active: true,
    created: '2025-01-01T00:00:00Z',
    modified: '2025-01-01T00:00:00Z',
  };
  let calls = 0;
  server.use(
    http.get(`${BASE}/api/`, () => HttpResponse.json<ApiRoot>(API_ROOT)),
    http.options(`${BASE}/api/art-usage/`, () => HttpResponse.json<OptionsMetadata>(options)),
    http.post<PathParams, never, ArtUsage | ValidationError>(`${BASE}/api/art-usage/`, () => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json<ValidationError>(
            { name: ['art usage with this name already exists.'] },
            { status: 400 },
          )
        : HttpResponse.json<ArtUsage>(created, { status: 201 });
    }),
  );
  const router = renderAt('/manage/art-usage/new', routes);
  expect(
    await screen.findByRole('heading', { level: 1, name: 'New Art Usage' }),
  ).toBeInTheDocument();
  await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Editorial');
  await userEvent.click(screen.getByRole('button', { name: 'Create art usage' }));
  expect(await screen.findByText('art usage with this name already exists.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Create art usage' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/manage/art-usage/12'));
});

it('a form the API does not serve yet says so instead of failing', async () => {
  server.use(http.get(`${BASE}/api/`, () => HttpResponse.json<ApiRoot>(API_ROOT)));
  renderAt('/manage/upload/new', [
    at('/manage/upload/new', <EntityFormPage type="upload" mode="new" />),
  ]);
  expect(await screen.findByText(NOT_SERVED)).toBeInTheDocument();
});
