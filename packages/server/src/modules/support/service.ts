import {
  SUPPORT_STAFF_NAME,
  type SupportConversation,
  type SupportConversationDetail,
  type SupportConversationSummary,
  type SupportEvent,
  type SupportInboxFilter,
  type SupportMessage,
  type SupportProject,
} from '@atelier/contracts';
import { notFound } from '../../lib/errors';
import type { SupportHub, SupportNotice } from './hub';
import type { ConversationRow, MessageRow, SupportRepository, VisitorRef } from './repository';

const GUEST_NAME = 'Guest';

const visitorName = (row: ConversationRow): string =>
  row.user_name?.trim() || row.user_email || row.guest_email || GUEST_NAME;

const toMessage = (row: MessageRow, visitor: string): SupportMessage => ({
  id: row.id,
  conversation: row.conversation_id,
  author: row.author,
  author_name: row.author === 'staff' ? row.staff_name?.trim() || SUPPORT_STAFF_NAME : visitor,
  body: row.body,
  created: row.created.toISOString(),
});

const toProject = (row: ConversationRow): SupportProject | null =>
  row.project_id !== null && row.project_name !== null && row.project_token !== null
    ? { id: row.project_id, name: row.project_name, token: row.project_token }
    : null;

export function createSupportService(repository: SupportRepository, hub: SupportHub) {
  const summaryOf = (
    row: ConversationRow,
    last: MessageRow | null,
  ): SupportConversationSummary => ({
    id: row.id,
    status: row.status,
    awaiting_reply: row.awaiting_reply,
    visitor: {
      user_uuid: row.user_uuid,
      name: visitorName(row),
      email: row.user_email ?? row.guest_email,
    },
    project: toProject(row),
    message_count: row.message_count,
    last_message: last ? toMessage(last, visitorName(row)) : null,
    created: row.created.toISOString(),
    last_message_at: row.last_message_at.toISOString(),
  });

  const conversationRow = async (id: number) => {
    const row = await repository.conversation(id);
    if (!row) throw notFound();
    return row;
  };

  const service = {
    hub,

    /** The event a notice stands for, read back (null when the conversation is gone). */
    async resolve(notice: SupportNotice): Promise<SupportEvent | null> {
      const row = await repository.conversation(notice.conversation);
      if (!row) return null;
      if (notice.message === null) {
        return { kind: 'status', conversation: row.id, status: row.status, message: null };
      }
      const message = await repository.message(notice.message);
      if (!message) return null;
      return {
        kind: 'message',
        conversation: row.id,
        status: row.status,
        message: toMessage(message, visitorName(row)),
      };
    },

    visitorConversationId: (visitor: VisitorRef) => repository.visitorConversationId(visitor),

    /** The visitor's conversation, or null when they have not written yet. */
    async forVisitor(visitor: VisitorRef): Promise<SupportConversation | null> {
      const id = await repository.visitorConversationId(visitor);
      if (id === null) return null;
      const [row, messages] = await Promise.all([
        repository.conversation(id),
        repository.messagesOf(id),
      ]);
      if (!row) return null;
      const name = visitorName(row);
      return {
        id: row.id,
        status: row.status,
        project: toProject(row),
        created: row.created.toISOString(),
        messages: messages.map((message) => toMessage(message, name)),
      };
    },

    /** A visitor's message: continues (or reopens) their conversation, or starts one. */
    async postAsVisitor(visitor: VisitorRef, body: string): Promise<SupportMessage> {
      const [conversationId, projectId] = await Promise.all([
        repository.visitorConversationId(visitor),
        repository.visitorProjectId(visitor),
      ]);
      const added = await repository.addVisitorMessage({
        conversationId,
        visitor,
        projectId,
        body,
      });
      await hub.publish({ conversation: added.conversationId, message: added.messageId });
      const [row, message] = await Promise.all([
        conversationRow(added.conversationId),
        repository.message(added.messageId),
      ]);
      if (!message) throw notFound();
      return toMessage(message, visitorName(row));
    },

    async inbox(filter: SupportInboxFilter, limit: number, offset: number) {
      const { count, rows } = await repository.inbox(filter, limit, offset);
      const lastIds = rows.flatMap((row) =>
        row.last_message_id === null ? [] : [row.last_message_id],
      );
      const last = new Map((await repository.messagesById(lastIds)).map((m) => [m.id, m]));
      return {
        count,
        results: rows.map((row) =>
          summaryOf(
            row,
            row.last_message_id === null ? null : (last.get(row.last_message_id) ?? null),
          ),
        ),
      };
    },

    async detail(id: number): Promise<SupportConversationDetail> {
      const [row, messages] = await Promise.all([conversationRow(id), repository.messagesOf(id)]);
      const { last_message: _last, ...summary } = summaryOf(row, null);
      void _last;
      const name = visitorName(row);
      return { ...summary, messages: messages.map((message) => toMessage(message, name)) };
    },

    async reply(id: number, staffId: number, body: string): Promise<SupportMessage> {
      const messageId = await repository.addStaffMessage(id, staffId, body);
      if (messageId === undefined) throw notFound();
      await hub.publish({ conversation: id, message: messageId });
      const [row, message] = await Promise.all([
        conversationRow(id),
        repository.message(messageId),
      ]);
      if (!message) throw notFound();
      return toMessage(message, visitorName(row));
    },

    async close(id: number): Promise<SupportConversationDetail> {
      if (!(await repository.close(id))) throw notFound();
      await hub.publish({ conversation: id, message: null });
      return service.detail(id);
    },
  };
  return service;
}

export type SupportService = ReturnType<typeof createSupportService>;
