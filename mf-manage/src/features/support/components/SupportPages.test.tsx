import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type {
  Page,
  SupportConversationDetail,
  SupportConversationSummary,
  SupportMessage,
} from '@atelier/contracts';
import { AppProviders } from '@atelier/ui';
import { SupportInboxPage } from './SupportInboxPage';
import { SupportThreadPage } from './SupportThreadPage';

// @ant-design/icons ships ES modules this Jest setup does not transform.
jest.mock('@ant-design/icons', () => ({ HomeOutlined: () => null }));

const BASE = 'http://localhost/api/support/conversations/';
const message = (id: number, author: SupportMessage['author'], body: string): SupportMessage => ({
  id,
  conversation: 7,
  author,
  author_name: author === 'staff' ? 'Sam' : 'guest@example.com',
  body,
  created: '2025-06-01T15:04:00Z',
});
const summary = (
  id: number,
  awaiting: boolean,
  last: SupportMessage,
): SupportConversationSummary => ({
  id,
  status: 'open',
  awaiting_reply: awaiting,
  visitor: { user_uuid: null, name: `visitor${id}@example.com`, email: `visitor${id}@example.com` },
  project: { id: 40 + id, name: `Project ${id}`, token: 'p'.repeat(32) },
  message_count: 1,
  last_message: last,
  created: last.created,
  last_message_at: last.created,
});

let detail: SupportConversationDetail;
const queries: URLSearchParams[] = [];
const replies: unknown[] = [];
const server = setupServer(
  http.get(BASE, ({ request }) => {
    queries.push(new URL(request.url).searchParams);
    const page: Page<SupportConversationSummary> = {
      count: 2,
      next: null,
      previous: null,
      results: [
        summary(7, true, message(3, 'visitor', 'Is canvas available?')),
        summary(5, false, message(2, 'staff', 'It ships Monday.')),
      ],
    };
    return HttpResponse.json<Page<SupportConversationSummary>>(page);
  }),
  http.get(`${BASE}7/`, () => HttpResponse.json<SupportConversationDetail>(detail)),
  http.post(`${BASE}7/messages/`, async ({ request }) => {
    const body = (await request.json()) as { body: string };
    replies.push(body);
    const sent = message(9, 'staff', body.body);
    detail = { ...detail, awaiting_reply: false, messages: [...detail.messages, sent] };
    return HttpResponse.json<SupportMessage>(sent, { status: 201 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  queries.length = 0;
  replies.length = 0;
  const { last_message: _last, ...rest } = summary(
    7,
    true,
    message(3, 'visitor', 'Is canvas available?'),
  );
  void _last;
  detail = { ...rest, messages: [message(3, 'visitor', 'Is canvas available?')] };
});

function renderAt(path: string) {
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/manage/support" element={<SupportInboxPage />} />
          <Route path="/manage/support/:id" element={<SupportThreadPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return userEvent.setup();
}

it('lists open conversations with their state and the visitor project linked', async () => {
  renderAt('/manage/support');
  const list = await screen.findByRole('list', { name: 'Conversations' });
  const [waiting, answered] = within(list).getAllByRole('listitem');
  expect(within(waiting!).getByText('Awaiting reply')).toBeInTheDocument();
  expect(within(waiting!).getByRole('link', { name: 'Project 7' })).toHaveAttribute(
    'href',
    '/projects/47',
  );
  expect(within(waiting!).getByRole('link', { name: 'visitor7@example.com' })).toHaveAttribute(
    'href',
    '/manage/support/7',
  );
  expect(within(answered!).getByText('Answered')).toBeInTheDocument();
  expect(queries[0]?.get('status')).toBe('open');
});

it('shows a thread and sends a reply that joins it', async () => {
  const user = renderAt('/manage/support/7');
  expect(await screen.findByRole('heading', { name: 'visitor7@example.com' })).toBeInTheDocument();
  const log = screen.getByRole('log', { name: 'Messages' });
  expect(within(log).getByText('Is canvas available?')).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'Yes, on every size.{Enter}');
  expect(await within(log).findByText('Yes, on every size.')).toBeInTheDocument();
  expect(replies).toEqual([{ body: 'Yes, on every size.' }]);
  expect(await screen.findByText('Answered')).toBeInTheDocument();
});
