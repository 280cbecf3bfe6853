import { useEffect, useRef } from 'react';
import type { SupportConversation } from '@atelier/contracts';

export const CHAT_EMPTY = 'Ask us anything about sizes, substrates, framing or your order.';
const CHAT_CLOSED = 'This conversation was closed. Write again to reopen it.';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** The conversation as its visitor reads it: theirs on the right, support's on the left. */
export function ChatThread({ conversation }: { conversation: SupportConversation | null }) {
  const end = useRef<HTMLLIElement>(null);
  const count = conversation?.messages.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);
  return (
    <ol className="atelier-chat-log" role="log" aria-live="polite" aria-label="Conversation">
      {count === 0 && <li className="atelier-chat-empty">{CHAT_EMPTY}</li>}
      {conversation?.messages.map((message) => {
        const mine = message.author === 'visitor';
        return (
          <li
            key={message.id}
            className={mine ? 'atelier-chat-message mine' : 'atelier-chat-message'}
          >
            <span className="atelier-chat-meta">
              {mine ? 'You' : message.author_name} · {timeOf(message.created)}
            </span>
            <span className="atelier-chat-bubble">{message.body}</span>
          </li>
        );
      })}
      {conversation?.status === 'closed' && <li className="atelier-chat-closed">{CHAT_CLOSED}</li>}
      <li ref={end} aria-hidden="true" />
    </ol>
  );
}
