import type { ApplicationReviewState, StaffApplication } from '@atelier/contracts';

export const APPLICATIONS_TITLE = 'Artist Applications';
/** Decline needs a reason: the applicant reads it on /artist/message and in the email. */
export const DECLINE_NEEDS_MESSAGE = 'Say why, for the applicant: a decline needs a message.';
export const APPROVE_CONFIRM = 'Approve this application?';
export const DECLINE_CONFIRM = 'Decline this application?';
export const DECISION_SENT =
  'The applicant is emailed and sees the decision on their artist message page.';

export const STATE_FILTERS: readonly (ApplicationReviewState | 'all')[] = [
  'pending',
  'approved',
  'declined',
  'all',
];
export const STATE_LABELS: Record<ApplicationReviewState | 'all', string> = {
  pending: 'Awaiting review',
  approved: 'Approved',
  declined: 'Declined',
  all: 'All',
};

/** Where an application stands: awaiting review, or its decision. */
export function applicationState(application: Pick<StaffApplication, 'decision' | 'stage'>): {
  state: ApplicationReviewState;
  label: string;
  color: string;
} {
  if (application.decision === 'approved') {
    return { state: 'approved', label: STATE_LABELS.approved, color: 'green' };
  }
  if (application.decision === 'declined') {
    return { state: 'declined', label: STATE_LABELS.declined, color: 'red' };
  }
  return { state: 'pending', label: STATE_LABELS.pending, color: 'orange' };
}

/** '27 Nov 2026, 14:05' in the reader's time zone; '' without a date. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '';
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
