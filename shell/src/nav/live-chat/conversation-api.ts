import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import {
  SUPPORT_CONVERSATION_MESSAGES_PATH,
  SUPPORT_CONVERSATION_PATH,
  type SupportConversation,
  type SupportMessage,
} from '@atelier/contracts';

export const conversationKey = ['support', 'conversation'] as const;

/** How often the conversation is read again while live updates are unavailable. */
const POLL_WITHOUT_STREAM_MS = 15_000;

const conversationQuery = (polling: boolean) =>
  queryOptions({
    queryKey: conversationKey,
    queryFn: ({ signal }) =>
      api.get<SupportConversation | null>(SUPPORT_CONVERSATION_PATH, { signal }),
    refetchInterval: polling ? POLL_WITHOUT_STREAM_MS : false,
  });

/** The visitor's conversation (null before their first message). */
export const useConversation = (polling: boolean) => useQuery(conversationQuery(polling));

/** A message into the conversation's cache, once (the stream and the answer both bring it). */
export function withMessage(
  conversation: SupportConversation | null | undefined,
  message: SupportMessage,
): SupportConversation | null | undefined {
  if (!conversation || conversation.id !== message.conversation) return conversation;
  if (conversation.messages.some((m) => m.id === message.id)) return conversation;
  return { ...conversation, messages: [...conversation.messages, message] };
}

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<SupportMessage>(SUPPORT_CONVERSATION_MESSAGES_PATH, { body }),
    onSuccess: async (message) => {
      const current = client.getQueryData<SupportConversation | null>(conversationKey);
      if (current && current.id === message.conversation && current.status === 'open') {
        client.setQueryData(conversationKey, withMessage(current, message));
      } else {
        // The first message (or one reopening the conversation): read it whole.
        await client.invalidateQueries({ queryKey: conversationKey });
      }
    },
  });
}
