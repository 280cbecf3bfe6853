import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  UPLOAD_INVALID_FIELDS,
  UPLOAD_NO_ARTIST,
  type Artist,
  type OptionsMetadata,
  type Page,
  type ValidationError,
} from '@atelier/contracts';
import type { QueueItem } from '@atelier/ui';
import { at, BASE, renderAt } from '../../../test/render';
import { StaffUploadPage } from './StaffUploadPage';

jest.setTimeout(90_000);
// @ant-design/icons ships ES modules this Jest setup does not transform.
jest.mock('@ant-design/icons/InboxOutlined', () => () => null);

// The picture's resumable transfer is the browser's tus client against the server (covered
// by the e2e test); here the queue holds one picture that has arrived.
const FILE_ID = 'a'.repeat(32);
const arrived: QueueItem = {
  key: 'file-1',
  fileName: 'harbour.jpg',
  bytes: 2048,
  state: 'uploaded',
  sent: 2048,
  error: null,
  retryable: false,
  fileId: FILE_ID,
  picture: { format: 'jpeg', width: 4000, height: 3000 },
  name: 'harbour',
  upload: null,
};
jest.mock('@atelier/ui', () => ({
  ...jest.requireActual<object>('@atelier/ui'),
  useUploadQueue: () => ({
    items: [arrived],
    add: jest.fn(),
    resume: jest.fn(),
    pause: jest.fn(),
    remove: jest.fn(),
    clear: jest.fn(),
    update: jest.fn(),
  }),
}));

/** Types `text` into `box` as one paste: one change, not one re-render per key. */
async function fill(box: HTMLElement, text: string) {
  await userEvent.click(box);
  await userEvent.paste(text);
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const field = (label: string, extra: object = {}) => ({
  type: 'string' as const,
  required: false,
  read_only: false,
  label,
  ...extra,
});

// As the server answers, but creator, creator_uuid and published offered as writable: the
// form leaves them out by name (SPEC §5), and every read-only field by its flag.
const options: OptionsMetadata = {
  name: 'Upload List',
  description: '',
  renders: ['application/json'],
  parses: ['application/json'],
  actions: {
    POST: {
      id: { type: 'integer', required: false, read_only: true, label: 'ID' },
      name: field('Name', { required: true, max_length: 300 }),
      caption: field('Caption', { max_length: 5000 }),
      keywords: { type: 'list', required: false, read_only: false, label: 'Keywords' },
      location: field('Location', { max_length: 500 }),
      artist: { type: 'field', required: false, read_only: false, label: 'Artist' },
      publisher: field('Publisher', { max_length: 200 }),
      file: { type: 'file upload', required: true, read_only: false, label: 'Picture' },
      creator: field('Creator'),
      creator_uuid: field('Creator uuid'),
      published: { type: 'boolean', required: false, read_only: false, label: 'Published' },
      review_message: { type: 'string', required: false, read_only: true, label: 'Review message' },
    },
  },
};

const artists: Page<Artist> = {
  count: 1,
  next: null,
  previous: null,
  results: [
    {
      id: 3,
      name: 'Ada Lovelace',
      royalty_code: 'ADA',
      gaa_artist: true,
      active: true,
      created: '',
    },
  ],
};

it('shows the fields of OPTIONS but creator, creator_uuid, published and read-only ones', async () => {
  server.use(
    http.options(`${BASE}/api/upload/`, () => HttpResponse.json<OptionsMetadata>(options)),
  );
  renderAt('/manage/upload/new', [at('/manage/upload/new', <StaffUploadPage />)]);
  expect(await screen.findByRole('textbox', { name: 'Name' })).toBeVisible();
  expect(screen.getByRole('textbox', { name: 'Caption' })).toBeVisible();
  expect(screen.getByRole('textbox', { name: 'Location' })).toBeVisible();
  expect(screen.getByRole('combobox', { name: 'Keywords' })).toBeVisible();
  for (const omitted of ['Creator', 'Creator uuid', 'Published', 'Review message', 'ID']) {
    expect(screen.queryByLabelText(omitted)).not.toBeInTheDocument();
  }
  // The picture in the queue, with its print-readiness.
  expect(screen.getByRole('listitem', { name: 'harbour.jpg' })).toBeVisible();
});

it("needs an artist or publisher, sends the chosen artist, and shows 'Invalid fields:' on a 400", async () => {
  const posted: Record<string, unknown>[] = [];
  server.use(
    http.options(`${BASE}/api/upload/`, () => HttpResponse.json<OptionsMetadata>(options)),
    http.get(`${BASE}/api/artist/`, () => HttpResponse.json<Page<Artist>>(artists)),
    http.post(`${BASE}/api/upload/`, async ({ request }) => {
      posted.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json<ValidationError>(
        { name: ['Ensure this field has no more than 300 characters.'], location: ['Bad.'] },
        { status: 400 },
      );
    }),
  );
  renderAt('/manage/upload/new', [at('/manage/upload/new', <StaffUploadPage />)]);
  await fill(await screen.findByRole('textbox', { name: 'Name' }), 'Harbour at dawn');
  await fill(screen.getByRole('textbox', { name: 'Location' }), 'Porto');

  await userEvent.click(screen.getByRole('button', { name: 'Save upload' }));
  expect(await screen.findByText(UPLOAD_NO_ARTIST)).toBeVisible();
  expect(posted).toEqual([]);

  const lookup = await screen.findByRole('combobox', { name: 'Artist' });
  // One change, so the lookup runs once on a slow machine too.
  await userEvent.click(lookup);
  await userEvent.paste('ada');
  await screen.findByRole('option', { name: 'Ada Lovelace' });
  // rc-select reads the legacy `which`, which user-event does not set in jsdom.
  fireEvent.keyDown(lookup, { key: 'Enter', keyCode: 13, which: 13 });
  expect(await screen.findByLabelText('Chosen artist')).toHaveTextContent('Ada Lovelace');

  await userEvent.click(screen.getByRole('button', { name: 'Save upload' }));
  expect(await screen.findByText(`${UPLOAD_INVALID_FIELDS} name, location`)).toBeVisible();
  expect(screen.getByText('location: Bad.')).toBeVisible();
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toMatchObject({
    name: 'Harbour at dawn',
    location: 'Porto',
    artist: 3,
    publisher: '',
    file: FILE_ID,
  });
  for (const key of ['creator', 'creator_uuid', 'published'])
    expect(posted[0]).not.toHaveProperty(key);
});
