import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import { SUPPORT_CONVERSATIONS_PATH, type SupportMessage } from '@atelier/contracts';
import { supportKeys } from './support-queries';

const replyToConversation = (id: number, body: string) =>
  api.post<SupportMessage>(`${SUPPORT_CONVERSATIONS_PATH}${id}/messages/`, { body });

export function useReplyToConversation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => replyToConversation(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
