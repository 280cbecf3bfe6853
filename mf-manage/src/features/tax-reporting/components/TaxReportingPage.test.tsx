import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { TaxReportDetail, TaxReportPage, TaxReportRow } from '@atelier/contracts';
import { at, BASE, renderAt } from '../../../test/render';
import { FULL_TIN_CONFIRM_TITLE } from './tax-labels';
import { TaxReportingPage } from './TaxReportingPage';

jest.setTimeout(60_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const row = (overrides: Partial<TaxReportRow>): TaxReportRow => ({
  artist_id: 1,
  artist_name: 'Ana Alves',
  artist_profile_id: 10,
  payee_name: 'Ana Alves',
  business_name: '',
  total_paid: 60_000,
  payment_count: 2,
  over_threshold: true,
  form: 'W-9',
  tin_type: 'SSN',
  tin_masked: '***-**-6789',
  form_1099_due: true,
  ...overrides,
});

function report(results: TaxReportRow[], overrides: Partial<TaxReportPage> = {}): TaxReportPage {
  return {
    count: results.length,
    next: null,
    previous: null,
    results,
    year: 2025,
    threshold: 60_000,
    threshold_source: 'table',
    threshold_from_year: 2025,
    time_zone: 'UTC',
    over_threshold_count: results.filter((r) => r.over_threshold).length,
    total_paid: results.reduce((sum, r) => sum + r.total_paid, 0),
    exports: [],
    ...overrides,
  };
}

const ROWS = [
  row({ artist_id: 1 }),
  row({
    artist_id: 2,
    artist_name: 'Bo Berg',
    payee_name: 'Bo Berg',
    total_paid: 59_999,
    over_threshold: false,
    form_1099_due: false,
    tin_masked: '***-**-0001',
  }),
  row({
    artist_id: 3,
    artist_name: 'Caro Costa',
    payee_name: 'Carolina Costa',
    form: 'W-8BEN',
    tin_type: 'FOREIGN',
    tin_masked: '****4321',
    form_1099_due: false,
  }),
  row({
    artist_id: 4,
    artist_name: 'Dee Doe',
    form: null,
    tin_type: null,
    tin_masked: null,
    form_1099_due: false,
  }),
];

const routes = [at('/manage/tax-reporting/:id?', <TaxReportingPage />)];

it('shows each payee with the threshold mark, the form on file and the TIN masked', async () => {
  const asked: URL[] = [];
  server.use(
    http.get(`${BASE}/api/tax-reporting/`, ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json<TaxReportPage>(report(ROWS));
    }),
  );
  renderAt('/manage/tax-reporting?year=2025', routes);
  const table = await screen.findByRole('table', { name: 'Artist payments in 2025' });
  const rowOf = (name: string) => within(table).getByRole('link', { name }).closest('tr')!;
  expect(rowOf('Ana Alves')).toHaveTextContent('$600.00');
  expect(rowOf('Ana Alves')).toHaveTextContent('Over threshold');
  expect(rowOf('Ana Alves')).toHaveTextContent('***-**-6789');
  expect(rowOf('Ana Alves')).toHaveTextContent('W-9');
  expect(rowOf('Ana Alves')).toHaveTextContent('Due');
  expect(rowOf('Bo Berg')).toHaveTextContent('$599.99');
  expect(rowOf('Bo Berg')).not.toHaveTextContent('Over threshold');
  expect(rowOf('Caro Costa')).toHaveTextContent('W-8BEN');
  expect(rowOf('Caro Costa')).toHaveTextContent('****4321');
  expect(rowOf('Dee Doe')).toHaveTextContent('None');
  expect(within(table).getByRole('link', { name: 'Ana Alves' })).toHaveAttribute(
    'href',
    '/manage/tax-reporting/1?year=2025',
  );
  expect(screen.getByText('Reporting threshold').nextSibling).toHaveTextContent('$600.00');
  expect(asked[0]!.searchParams.get('year')).toBe('2025');
});

it('asks for the payees over the threshold only when the filter is ticked', async () => {
  const asked: URL[] = [];
  server.use(
    http.get(`${BASE}/api/tax-reporting/`, ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json<TaxReportPage>(report(ROWS));
    }),
  );
  renderAt('/manage/tax-reporting?year=2025', routes);
  await screen.findByRole('table', { name: 'Artist payments in 2025' });
  await userEvent.click(screen.getByRole('checkbox', { name: 'Over threshold only' }));
  await waitFor(() => expect(asked.at(-1)!.searchParams.get('over_threshold')).toBe('true'));
});

it('opens on last calendar year', async () => {
  const asked: URL[] = [];
  server.use(
    http.get(`${BASE}/api/tax-reporting/`, ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json<TaxReportPage>(report([]));
    }),
  );
  renderAt('/manage/tax-reporting', routes);
  await waitFor(() => expect(asked.length).toBeGreaterThan(0));
  expect(asked[0]!.searchParams.get('year')).toBe(String(new Date().getUTCFullYear() - 1));
});

it('asks before a full-TIN export, saying it is recorded, and sends nothing on cancel', async () => {
  let posted = 0;
  server.use(
    http.get(`${BASE}/api/tax-reporting/`, () => HttpResponse.json<TaxReportPage>(report(ROWS))),
    http.post(`${BASE}/api/tax-reporting/1099-nec/full-tin/`, () => {
      posted += 1;
      return new HttpResponse('tax_year\r\n', { headers: { 'content-type': 'text/csv' } });
    }),
  );
  renderAt('/manage/tax-reporting?year=2025', routes);
  await screen.findByRole('table', { name: 'Artist payments in 2025' });
  await userEvent.click(screen.getByRole('button', { name: /Export with full TINs/ }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent(FULL_TIN_CONFIRM_TITLE);
  expect(dialog).toHaveTextContent(/recorded with your name and the time/);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(posted).toBe(0);
});

it("shows one artist's payments in the year, counted or not", async () => {
  const detail: TaxReportDetail = {
    ...row({ artist_id: 2, artist_name: 'Bo Berg', total_paid: 59_999, over_threshold: false }),
    year: 2025,
    threshold: 60_000,
    payments: [
      {
        id: 1,
        token: 'pay-1',
        amount: 59_999,
        status: 'COMPLETED',
        created_on: '2025-06-01T00:00:00Z',
        completed_on: '2025-06-01T12:00:00Z',
        counted: true,
      },
      {
        id: 2,
        token: 'pay-2',
        amount: 50_000,
        status: 'RETURNED',
        created_on: '2025-08-01T00:00:00Z',
        completed_on: '2025-08-01T00:00:00Z',
        counted: false,
      },
    ],
  };
  server.use(
    http.get(`${BASE}/api/tax-reporting/2/`, () => HttpResponse.json<TaxReportDetail>(detail)),
  );
  renderAt('/manage/tax-reporting/2?year=2025', routes);
  expect(await screen.findByRole('heading', { level: 1, name: 'Bo Berg · 2025' })).toBeVisible();
  const table = screen.getByRole('table', { name: 'Payments in 2025' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows[0]).toHaveTextContent(/Jun 1, 2025\$599\.99COMPLETEDYes/);
  expect(rows[1]).toHaveTextContent(/\$500\.00RETURNEDNo/);
});
