import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ManageImage, OptionsMetadata } from '@atelier/contracts';
import { DEFAULT_PREFERENCES, usePreferencesStore } from '@atelier/session';
import { at, BASE, renderAt } from '../../test/render';
import { EntityDetailPage } from './EntityDetailPage';

jest.setTimeout(60_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  act(() => usePreferencesStore.setState(DEFAULT_PREFERENCES));
});
afterAll(() => server.close());

const image: ManageImage = {
  id: 4,
  local_id: 'GAA-4',
  title: 'Harbour at dusk',
  caption: 'Boats resting in a quiet harbour as the light goes, painted in long strokes of blue.',
  keywords: ['harbour', 'boats'],
  artist: 3,
  artist_name: 'Ana Alves',
  source: 'GAA',
  royalty_code: 'ALV',
  created: '2025-03-04T10:00:00Z',
  updated: '2025-03-05T10:00:00Z',
  preview: '/media/t/4.jpg',
  thumb: '/media/t/4.jpg',
  max_width: 4000,
  max_height: 3000,
  price: 2,
  published: false,
};

const f = (type: string, label: string, extra: object = {}) => ({
  type,
  required: false,
  read_only: false,
  label,
  ...extra,
});
const options = {
  name: 'Image Instance',
  description: '',
  renders: ['application/json'],
  parses: ['application/json'],
  actions: {
    PUT: {
      id: f('integer', 'ID', { read_only: true }),
      title: f('string', 'Title', { max_length: 200 }),
      caption: f('string', 'Caption', { max_length: 2000 }),
      keywords: { ...f('list', 'Keywords'), child: f('string', '') },
      artist: f('field', 'Artist'),
      published: f('boolean', 'Published'),
      created: f('datetime', 'Created', { read_only: true }),
      preview: f('image upload', 'Preview', { read_only: true }),
      source: f('string', 'Source', { read_only: true }),
    },
  },
} as OptionsMetadata;

beforeEach(() => {
  server.use(
    http.get(`${BASE}/api/image/4/`, () => HttpResponse.json<ManageImage>(image)),
    http.options(`${BASE}/api/image/4/`, () => HttpResponse.json<OptionsMetadata>(options)),
  );
});

it('lays fields out by type: picture, booleans, dates, tags, related links, long text', async () => {
  renderAt('/manage/image/4', [at('/manage/image/:id', <EntityDetailPage type="image" />)]);
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Harbour at dusk' }),
  ).toBeInTheDocument();
  expect(await screen.findByRole('img', { name: 'Preview' })).toHaveAttribute(
    'src',
    '/media/t/4.jpg',
  );
  const details = screen.getByLabelText('Details');
  expect(details).toHaveTextContent('PublishedNo');
  expect(screen.getByText('harbour')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '#3' })).toHaveAttribute('href', '/manage/artist/3');
  expect(screen.getByRole('time')).toHaveAttribute('dateTime', '2025-03-04T10:00:00Z');
  expect(screen.getByText('Caption').tagName).toBe('DT');
  expect(screen.getByRole('button', { name: /Edit/ })).toBeInTheDocument();
  // Fields the metadata does not name wait for showAllFields.
  expect(screen.queryByText('Max width')).toBeNull();
});

it('shows every field with showAllFields and the raw data with showRaw, remembered', async () => {
  renderAt('/manage/image/4', [at('/manage/image/:id', <EntityDetailPage type="image" />)]);
  await screen.findByRole('heading', { level: 1, name: 'Harbour at dusk' });
  await userEvent.click(screen.getByRole('switch', { name: 'Show all fields' }));
  expect(await screen.findByText('Max width')).toBeInTheDocument();
  expect(usePreferencesStore.getState().showAllFields).toBe(true);
  await userEvent.click(screen.getByRole('switch', { name: 'Show raw data' }));
  expect(screen.getByLabelText('Raw data')).toHaveTextContent('"local_id": "GAA-4"');
  expect(usePreferencesStore.getState().showRaw).toBe(true);
});
