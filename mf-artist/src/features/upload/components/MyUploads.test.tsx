import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Upload, UploadPage } from '@atelier/contracts';
import { usePreferencesStore } from '@atelier/session';
import { MyUploads, NO_UPLOADS } from './MyUploads';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => usePreferencesStore.getState().reset());

const anUpload = (id: number, change: Partial<Upload> = {}): Upload => ({
  id,
  name: `Picture ${id}`,
  caption: '',
  keywords: [],
  image_type: 'fine art',
  artist: null,
  artist_name: null,
  publisher: '',
  location: '',
  file: 'a'.repeat(32),
  format: 'jpeg',
  width: 4000,
  height: 3000,
  bytes: 1000,
  status: 'ready',
  problem: '',
  thumb: null,
  colours: [],
  review: 'pending',
  review_message: '',
  approved: false,
  published: false,
  image: null,
  creator: 'artist@example.com',
  creator_uuid: '00000000-0000-4000-8000-000000000000',
  created: '2025-06-01T00:00:00Z',
  modified: '2025-06-01T00:00:00Z',
  ...change,
});

const answer = (results: Upload[]) =>
  server.use(
    http.get('http://localhost/api/upload/', () =>
      HttpResponse.json<UploadPage>({
        count: results.length,
        next: null,
        previous: null,
        results,
      }),
    ),
  );

const renderList = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MyUploads />
    </QueryClientProvider>,
  );

it('shows each upload’s review state and the staff message', async () => {
  answer([
    anUpload(1, { review: 'declined', review_message: 'Too dark to print.' }),
    anUpload(2, { review: 'approved', approved: true, published: true }),
    anUpload(3, {
      status: 'failed',
      problem: 'The picture cannot be read: it is corrupt or cut short.',
    }),
  ]);
  renderList();
  const list = await screen.findByRole('list', { name: 'Your uploads' });
  const [declined, published, failed] = within(list).getAllByRole('listitem');
  expect(within(declined!).getByText('Declined')).toBeInTheDocument();
  expect(within(declined!).getByText('Staff: Too dark to print.')).toBeInTheDocument();
  expect(within(published!).getByText('Published')).toBeInTheDocument();
  expect(within(failed!).getByText(/cannot be read/)).toBeInTheDocument();
});

it('says the list is empty (SPEC §8) and remembers the chosen view (uploadsView)', async () => {
  answer([]);
  renderList();
  expect(await screen.findByText(NO_UPLOADS)).toBeInTheDocument();
  await userEvent.setup().click(screen.getByText('Grid'));
  expect(usePreferencesStore.getState().uploadsView).toBe('grid');
});
