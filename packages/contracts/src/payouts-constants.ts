// Plain constants of money out (payments due, payout runs, artist payments), apart from the
// zod schemas of payouts.ts so that a screen importing them does not bundle zod.

/** Order statuses whose lines have earned their royalty (docs/payouts.md). */
export const PAID_ORDER_STATUSES = ['paid', 'in production', 'shipped'] as const;

/** The smallest payout, in cents: an artist due less is held back until they are due more. */
export const MINIMUM_PAYOUT_CENTS = 2500;

/** The payout providers this server offers; `manual` writes a bank-transfer file (CSV). */
export const PAYOUT_PROVIDERS = ['manual'] as const;
export type PayoutProviderName = (typeof PAYOUT_PROVIDERS)[number];
export const DEFAULT_PAYOUT_PROVIDER: PayoutProviderName = 'manual';

/** The payout provider's status model of an artist payment (migration 0060). */
export const ARTIST_PAYMENT_STATUSES = [
  'CREATED',
  'SCHEDULED',
  'PENDING_ACCOUNT_ACTIVATION',
  'PENDING_ID_VERIFICATION',
  'PENDING_TAX_VERIFICATION',
  'PENDING_TRANSFER_METHOD_ACTION',
  'PENDING_TRANSACTION_VERIFICATION',
  'IN_PROGRESS',
  'UNCLAIMED',
  'COMPLETED',
  'FAILED',
  'RECALLED',
  'RETURNED',
  'EXPIRED',
  'CANCELLED',
] as const;
export type ArtistPaymentStatusName = (typeof ARTIST_PAYMENT_STATUSES)[number];

/** Statuses that release a payment's lines back into payments due (it can be re-issued). */
export const RELEASING_PAYMENT_STATUSES: readonly ArtistPaymentStatusName[] = [
  'FAILED',
  'RETURNED',
  'RECALLED',
  'EXPIRED',
  'CANCELLED',
];

const PENDING_NEXT: readonly ArtistPaymentStatusName[] = [
  'IN_PROGRESS',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
];

/** Where an artist payment may move from each status (staff record what the bank reports). */
export const ARTIST_PAYMENT_TRANSITIONS: Readonly<
  Record<ArtistPaymentStatusName, readonly ArtistPaymentStatusName[]>
> = {
  CREATED: ['SCHEDULED', ...PENDING_NEXT],
  SCHEDULED: PENDING_NEXT,
  PENDING_ACCOUNT_ACTIVATION: PENDING_NEXT,
  PENDING_ID_VERIFICATION: PENDING_NEXT,
  PENDING_TAX_VERIFICATION: PENDING_NEXT,
  PENDING_TRANSFER_METHOD_ACTION: PENDING_NEXT,
  PENDING_TRANSACTION_VERIFICATION: PENDING_NEXT,
  IN_PROGRESS: ['COMPLETED', 'FAILED', 'RETURNED'],
  UNCLAIMED: ['COMPLETED', 'RETURNED', 'EXPIRED'],
  COMPLETED: ['RETURNED', 'RECALLED'],
  FAILED: [],
  RECALLED: [],
  RETURNED: [],
  EXPIRED: [],
  CANCELLED: [],
};

/** Why an artist due money is held back from a run, and the words staff read. */
export const HOLD_REASONS = {
  no_payee: 'The artist has no payee details (no artist portal identity).',
  identity_not_activated: 'The payee identity is not ACTIVATED.',
  missing_tax_data: 'No tax form (W-9 or W-8BEN) on file.',
  no_default_account: 'No default payout account.',
  account_invalid: 'The payout account is INVALID.',
  account_deactivated: 'The payout account is DE_ACTIVATED.',
  below_minimum: `Below the minimum payout of $${(MINIMUM_PAYOUT_CENTS / 100).toFixed(2)}.`,
} as const;
export type HoldReason = keyof typeof HOLD_REASONS;

export const PAYOUT_MESSAGES = {
  nothingToPay: 'Nobody is due a payout: every artist due money is held back or already paid.',
  notReissuable: 'Only a FAILED, RETURNED, RECALLED, EXPIRED or CANCELLED payment is re-issued.',
  alreadyReissued: 'Its lines are already paid again or no longer due.',
  transition: 'An artist payment cannot move from this status to that one.',
} as const;

/**
 * The manual provider's bank-transfer file: one row per payment, in this order
 * (docs/payouts.md).
 */
export const BANK_FILE_COLUMNS = [
  'payment_token',
  'artist_name',
  'royalty_code',
  'payee_name',
  'payee_email',
  'account_type',
  'account_holder',
  'country',
  'routing_number',
  'account_number',
  'paypal_email',
  'venmo_account',
  'amount',
  'amount_cents',
  'currency',
  'reference',
] as const;
