import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { DecisionBody, Page, StaffApplication, ValidationError } from '@atelier/contracts';
import { at, BASE, renderAt } from '../../../test/render';
import { ApplicationDetailPage } from './ApplicationDetailPage';
import { ApplicationListPage } from './ApplicationListPage';
import { DECISION_SENT, DECLINE_NEEDS_MESSAGE } from '../../../shared/application-labels';

jest.setTimeout(60_000);

/** Types `text` into `box` as one paste: one change, not one re-render per key. */
async function fill(box: HTMLElement, text: string) {
  await userEvent.click(box);
  await userEvent.paste(text);
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const sample = (id: number) => ({
  id,
  name: `sample-${id}.jpg`,
  url: `/media/artist-samples/${id}.jpg`,
  width: 1200,
  height: 800,
  created: '2026-11-20T10:00:00Z',
});

const application = (change: Partial<StaffApplication> = {}): StaffApplication => ({
  id: 7,
  user_uuid: 'b9b7c1c0-0000-4000-8000-000000000007',
  stage: 'applied',
  full_name: 'Noor Painter',
  email: 'noor@example.com',
  practice: 'Oil on linen',
  bio: 'Large quiet landscapes.',
  location: 'Porto, Portugal',
  links: ['https://noor.example/portfolio'],
  samples: [sample(1), sample(2), sample(3)],
  submitted_at: '2026-11-20T10:00:00Z',
  decision: null,
  decision_message: '',
  decided_at: null,
  ...change,
});

const routes = [at('/manage/artist-application/:id', <ApplicationDetailPage />)];

function serve(initial: StaffApplication) {
  let current = initial;
  const decisions: DecisionBody[] = [];
  server.use(
    http.get(`${BASE}/api/artist-applications/7/`, () =>
      HttpResponse.json<StaffApplication>(current),
    ),
    http.post(`${BASE}/api/artist-applications/7/decision/`, async ({ request }) => {
      const body = (await request.json()) as DecisionBody;
      decisions.push(body);
      current = {
        ...current,
        stage: body.decision === 'approve' ? 'royalty' : 'declined',
        decision: body.decision === 'approve' ? 'approved' : 'declined',
        decision_message: body.message ?? '',
        decided_at: '2026-11-27T02:00:00Z',
      };
      return HttpResponse.json<StaffApplication>(current);
    }),
  );
  return decisions;
}

it('shows the samples large enough to judge, and a decline needs a message', async () => {
  const decisions = serve(application());
  renderAt('/manage/artist-application/7', routes);
  expect(await screen.findByRole('heading', { level: 1, name: 'Noor Painter' })).toBeVisible();
  const samples = screen.getByRole('list', { name: 'Samples' });
  expect(within(samples).getAllByRole('img', { name: /^Sample sample-\d\.jpg$/ })).toHaveLength(3);
  expect(screen.getByRole('link', { name: 'https://noor.example/portfolio' })).toHaveAttribute(
    'rel',
    expect.stringContaining('noopener'),
  );

  await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
  expect(await screen.findByText(DECLINE_NEEDS_MESSAGE)).toBeVisible();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(decisions).toEqual([]);

  await fill(screen.getByRole('textbox', { name: 'Message to the applicant' }), 'Not a fit yet.');
  await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getAllByText('Decline this application?').length).toBeGreaterThan(0);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
  await waitFor(() =>
    expect(decisions).toEqual([{ decision: 'decline', message: 'Not a fit yet.' }]),
  );
  expect(await screen.findByText(/^Declined on /)).toBeVisible();
  expect(screen.getByText('Message: Not a fit yet.')).toBeVisible();
  expect(screen.getByText(DECISION_SENT)).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
});

it('approves after confirmation, a message optional; cancelling sends nothing', async () => {
  const decisions = serve(application());
  renderAt('/manage/artist-application/7', routes);
  await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
  let dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(decisions).toEqual([]);

  await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
  dialog = await screen.findByRole('dialog');
  expect(within(dialog).getAllByText('Approve this application?').length).toBeGreaterThan(0);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
  await waitFor(() => expect(decisions).toEqual([{ decision: 'approve' }]));
  expect(await screen.findByText(/^Approved on /)).toBeVisible();
});

it('shows the server’s refusal when the application was decided meanwhile', async () => {
  serve(application());
  server.use(
    http.post(`${BASE}/api/artist-applications/7/decision/`, () =>
      HttpResponse.json<ValidationError>(
        { non_field_errors: ['This application is not waiting for review.'] },
        { status: 400 },
      ),
    ),
  );
  renderAt('/manage/artist-application/7', routes);
  await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
  await userEvent.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }),
  );
  expect(await screen.findByText('This application is not waiting for review.')).toBeVisible();
});

it('lists those awaiting review first, filtered by state from the URL', async () => {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(`${BASE}/api/artist-applications/`, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      const page: Page<StaffApplication> = {
        count: 1,
        next: null,
        previous: null,
        results: [application({ decision: 'declined', stage: 'declined' })],
      };
      return HttpResponse.json<Page<StaffApplication>>(page);
    }),
  );
  renderAt('/manage/artist-application?state=declined', [
    at('/manage/artist-application', <ApplicationListPage />),
  ]);
  const row = (await screen.findByRole('link', { name: 'Noor Painter' })).closest('li');
  expect(row).toHaveTextContent('Declined');
  expect(row).toHaveTextContent('noor@example.com');
  expect(row).toHaveTextContent('Oil on linen');
  expect(queries[0]?.get('state')).toBe('declined');
});
