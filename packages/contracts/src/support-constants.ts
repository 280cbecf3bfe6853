// Plain constants of the support chat, kept apart from the zod schemas of support.ts so that
// the shell's chat widget does not bundle zod.

/** A chat message's longest body, in characters (after trimming). */
export const SUPPORT_MESSAGE_MAX_LENGTH = 2000;

/** Messages one visitor may send per minute (each address three times that). */
export const SUPPORT_MESSAGES_PER_MINUTE = 10;

/** The visitor's conversation and its live updates (SPEC §1 chat widget). */
export const SUPPORT_CONVERSATION_PATH = '/api/support/conversation/';
export const SUPPORT_CONVERSATION_MESSAGES_PATH = '/api/support/conversation/messages/';
export const SUPPORT_CONVERSATION_EVENTS_PATH = '/api/support/conversation/events/';
/** The staff inbox: conversations, one conversation, its replies, and live updates. */
export const SUPPORT_CONVERSATIONS_PATH = '/api/support/conversations/';
export const SUPPORT_EVENTS_PATH = '/api/support/events/';

/** The event every support stream sends: `event: support`, data a SupportEvent. */
export const SUPPORT_EVENT = 'support';

/** What a visitor sees of the staff member who answered. */
export const SUPPORT_STAFF_NAME = 'Atelier support';
