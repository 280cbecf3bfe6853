import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { PaymentAccount, StatusTransition, ArtistIdentity, Page } from '@atelier/contracts';
import { at, BASE, renderAt } from '../../../test/render';
import { AccountDetailPage, TransitionDetailPage } from './IdentityPages';
import { CHOOSE_STATUS } from './StatusChangeForm';

jest.setTimeout(90_000);

/** Types `text` into `box` as one paste: one change, not one re-render per key. */
async function fill(box: HTMLElement, text: string) {
  await userEvent.click(box);
  await userEvent.paste(text);
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const TOKEN = 'usr-0b8a4c2e-1f3d-4e5a-9b6c-7d8e9f0a1b2c';
const ACCOUNT = 'trm-5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f';
const IDENTITY_API = `${BASE}/api/artist-identity/${TOKEN}/`;
const ACCOUNT_API = `${IDENTITY_API}bank-accounts/${ACCOUNT}/`;

function serve() {
  let account: PaymentAccount = {
    token: ACCOUNT,
    type: 'bank-accounts',
    default: true,
    status: 'ACTIVATED',
    createdOn: '2026-11-20T10:00:00Z',
    bankAccountId: '•••• 6789',
    bankName: 'Noor Painter',
    country: 'US',
    routingNumber: '011000015',
  };
  const transitions: StatusTransition[] = [
    {
      token: 'sts-00000000-0000-4000-8000-000000000001',
      fromStatus: null,
      transitionTo: 'ACTIVATED',
      notes: '',
      createdOn: '2026-11-20T10:00:00Z',
    },
  ];
  const posted: unknown[] = [];
  server.use(
    http.get(IDENTITY_API, () =>
      HttpResponse.json<ArtistIdentity>({
        token: TOKEN,
        businessName: '',
        firstName: 'Noor',
        lastName: 'Painter',
        email: 'noor@example.com',
        status: 'ACTIVATED',
        createdOn: '2026-11-20T10:00:00Z',
      }),
    ),
    http.get(ACCOUNT_API, () => HttpResponse.json<PaymentAccount>(account)),
    http.get(`${ACCOUNT_API}status-transitions/`, () =>
      HttpResponse.json<Page<StatusTransition>>({
        count: transitions.length,
        next: null,
        previous: null,
        results: transitions,
      }),
    ),
    http.post(`${ACCOUNT_API}status-transitions/`, async ({ request }) => {
      const body = (await request.json()) as { transitionTo: string; notes?: string };
      posted.push(body);
      const made: StatusTransition = {
        token: 'sts-00000000-0000-4000-8000-000000000002',
        fromStatus: account.status,
        transitionTo: body.transitionTo,
        notes: body.notes ?? '',
        createdOn: '2026-11-27T02:00:00Z',
      };
      transitions.push(made);
      account = { ...account, status: 'INVALID', default: false };
      return HttpResponse.json<StatusTransition>(made, { status: 201 });
    }),
  );
  return posted;
}

it('shows the account by its display key; staff mark it INVALID with notes and the transition appears', async () => {
  const posted = serve();
  renderAt(`/manage/artist-identity/${TOKEN}/bank-accounts/${ACCOUNT}`, [
    at('/manage/artist-identity/:token/:type/:id', <AccountDetailPage />),
  ]);
  expect(await screen.findByRole('heading', { level: 1, name: '•••• 6789' })).toBeVisible();
  expect(screen.getByText('Yes: payouts go here')).toBeVisible();
  const history = await screen.findByRole('list', { name: 'Status transitions' });
  expect(within(history).getAllByRole('listitem')).toHaveLength(1);

  await userEvent.click(screen.getByRole('button', { name: 'Change status' }));
  expect(await screen.findByText(CHOOSE_STATUS)).toBeVisible();
  expect(posted).toEqual([]);

  const select = screen.getByRole('combobox', { name: 'New status' });
  await userEvent.click(select);
  // The current status is not offered.
  expect(screen.queryByRole('option', { name: 'Activated' })).not.toBeInTheDocument();
  await screen.findByRole('option', { name: 'Invalid' });
  // rc-select reads the legacy `which`; Invalid is the second choice after Verified.
  fireEvent.keyDown(select, { key: 'ArrowDown', keyCode: 40, which: 40 });
  fireEvent.keyDown(select, { key: 'Enter', keyCode: 13, which: 13 });
  await fill(screen.getByRole('textbox', { name: 'Notes' }), 'Bank says closed');
  await userEvent.click(screen.getByRole('button', { name: 'Change status' }));

  await waitFor(() =>
    expect(posted).toEqual([{ transitionTo: 'INVALID', notes: 'Bank says closed' }]),
  );
  const row = await within(history).findByRole('link', { name: 'Activated → Invalid' });
  expect(row.closest('li')).toHaveTextContent('Bank says closed');
  expect(row).toHaveAttribute(
    'href',
    `/manage/artist-identity/${TOKEN}/bank-accounts/${ACCOUNT}/status-transitions/sts-00000000-0000-4000-8000-000000000002`,
  );
  expect(await screen.findByText('No')).toBeVisible();
});

it('a transition has its own page', async () => {
  serve();
  server.use(
    http.get(`${ACCOUNT_API}status-transitions/sts-00000000-0000-4000-8000-000000000001/`, () =>
      HttpResponse.json<StatusTransition>({
        token: 'sts-00000000-0000-4000-8000-000000000001',
        fromStatus: 'ACTIVATED',
        transitionTo: 'INVALID',
        notes: 'Bank says closed',
        createdOn: '2026-11-27T02:00:00Z',
      }),
    ),
  );
  renderAt(
    `/manage/artist-identity/${TOKEN}/bank-accounts/${ACCOUNT}/status-transitions/sts-00000000-0000-4000-8000-000000000001`,
    [
      at(
        '/manage/artist-identity/:token/:type/:id/status-transitions/:stsToken',
        <TransitionDetailPage />,
      ),
    ],
  );
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Activated → Invalid' }),
  ).toBeVisible();
  expect(screen.getByText('Bank says closed')).toBeVisible();
  expect(screen.getByRole('link', { name: 'Noor Painter' })).toHaveAttribute(
    'href',
    `/manage/artist-identity/${TOKEN}`,
  );
});
