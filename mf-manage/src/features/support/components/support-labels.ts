import type { SupportConversationSummary } from '@atelier/contracts';

export const SUPPORT_TITLE = 'Support';
const AWAITING_REPLY = 'Awaiting reply';

/** A time as staff read it in the inbox: today's by the clock, older ones by the date. */
export function formatWhen(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay
    ? date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export const stateOf = (row: Pick<SupportConversationSummary, 'status' | 'awaiting_reply'>) =>
  row.status === 'closed'
    ? { label: 'Closed', color: 'default' }
    : row.awaiting_reply
      ? { label: AWAITING_REPLY, color: 'orange' }
      : { label: 'Answered', color: 'green' };
