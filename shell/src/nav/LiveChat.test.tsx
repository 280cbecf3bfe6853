import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import {
  SUPPORT_CONVERSATION_EVENTS_PATH,
  SUPPORT_CONVERSATION_MESSAGES_PATH,
  SUPPORT_CONVERSATION_PATH,
  SUPPORT_EVENT,
  SUPPORT_MESSAGE_MAX_LENGTH,
  type Cart,
  type SupportConversation,
  type SupportEvent,
  type SupportMessage,
  type DetailError,
  type ValidationError,
} from '@atelier/contracts';
import { cartKeys, useCartStore } from '@atelier/session';
import LiveChat from './LiveChat';
import { CHAT_EMPTY } from './live-chat/ChatThread';
import { MESSAGE_LABEL, MESSAGE_REQUIRED } from './live-chat/ChatComposer';

const BASE = 'http://localhost';
const TOKEN = 'c'.repeat(32);

/** The browser's EventSource, which jsdom lacks: the test plays the server's side. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 1;
  private listeners = new Map<string, Set<(event: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)!.add(listener);
  }
  removeEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.get(name)?.delete(listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(name: string, data: unknown) {
    const event = { data: JSON.stringify(data) } as MessageEvent<string>;
    for (const listener of this.listeners.get(name) ?? []) listener(event);
  }
  static latest(): FakeEventSource {
    const open = FakeEventSource.instances.filter((s) => s.readyState !== FakeEventSource.CLOSED);
    const last = open.at(-1);
    if (!last) throw new Error('no open event stream');
    return last;
  }
}

const message = (id: number, author: SupportMessage['author'], body: string): SupportMessage => ({
  id,
  conversation: 7,
  author,
  author_name: author === 'staff' ? 'Sam' : 'guest@example.com',
  body,
  created: '2025-06-01T15:04:00Z',
});

let conversation: SupportConversation | null;
let conversationStatus = 200;
const posted: unknown[] = [];
let postAnswer: { status: number; body: ValidationError } | null = null;

const server = setupServer(
  http.get<PathParams, never, SupportConversation | null | DetailError>(
    `${BASE}${SUPPORT_CONVERSATION_PATH}`,
    () =>
      conversationStatus === 200
        ? HttpResponse.json<SupportConversation | null>(conversation)
        : HttpResponse.json<DetailError>(
            { detail: 'A server error occurred.' },
            { status: conversationStatus },
          ),
  ),
  http.post<PathParams, never, SupportMessage | ValidationError>(
    `${BASE}${SUPPORT_CONVERSATION_MESSAGES_PATH}`,
    async ({ request }) => {
      const body = (await request.json()) as { body: string };
      posted.push(body);
      if (postAnswer) {
        return HttpResponse.json<ValidationError>(postAnswer.body, { status: postAnswer.status });
      }
      const sent = message(100 + posted.length, 'visitor', body.body);
      conversation = {
        id: 7,
        status: 'open',
        project: null,
        created: sent.created,
        messages: [...(conversation?.messages ?? []), sent],
      };
      return HttpResponse.json<SupportMessage>(sent, { status: 201 });
    },
  ),
);

beforeAll(() => {
  api.configure({ baseUrl: BASE });
  server.listen({ onUnhandledRequest: 'error' });
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  delete (globalThis as { EventSource?: unknown }).EventSource;
});
beforeEach(() => {
  conversation = null;
  conversationStatus = 200;
  posted.length = 0;
  postAnswer = null;
  FakeEventSource.instances = [];
  useCartStore.setState({ token: null, guest: false });
});

function renderChat(cart?: Cart) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (cart) {
    useCartStore.setState({ token: cart.token, guest: true });
    client.setQueryData(cartKeys.project(cart.token), cart);
  }
  render(
    <QueryClientProvider client={client}>
      <LiveChat open onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const guestCart: Cart = {
  token: TOKEN,
  project: { id: 4, name: 'Harbour hotel', label: 'Harbour hotel' },
  owner: null,
  guest_email: 'guest@example.com',
  workspaces: [],
  created: '2025-01-01T00:00:00Z',
  latest_order: null,
  quantity: 2,
  subtotal: 0,
  volume_discount: 0,
  volume_discount_rate: 0,
  shipping: 0,
  grand_total: 0,
};

describe('Live Chat', () => {
  it('opens on an empty conversation and says which cart support sees', async () => {
    renderChat(guestCart);
    const dialog = await screen.findByRole('dialog', { name: 'Live Chat' });
    expect(await within(dialog).findByText(CHAT_EMPTY)).toBeInTheDocument();
    expect(within(dialog).getByText('Harbour hotel')).toBeInTheDocument();
    const box = within(dialog).getByRole('textbox', { name: MESSAGE_LABEL });
    await waitFor(() => expect(box).toHaveFocus());
    // No stream before there is a conversation to follow.
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('sends with Enter, then shows the staff answer as it arrives, without reloading', async () => {
    const user = renderChat();
    const box = await screen.findByRole('textbox', { name: MESSAGE_LABEL });
    await screen.findByText(CHAT_EMPTY);
    await user.type(box, 'Can you print this on canvas?{Enter}');

    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('Can you print this on canvas?')).toBeInTheDocument();
    expect(posted).toEqual([{ body: 'Can you print this on canvas?' }]);
    expect(box).toHaveValue('');

    // The stream for the conversation opens; the staff reply comes down it.
    const stream = await waitForStream();
    expect(stream.url).toBe(SUPPORT_CONVERSATION_EVENTS_PATH);
    const reply: SupportEvent = {
      kind: 'message',
      conversation: 7,
      status: 'open',
      message: message(200, 'staff', 'Yes, on any of our canvases.'),
    };
    act(() => stream.emit(SUPPORT_EVENT, reply));
    expect(await within(log).findByText('Yes, on any of our canvases.')).toBeInTheDocument();
    expect(within(log).getByText(/Sam/)).toBeInTheDocument();
  });

  it('keeps Shift+Enter for a new line and refuses a blank message without sending', async () => {
    const user = renderChat();
    const box = await screen.findByRole('textbox', { name: MESSAGE_LABEL });
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('line one\nline two');
    await user.clear(box);
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MESSAGE_REQUIRED)).toBeInTheDocument();
    expect(posted).toEqual([]);
    expect(box).toHaveAttribute('maxlength', String(SUPPORT_MESSAGE_MAX_LENGTH));
  });

  it("shows the server's field error under the box, and a throttled send in an alert", async () => {
    const user = renderChat();
    const box = await screen.findByRole('textbox', { name: MESSAGE_LABEL });
    postAnswer = {
      status: 400,
      body: { body: ['Ensure this field has no more than 2000 characters.'] },
    };
    await user.type(box, 'Hello{Enter}');
    expect(
      await screen.findByText('Ensure this field has no more than 2000 characters.'),
    ).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');

    postAnswer = {
      status: 429,
      body: { detail: 'Request was throttled. Expected available in 42 seconds.' },
    };
    await user.type(box, '{Enter}');
    expect(
      await screen.findByText('Request was throttled. Expected available in 42 seconds.'),
    ).toBeInTheDocument();
    expect(box).toHaveValue('Hello');
  });

  it('shows a failed load with a retry that recovers', async () => {
    conversationStatus = 500;
    const user = renderChat();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('500');
    conversationStatus = 200;
    conversation = {
      id: 7,
      status: 'closed',
      project: null,
      created: '2025-06-01T15:04:00Z',
      messages: [message(1, 'visitor', 'Earlier question'), message(2, 'staff', 'Earlier answer')],
    };
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(within(log).getByText('Earlier answer')).toBeInTheDocument();
    expect(within(log).getByText(/This conversation was closed/)).toBeInTheDocument();
  });
});

async function waitForStream(): Promise<FakeEventSource> {
  for (let i = 0; i < 50; i += 1) {
    try {
      return FakeEventSource.latest();
    } catch {
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
  }
  return FakeEventSource.latest();
}
