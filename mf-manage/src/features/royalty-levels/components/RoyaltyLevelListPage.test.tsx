import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type {
  Page,
  RoyaltyLevelRate,
  RoyaltyLevelRecord,
  ValidationError,
} from '@atelier/contracts';
import { at, BASE, renderAt } from '../../../test/render';
import { RoyaltyLevelDetailPage } from './RoyaltyLevelDetailPage';
import { RoyaltyLevelListPage } from './RoyaltyLevelListPage';

jest.setTimeout(60_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const level = (overrides: Partial<RoyaltyLevelRecord>): RoyaltyLevelRecord => ({
  id: 1,
  name: 'Standard',
  rate_percent: 25,
  rate_bp: 2500,
  effective_from: '2025-01-01',
  next_rate_percent: null,
  next_effective_from: null,
  artist_count: 0,
  description: '',
  is_default: false,
  created: '2025-01-01T00:00:00Z',
  modified: '2025-01-01T00:00:00Z',
  ...overrides,
});

const page = <T,>(results: T[]): Page<T> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

const routes = [
  at('/manage/royalty-levels', <RoyaltyLevelListPage />),
  at('/manage/royalty-levels/:id', <RoyaltyLevelDetailPage />),
];

it('lists each level with its rate as a percentage, since when, a scheduled change and its artists', async () => {
  server.use(
    http.get(`${BASE}/api/royalty-levels/`, () =>
      HttpResponse.json<Page<RoyaltyLevelRecord>>(
        page([
          level({ id: 1, name: 'Standard', is_default: true, artist_count: 12 }),
          level({
            id: 2,
            name: 'Studio',
            rate_percent: 27.5,
            rate_bp: 2750,
            effective_from: '2026-03-01',
            next_rate_percent: 30,
            next_effective_from: '2027-01-01',
            artist_count: 1,
          }),
        ]),
      ),
    ),
  );
  renderAt('/manage/royalty-levels', routes);
  expect(await screen.findByRole('heading', { level: 1, name: 'Royalty Levels' })).toBeVisible();
  const table = await screen.findByRole('table');
  const studio = within(table).getByRole('link', { name: 'Studio' }).closest('tr')!;
  expect(studio).toHaveTextContent('27.5%');
  expect(studio).toHaveTextContent('Mar 1, 2026');
  expect(studio).toHaveTextContent('30% from Jan 1, 2027');
  expect(studio).toHaveTextContent('1 artist');
  const standard = within(table).getByRole('link', { name: 'Standard' }).closest('tr')!;
  expect(standard).toHaveTextContent('25%');
  expect(standard).toHaveTextContent('Default');
  expect(standard).toHaveTextContent('12 artists');
  expect(within(table).getByRole('link', { name: 'Edit Studio' })).toHaveAttribute(
    'href',
    '/manage/royalty-levels/2/edit',
  );
  expect(screen.getByRole('button', { name: /New Royalty Level/ })).toBeEnabled();
});

it("shows a level's rate history: scheduled, current and past", async () => {
  const rates: RoyaltyLevelRate[] = [
    {
      id: 3,
      rate_percent: 30,
      rate_bp: 3000,
      effective_from: '2027-01-01',
      state: 'scheduled',
      created: '2026-05-01T00:00:00Z',
    },
    {
      id: 2,
      rate_percent: 27.5,
      rate_bp: 2750,
      effective_from: '2026-03-01',
      state: 'current',
      created: '2026-03-01T00:00:00Z',
    },
    {
      id: 1,
      rate_percent: 25,
      rate_bp: 2500,
      effective_from: '2025-01-01',
      state: 'past',
      created: '2025-01-01T00:00:00Z',
    },
  ];
  server.use(
    http.get(`${BASE}/api/royalty-levels/2/`, () =>
      HttpResponse.json<RoyaltyLevelRecord>(
        level({ id: 2, name: 'Studio', rate_percent: 27.5, rate_bp: 2750 }),
      ),
    ),
    http.get(`${BASE}/api/royalty-levels/2/rates/`, () =>
      HttpResponse.json<Page<RoyaltyLevelRate>>(page(rates)),
    ),
  );
  renderAt('/manage/royalty-levels/2', routes);
  expect(await screen.findByRole('heading', { level: 1, name: 'Studio' })).toBeVisible();
  const history = await screen.findByRole('table', { name: 'Rate history' });
  const rows = within(history).getAllByRole('row').slice(1);
  expect(rows.map((row) => row.textContent)).toEqual([
    'Jan 1, 202730%ScheduledCancel change',
    'Mar 1, 202627.5%Current',
    'Jan 1, 202525%Past',
  ]);
});

it('says so when there are no levels', async () => {
  server.use(
    http.get(`${BASE}/api/royalty-levels/`, () =>
      HttpResponse.json<Page<RoyaltyLevelRecord>>(page([])),
    ),
  );
  renderAt('/manage/royalty-levels', routes);
  expect(await screen.findByText('No royalty levels yet')).toBeVisible();
});

it('cancels a scheduled rate after a confirmation; shows why when the server refuses', async () => {
  const current: RoyaltyLevelRate = {
    id: 2,
    rate_percent: 27.5,
    rate_bp: 2750,
    effective_from: '2026-03-01',
    state: 'current',
    created: '2026-03-01T00:00:00Z',
  };
  const scheduled: RoyaltyLevelRate = {
    ...current,
    id: 3,
    rate_percent: 30,
    rate_bp: 3000,
    effective_from: '2027-01-01',
    state: 'scheduled',
  };
  let rates = [scheduled, current];
  const deleted: string[] = [];
  let refuse = false;
  server.use(
    http.get(`${BASE}/api/royalty-levels/2/`, () =>
      HttpResponse.json<RoyaltyLevelRecord>(
        level({ id: 2, name: 'Studio', rate_percent: 27.5, rate_bp: 2750 }),
      ),
    ),
    http.get(`${BASE}/api/royalty-levels/2/rates/`, () =>
      HttpResponse.json<Page<RoyaltyLevelRate>>(page(rates)),
    ),
    http.delete(`${BASE}/api/royalty-levels/2/rates/:rateId/`, ({ params }) => {
      deleted.push(String(params.rateId));
      if (refuse)
        return HttpResponse.json<ValidationError>(
          { non_field_errors: ['This rate is already in effect and cannot be cancelled.'] },
          { status: 400 },
        );
      rates = rates.filter((rate) => String(rate.id) !== params.rateId);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const user = userEvent.setup();
  renderAt('/manage/royalty-levels/2', routes);
  const history = await screen.findByRole('table', { name: 'Rate history' });
  // Only the scheduled rate offers cancelling.
  expect(within(history).getAllByRole('button', { name: 'Cancel change' })).toHaveLength(1);

  // The server refusing (the day came meanwhile) is shown.
  refuse = true;
  await user.click(within(history).getByRole('button', { name: 'Cancel change' }));
  expect(
    await screen.findByText('Cancel the change to 30% from Jan 1, 2027? The current rate stays.'),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Keep it' }));
  expect(deleted).toEqual([]);
  await user.click(within(history).getByRole('button', { name: 'Cancel change' }));
  await user.click((await screen.findAllByRole('button', { name: 'Cancel change' })).at(-1)!);
  expect(
    await screen.findByText('This rate is already in effect and cannot be cancelled.'),
  ).toBeVisible();
  expect(deleted).toEqual(['3']);

  refuse = false;
  await user.click(within(history).getByRole('button', { name: 'Cancel change' }));
  await user.click((await screen.findAllByRole('button', { name: 'Cancel change' })).at(-1)!);
  await waitFor(() =>
    expect(
      within(screen.getByRole('table', { name: 'Rate history' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Mar 1, 202627.5%Current']),
  );
  expect(deleted).toEqual(['3', '3']);
  // Many clicks through antd's popconfirm: more than the file's minute on a loaded machine.
}, 300_000);
