import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { subscribeEvents } from '@atelier/live-events';
import {
  SUPPORT_CONVERSATION_EVENTS_PATH,
  SUPPORT_EVENT,
  type SupportConversation,
  type SupportEvent,
} from '@atelier/contracts';
import { conversationKey, withMessage } from './conversation-api';

/**
 * Live updates of the visitor's conversation `id` (none before it exists): staff replies
 * land in the query cache as they come. `onDown(true)` when the stream failed for good (the
 * caller then polls), `onDown(false)` when it listens.
 */
export function useConversationEvents(id: number | null, onDown: (down: boolean) => void): void {
  const client = useQueryClient();
  useEffect(() => {
    if (id === null) return undefined;
    return subscribeEvents(SUPPORT_CONVERSATION_EVENTS_PATH, [SUPPORT_EVENT], {
      onReady: () => {
        onDown(false);
        void client.invalidateQueries({ queryKey: conversationKey });
      },
      onEvent: (_name, data) => {
        const event = data as SupportEvent;
        if (event.kind === 'message') {
          client.setQueryData<SupportConversation | null>(conversationKey, (current) =>
            withMessage(current, event.message),
          );
        } else {
          void client.invalidateQueries({ queryKey: conversationKey });
        }
      },
      onClosed: () => onDown(true),
    });
  }, [client, id, onDown]);
}
