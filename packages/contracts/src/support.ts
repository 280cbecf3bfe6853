import { z } from 'zod';
import { pageOf } from './common';
import { SUPPORT_MESSAGE_MAX_LENGTH } from './support-constants';

const SUPPORT_AUTHORS = ['visitor', 'staff'] as const;
const SUPPORT_STATUSES = ['open', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** `POST …/messages/`: the message, 1 to SUPPORT_MESSAGE_MAX_LENGTH characters once trimmed. */
export const supportMessageRequest = z.strictObject({
  body: z
    .string({
      error: (issue) =>
        issue.code !== 'invalid_type'
          ? undefined
          : issue.input === undefined
            ? 'This field is required.'
            : 'Not a valid string.',
    })
    .trim()
    .min(1, { error: 'This field may not be blank.' })
    .max(SUPPORT_MESSAGE_MAX_LENGTH),
});

export const supportMessage = z.object({
  id: z.number().int(),
  conversation: z.number().int(),
  author: z.enum(SUPPORT_AUTHORS),
  /** Who wrote it as the reader should see it: the visitor's name, or the staff's. */
  author_name: z.string(),
  body: z.string(),
  created: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

/** SPEC §1: the visitor's project (their current cart) when they last wrote. */
const supportProject = z.object({
  id: z.number().int(),
  name: z.string(),
  token: z.string(),
});
export type SupportProject = z.infer<typeof supportProject>;

/** A conversation as its visitor sees it. */
export const supportConversation = z.object({
  id: z.number().int(),
  status: z.enum(SUPPORT_STATUSES),
  project: supportProject.nullable(),
  created: z.string(),
  messages: z.array(supportMessage),
});
export type SupportConversation = z.infer<typeof supportConversation>;

/** Who started a conversation, as staff see it. */
const supportVisitor = z.object({
  /** The account's uuid; null for a guest. */
  user_uuid: z.string().nullable(),
  /** The account's name or email, or the email the guest gave for their cart, or 'Guest'. */
  name: z.string(),
  email: z.string().nullable(),
});

/** A row of the staff inbox. */
const supportConversationSummary = z.object({
  id: z.number().int(),
  status: z.enum(SUPPORT_STATUSES),
  /** The last message is the visitor's: nobody has answered it yet. */
  awaiting_reply: z.boolean(),
  visitor: supportVisitor,
  project: supportProject.nullable(),
  message_count: z.number().int().nonnegative(),
  last_message: supportMessage.nullable(),
  created: z.string(),
  last_message_at: z.string(),
});
export type SupportConversationSummary = z.infer<typeof supportConversationSummary>;

export const supportConversationPage = pageOf(supportConversationSummary);

/** One conversation as staff see it. */
export const supportConversationDetail = supportConversationSummary
  .omit({ last_message: true })
  .extend({ messages: z.array(supportMessage) });
export type SupportConversationDetail = z.infer<typeof supportConversationDetail>;

/** `GET /api/support/conversations/`: open (default), closed or all; unanswered first. */
export const SUPPORT_INBOX_FILTERS = ['open', 'closed', 'all'] as const;
export type SupportInboxFilter = (typeof SUPPORT_INBOX_FILTERS)[number];

/**
 * What a support stream sends: a new message, or a conversation's new status; 'resync' when
 * the server may have missed updates (its database listener reconnected): read afresh.
 */
export type SupportEvent =
  | { kind: 'message'; conversation: number; status: SupportStatus; message: SupportMessage }
  | { kind: 'status'; conversation: number; status: SupportStatus; message: null }
  | { kind: 'resync'; conversation: null; status: null; message: null };
