import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  HOLD_REASONS,
  MINIMUM_PAYOUT_CENTS,
  type ArtistPayment,
  type Page,
  type PaymentDue,
  type PayoutPreview,
  type PayoutRunResult,
  type StatusTransition,
  type PayoutLine,
  type PayoutRunSummary,
} from '@atelier/contracts';
import { AppProviders } from '@atelier/ui';
import { ArtistPaymentDetailPage } from './components/ArtistPaymentDetailPage';
import { PaymentDueListPage, RUN_PAYOUTS } from './components/PaymentDueListPage';
import { DOWNLOAD_CSV, EXECUTE, PayoutRunPage } from './components/PayoutRunPage';
import { DOWNLOAD_FILE, PAST_RUNS, PayoutRunListPage } from './components/PayoutRunListPage';

// @ant-design/icons ships ES modules this Jest setup does not transform.
jest.mock('@ant-design/icons', () => ({ HomeOutlined: () => null }));

const ada = { id: 1, name: 'Ada Lovelace', royalty_code: 'ADA' };
const bea = { id: 2, name: 'Bea Arthur', royalty_code: 'BEA' };
const cy = { id: 3, name: 'Cy Twombly', royalty_code: 'CY' };
const preview: PayoutPreview = {
  provider: 'manual',
  minimum: MINIMUM_PAYOUT_CENTS,
  total: 12_345,
  held_total: 7_000,
  payments: [
    {
      artist: ada,
      payee: 'Ada Lovelace',
      account: { token: 'trm-a', type: 'bank-accounts', status: 'ACTIVATED', display: '•••• 6789' },
      amount: 12_345,
      lines: 3,
    },
  ],
  held: [
    {
      artist: bea,
      amount: 5_000,
      lines: 2,
      reason: 'account_invalid',
      reason_text: HOLD_REASONS.account_invalid,
    },
    {
      artist: cy,
      amount: 2_000,
      lines: 1,
      reason: 'below_minimum',
      reason_text: HOLD_REASONS.below_minimum,
    },
  ],
};
const payment = (overrides: Partial<ArtistPayment> = {}): ArtistPayment => ({
  token: 'pay-1',
  status: 'SCHEDULED',
  amount: 12_345,
  currency: 'USD',
  artist: ada,
  payee: 'Ada Lovelace',
  account: preview.payments[0]!.account,
  run: 'run-1',
  provider: 'manual',
  lines: 3,
  reissue_of: null,
  reissued_by: null,
  reissuable: false,
  notes: '',
  created_on: '2026-11-01T10:00:00Z',
  modified: '2026-11-01T10:00:00Z',
  completed_on: null,
  ...overrides,
});
const runResult: PayoutRunResult = {
  token: 'run-1',
  provider: 'manual',
  created_on: '2026-11-01T10:00:00Z',
  created_by: 'staff@example.com',
  payment_count: 1,
  total: 12_345,
  payments: [payment()],
  held: preview.held,
  bank_file: '/api/payout-run/run-1/bank-file/',
};

let executed = 0;
let current = payment();
const transitions: unknown[] = [];
const server = setupServer(
  http.get('http://localhost/api/payment-due/', () => {
    const page: Page<PaymentDue> = {
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: 1,
          artist: 'Ada Lovelace',
          royalty_code: 'ADA',
          amount: 12_345,
          lines: 3,
          oldest: '2026-10-01T00:00:00Z',
        },
      ],
    };
    return HttpResponse.json<Page<PaymentDue>>(page);
  }),
  http.get('http://localhost/api/payout-run/preview/', () =>
    HttpResponse.json<PayoutPreview>(preview),
  ),
  http.post('http://localhost/api/payout-run/', () => {
    executed += 1;
    return HttpResponse.json<PayoutRunResult>(runResult, { status: 201 });
  }),
  http.get('http://localhost/api/artist-payment/pay-1/', () =>
    HttpResponse.json<ArtistPayment>(current),
  ),
  http.get('http://localhost/api/artist-payment/pay-1/lines/', () =>
    HttpResponse.json<Page<PayoutLine>>({ count: 0, next: null, previous: null, results: [] }),
  ),
  http.post(
    'http://localhost/api/artist-payment/pay-1/status-transitions/',
    async ({ request }) => {
      const body = (await request.json()) as { transitionTo: string; notes: string };
      transitions.push(body);
      current = payment({ status: 'FAILED', reissuable: true });
      const made: StatusTransition = {
        token: 'sts-1',
        fromStatus: 'SCHEDULED',
        transitionTo: body.transitionTo,
        notes: body.notes,
        createdOn: '2026-11-02T10:00:00Z',
      };
      return HttpResponse.json<StatusTransition>(made, { status: 201 });
    },
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  executed = 0;
  transitions.length = 0;
  current = payment();
});

function renderAt(path: string) {
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/manage/payment-due" element={<PaymentDueListPage />} />
          <Route path="/manage/payment-due/run" element={<PayoutRunPage />} />
          <Route path="/manage/payment-due/runs" element={<PayoutRunListPage />} />
          <Route path="/manage/artist-payment/:id" element={<ArtistPaymentDetailPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return userEvent.setup();
}

it('lists payments due with the amount in dollars and a way to run payouts', async () => {
  const user = renderAt('/manage/payment-due');
  const table = await screen.findByRole('table');
  expect(within(table).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
    'href',
    '/manage/payment-due/1',
  );
  expect(within(table).getByText('$123.45')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: RUN_PAYOUTS }));
  expect(await screen.findByRole('heading', { name: 'Payout run' })).toBeInTheDocument();
});

it('the preview shows who is paid to which account and who is held back, in words', async () => {
  renderAt('/manage/payment-due/run');
  const paid = await screen.findByRole('table', { name: 'To be paid' });
  const [, adaRow] = within(paid).getAllByRole('row');
  expect(within(adaRow!).getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
  expect(within(adaRow!).getByText('Bank •••• 6789')).toBeInTheDocument();
  expect(within(adaRow!).getByText('$123.45')).toBeInTheDocument();
  const held = screen.getByRole('table', { name: 'Held back' });
  const [, beaRow, cyRow] = within(held).getAllByRole('row');
  expect(within(beaRow!).getByText('The payout account is INVALID.')).toBeInTheDocument();
  expect(within(beaRow!).getByText('$50.00')).toBeInTheDocument();
  expect(within(cyRow!).getByText('Below the minimum payout of $25.00.')).toBeInTheDocument();
});

it('executes only after the confirm dialog, then offers the bank file', async () => {
  const user = renderAt('/manage/payment-due/run');
  await user.click(await screen.findByRole('button', { name: EXECUTE }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(/Pay 1 artist \$123\.45\?/)).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(executed).toBe(0);

  await user.click(screen.getByRole('button', { name: EXECUTE }));
  await user.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'Execute' }),
  );
  expect(await screen.findByRole('button', { name: DOWNLOAD_CSV })).toBeInTheDocument();
  expect(executed).toBe(1);
  expect(screen.getByText('1 payment created, $123.45 in all.')).toBeInTheDocument();
});

it('marks a payment FAILED with notes, after which it can be re-issued', async () => {
  const user = renderAt('/manage/artist-payment/pay-1');
  expect(await screen.findByRole('heading', { name: 'Ada Lovelace: $123.45' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Re-issue payment' })).not.toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'Mark Failed' })).not.toBeChecked();
  await user.click(screen.getByText('Mark Failed'));
  expect(screen.getByRole('radio', { name: 'Mark Failed' })).toBeChecked();
  await user.click(screen.getByRole('textbox', { name: 'Notes' }));
  await user.paste('Account closed');
  await user.click(screen.getByRole('button', { name: 'Record status' }));
  expect(await screen.findByRole('button', { name: 'Re-issue payment' })).toBeInTheDocument();
  expect(transitions).toEqual([{ transitionTo: 'FAILED', notes: 'Account closed' }]);
}, 60_000);

it('lists past payout runs, reached from Payments Due, each with its bank file to download', async () => {
  const runs = [
    {
      token: 'run-2',
      provider: 'manual',
      created_on: '2026-11-20T09:00:00Z',
      created_by: 'staff@atelier.test',
      payment_count: 2,
      total: 45_600,
      bank_file: '/api/payout-run/run-2/bank-file/',
    },
    {
      token: 'run-1',
      provider: 'sandbox',
      created_on: '2026-10-01T09:00:00Z',
      created_by: null,
      payment_count: 1,
      total: 2_500,
      bank_file: null,
    },
  ];
  const files: string[] = [];
  server.use(
    http.get('http://localhost/api/payout-run/', () =>
      HttpResponse.json<Page<PayoutRunSummary>>({
        count: 2,
        next: null,
        previous: null,
        results: runs,
      }),
    ),
    http.get('http://localhost/api/payout-run/:token/bank-file/', ({ params }) => {
      files.push(String(params.token));
      return new HttpResponse('payee,amount\n', { headers: { 'content-type': 'text/csv' } });
    }),
  );
  const made: Blob[] = [];
  URL.createObjectURL = (blob: Blob) => {
    made.push(blob);
    return 'blob:bank-file';
  };
  URL.revokeObjectURL = () => undefined;
  const user = renderAt('/manage/payment-due');
  await user.click(await screen.findByRole('link', { name: PAST_RUNS }));
  const table = await screen.findByRole('table', { name: PAST_RUNS });
  const [, newest, oldest] = within(table).getAllByRole('row');
  expect(newest).toHaveTextContent('Nov 20, 2026');
  expect(newest).toHaveTextContent('by staff@atelier.test');
  expect(newest).toHaveTextContent('$456.00');
  expect(oldest).toHaveTextContent('$25.00');
  expect(oldest).toHaveTextContent('None (sandbox)');
  expect(within(oldest!).queryByRole('button')).not.toBeInTheDocument();
  await user.click(
    within(newest!).getByRole('button', {
      name: new RegExp(DOWNLOAD_FILE.replace(/[()]/g, '\\$&')),
    }),
  );
  await waitFor(() => expect(made).toHaveLength(1));
  expect(files).toEqual(['run-2']);
  expect(await made[0]!.text()).toBe('payee,amount\n');
});
