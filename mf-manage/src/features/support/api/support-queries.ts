import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import {
  SUPPORT_CONVERSATIONS_PATH,
  type Page,
  type SupportConversationDetail,
  type SupportConversationSummary,
  type SupportInboxFilter,
} from '@atelier/contracts';

export const supportKeys = {
  all: ['manage', 'support'] as const,
  inbox: (status: SupportInboxFilter, page: number, pageSize: number) =>
    [...supportKeys.all, 'inbox', status, page, pageSize] as const,
  conversation: (id: number) => [...supportKeys.all, 'conversation', id] as const,
};

const inboxQuery = (status: SupportInboxFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: supportKeys.inbox(status, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<Page<SupportConversationSummary>>(SUPPORT_CONVERSATIONS_PATH, {
        params: { status, limit: pageSize, offset: (page - 1) * pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `poll`: read it again every so often (while live updates are unavailable). */
export const useInbox = (
  status: SupportInboxFilter,
  page: number,
  pageSize: number,
  poll: number | false,
) => useQuery({ ...inboxQuery(status, page, pageSize), refetchInterval: poll });

const conversationQuery = (id: number) =>
  queryOptions({
    queryKey: supportKeys.conversation(id),
    queryFn: ({ signal }) =>
      api.get<SupportConversationDetail>(`${SUPPORT_CONVERSATIONS_PATH}${id}/`, { signal }),
  });

export const useSupportConversation = (id: number, poll: number | false) =>
  useQuery({ ...conversationQuery(id), refetchInterval: poll });
