import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import type { SupportInboxFilter, SupportStatus } from '@atelier/contracts';
import type { DB } from '../../db/schema';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Migration 0050's tables. */
export type SupportTables = {
  support_conversations: {
    id: Generated<number>;
    user_id: number | null;
    session_id: string | null;
    project_id: number | null;
    status: Generated<SupportStatus>;
    awaiting_reply: Generated<boolean>;
    created: Generated<Date>;
    last_message_at: Timestamp;
    closed_at: Date | null;
  };
  support_messages: {
    id: Generated<number>;
    conversation_id: number;
    author: 'visitor' | 'staff';
    staff_id: number | null;
    body: string;
    created: Generated<Date>;
  };
};

/** Who is chatting: their account, or their browser session while they are a guest. */
export interface VisitorRef {
  userId: number | null;
  sessionId: string | null;
}

export interface MessageRow {
  id: number;
  conversation_id: number;
  author: 'visitor' | 'staff';
  staff_name: string | null;
  body: string;
  created: Date;
}

export interface ConversationRow {
  id: number;
  status: SupportStatus;
  awaiting_reply: boolean;
  created: Date;
  last_message_at: Date;
  user_uuid: string | null;
  user_name: string | null;
  user_email: string | null;
  guest_email: string | null;
  project_id: number | null;
  project_name: string | null;
  project_token: string | null;
  message_count: number;
}

export function createSupportRepository(base: Kysely<DB>) {
  const db = base.withTables<SupportTables>();

  /** A conversation with its visitor and project, as staff and the service read it. */
  const conversations = () =>
    db
      .selectFrom('support_conversations as c')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('projects as p', 'p.id', 'c.project_id')
      .select([
        'c.id',
        'c.status',
        'c.awaiting_reply',
        'c.created',
        'c.last_message_at',
        sql<string | null>`u.uuid::text`.as('user_uuid'),
        'u.name as user_name',
        'u.email as user_email',
        'p.guest_email',
        'p.id as project_id',
        'p.name as project_name',
        'p.token as project_token',
        sql<number>`(select count(*)::int from support_messages m where m.conversation_id = c.id)`.as(
          'message_count',
        ),
      ]);

  const messages = () =>
    db
      .selectFrom('support_messages as m')
      .leftJoin('users as s', 's.id', 'm.staff_id')
      .select([
        'm.id',
        'm.conversation_id',
        'm.author',
        's.name as staff_name',
        'm.body',
        'm.created',
      ]);

  return {
    /** The visitor's latest conversation: their account's, or their guest session's. */
    async visitorConversationId(visitor: VisitorRef): Promise<number | null> {
      if (visitor.userId === null && visitor.sessionId === null) return null;
      const row = await db
        .selectFrom('support_conversations')
        .select('id')
        .where((eb) =>
          eb.or([
            ...(visitor.userId !== null ? [eb('user_id', '=', visitor.userId)] : []),
            ...(visitor.sessionId !== null
              ? [eb.and([eb('session_id', '=', visitor.sessionId), eb('user_id', 'is', null)])]
              : []),
          ]),
        )
        .orderBy('last_message_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** The project the visitor's profile holds as current (their cart), if any. */
    async visitorProjectId(visitor: VisitorRef): Promise<number | null> {
      const query = db.selectFrom('profiles').select('current_project_id');
      const row =
        visitor.userId !== null
          ? await query.where('user_id', '=', visitor.userId).executeTakeFirst()
          : visitor.sessionId !== null
            ? await query.where('session_id', '=', visitor.sessionId).executeTakeFirst()
            : undefined;
      return row?.current_project_id ?? null;
    },

    conversation(id: number): Promise<ConversationRow | undefined> {
      return conversations().where('c.id', '=', id).executeTakeFirst();
    },

    messagesOf(conversationId: number): Promise<MessageRow[]> {
      return messages().where('m.conversation_id', '=', conversationId).orderBy('m.id').execute();
    },

    message(id: number): Promise<MessageRow | undefined> {
      return messages().where('m.id', '=', id).executeTakeFirst();
    },

    /**
     * A visitor's message: into `conversationId`, or a new conversation when null. The
     * conversation (re)opens, awaits a reply, takes the visitor's account (a guest who
     * signed in since) and their current project. Answers the message's id and conversation.
     */
    async addVisitorMessage(args: {
      conversationId: number | null;
      visitor: VisitorRef;
      projectId: number | null;
      body: string;
    }): Promise<{ messageId: number; conversationId: number }> {
      const { visitor, projectId, body } = args;
      return db.transaction().execute(async (trx) => {
        let conversationId = args.conversationId;
        if (conversationId === null) {
          const created = await trx
            .insertInto('support_conversations')
            .values({
              user_id: visitor.userId,
              session_id: visitor.sessionId,
              project_id: projectId,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          conversationId = created.id;
        } else {
          await trx
            .updateTable('support_conversations')
            .set((eb) => ({
              status: 'open',
              closed_at: null,
              awaiting_reply: true,
              last_message_at: sql<Date>`now()`,
              user_id: eb.fn.coalesce('user_id', sql<number | null>`${visitor.userId}::int`),
              project_id: eb.fn.coalesce(sql<number | null>`${projectId}::int`, 'project_id'),
            }))
            .where('id', '=', conversationId)
            .execute();
        }
        const message = await trx
          .insertInto('support_messages')
          .values({ conversation_id: conversationId, author: 'visitor', staff_id: null, body })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { messageId: message.id, conversationId };
      });
    },

    /** A staff reply: the conversation no longer awaits one. Undefined when it is gone. */
    async addStaffMessage(
      conversationId: number,
      staffId: number,
      body: string,
    ): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('support_conversations')
          .set({ awaiting_reply: false, last_message_at: sql<Date>`now()` })
          .where('id', '=', conversationId)
          .returning('id')
          .executeTakeFirst();
        if (!updated) return undefined;
        const message = await trx
          .insertInto('support_messages')
          .values({ conversation_id: conversationId, author: 'staff', staff_id: staffId, body })
          .returning('id')
          .executeTakeFirstOrThrow();
        return message.id;
      });
    },

    /** Closes a conversation; answers false when there is none. */
    async close(conversationId: number): Promise<boolean> {
      const result = await db
        .updateTable('support_conversations')
        .set({ status: 'closed', closed_at: sql<Date>`now()`, awaiting_reply: false })
        .where('id', '=', conversationId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The staff inbox: open first, unanswered first, most recent first. */
    async inbox(
      filter: SupportInboxFilter,
      limit: number,
      offset: number,
    ): Promise<{ count: number; rows: (ConversationRow & { last_message_id: number | null })[] }> {
      const base = () => {
        const query = conversations();
        return filter === 'all' ? query : query.where('c.status', '=', filter);
      };
      const counted = db
        .selectFrom('support_conversations')
        .select((eb) => eb.fn.countAll<number>().as('n'));
      const [total, rows] = await Promise.all([
        (filter === 'all'
          ? counted
          : counted.where('status', '=', filter)
        ).executeTakeFirstOrThrow(),
        base()
          .select(
            sql<
              number | null
            >`(select max(m.id) from support_messages m where m.conversation_id = c.id)`.as(
              'last_message_id',
            ),
          )
          .orderBy('c.status', 'desc')
          .orderBy('c.awaiting_reply', 'desc')
          .orderBy('c.last_message_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
      return { count: Number(total.n), rows };
    },

    /** Messages by id (the inbox rows' last ones). */
    messagesById(ids: number[]): Promise<MessageRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return messages().where('m.id', 'in', ids).execute();
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
