import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { OptionsMetadata, Publisher, DetailError } from '@atelier/contracts';
import { at, BASE, renderAt } from '../../../test/render';
import { EntityDetailPage } from '../EntityDetailPage';

jest.setTimeout(60_000);

const publisher: Publisher = {
  id: 9,
  name: 'Harbour Press',
  email: '',
  website: '',
  active: true,
  created: '2026-01-01T00:00:00Z',
  modified: '2026-01-01T00:00:00Z',
};
const metadata = (deletable: boolean): OptionsMetadata => ({
  name: 'Publisher Instance',
  description: '',
  renders: ['application/json'],
  parses: ['application/json'],
  actions: {
    PUT: { name: { type: 'string', required: true, read_only: false, label: 'Name' } },
    ...(deletable ? { DELETE: {} } : {}),
  },
});

let deletes = 0;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  deletes = 0;
  server.use(http.get(`${BASE}/api/publisher/9/`, () => HttpResponse.json<Publisher>(publisher)));
});

const open = () =>
  renderAt('/manage/publisher/9', [
    at('/manage/:type/:id', <EntityDetailPage />),
    at('/manage/:type', <p>The publisher list</p>),
  ]);

it('offers Delete only when OPTIONS names actions.DELETE', async () => {
  server.use(
    http.options(`${BASE}/api/publisher/9/`, () =>
      HttpResponse.json<OptionsMetadata>(metadata(false)),
    ),
  );
  open();
  expect(await screen.findByRole('button', { name: /Edit/ })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
});

it('asks first, deletes, and goes back to the list', async () => {
  server.use(
    http.options(`${BASE}/api/publisher/9/`, () =>
      HttpResponse.json<OptionsMetadata>(metadata(true)),
    ),
    http.delete(`${BASE}/api/publisher/9/`, () => {
      deletes++;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  open();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Delete/ }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Delete Harbour Press?');
  await user.click(screen.getByRole('button', { name: 'Keep' }));
  expect(deletes).toBe(0);
  await user.click(screen.getByRole('button', { name: /Delete/ }));
  await screen.findByRole('dialog');
  await user.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
  await waitFor(() => expect(deletes).toBe(1));
  expect(await screen.findByText('The publisher list')).toBeInTheDocument();
});

it("shows the server's reason when the delete is refused", async () => {
  const detail = 'This publisher cannot be deleted: 2 uploads refer to it.';
  server.use(
    http.options(`${BASE}/api/publisher/9/`, () =>
      HttpResponse.json<OptionsMetadata>(metadata(true)),
    ),
    http.delete(`${BASE}/api/publisher/9/`, () =>
      HttpResponse.json<DetailError>({ detail }, { status: 409 }),
    ),
  );
  open();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Delete/ }));
  await screen.findByRole('dialog');
  await user.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
  expect(await screen.findByText(detail)).toBeInTheDocument();
});
