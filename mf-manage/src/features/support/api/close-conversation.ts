import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import { SUPPORT_CONVERSATIONS_PATH, type SupportConversationDetail } from '@atelier/contracts';
import { supportKeys } from './support-queries';

const closeConversation = (id: number) =>
  api.post<SupportConversationDetail>(`${SUPPORT_CONVERSATIONS_PATH}${id}/close/`);

export function useCloseConversation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => closeConversation(id),
    onSuccess: async (detail) => {
      client.setQueryData(supportKeys.conversation(id), detail);
      await client.invalidateQueries({ queryKey: supportKeys.all });
    },
  });
}
