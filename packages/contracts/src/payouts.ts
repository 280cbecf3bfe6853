import { z } from 'zod';
import { paymentAccount } from './artist-portal';
import { pageOf } from './common';
import { ARTIST_PAYMENT_STATUSES, HOLD_REASONS, PAYOUT_PROVIDERS } from './payouts-constants';

const cents = z.number().int();
const holdReason = z.enum(Object.keys(HOLD_REASONS) as [keyof typeof HOLD_REASONS]);
const artistPaymentStatus = z.enum(ARTIST_PAYMENT_STATUSES);

/** An artist as money out names them. */
const payoutArtist = z.object({
  id: z.number().int(),
  name: z.string(),
  royalty_code: z.string(),
});

/** SPEC §2 payment-due: what one artist has earned on paid orders and not been paid yet. */
const paymentDue = z.object({
  /** The artist's id (the row's key: /manage/payment-due/:id). */
  id: z.number().int(),
  artist: z.string(),
  royalty_code: z.string(),
  /** Integer cents. */
  amount: cents,
  lines: z.number().int(),
  /** The oldest order behind the figure. */
  oldest: z.string(),
});
export type PaymentDue = z.infer<typeof paymentDue>;
export const paymentDuePage = pageOf(paymentDue);

/** One order line behind a figure (due, or paid by an artist payment). */
const payoutLine = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  image_title: z.string(),
  image_local_id: z.string(),
  thumb: z.string(),
  ordered: z.string(),
  order_status: z.string(),
  quantity: z.number().int(),
  line_total: cents,
  royalty: cents,
});
export type PayoutLine = z.infer<typeof payoutLine>;
export const payoutLinePage = pageOf(payoutLine);

export const paymentDueDetail = paymentDue.extend({ lines_page: payoutLinePage });
export type PaymentDueDetail = z.infer<typeof paymentDueDetail>;

/** Who a payout is sent to: the payee and the account's display key (numbers masked). */
const payoutAccount = z.object({
  token: z.string(),
  type: paymentAccount.shape.type,
  status: paymentAccount.shape.status,
  display: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccount>;

const previewPayment = z.object({
  artist: payoutArtist,
  payee: z.string(),
  account: payoutAccount,
  amount: cents,
  lines: z.number().int(),
});
const heldBack = z.object({
  artist: payoutArtist,
  amount: cents,
  lines: z.number().int(),
  reason: holdReason,
  reason_text: z.string(),
});
export type HeldBack = z.infer<typeof heldBack>;

/** What a run would do now: who is paid how much, who is held back and why. */
export const payoutPreview = z.object({
  provider: z.enum(PAYOUT_PROVIDERS),
  minimum: cents,
  total: cents,
  held_total: cents,
  payments: z.array(previewPayment),
  held: z.array(heldBack),
});
export type PayoutPreview = z.infer<typeof payoutPreview>;

export const payoutRunBody = z
  .object({
    provider: z
      .enum(PAYOUT_PROVIDERS, { error: `Choose one of ${PAYOUT_PROVIDERS.join(', ')}.` })
      .optional(),
  })
  .strict();

/** SPEC §2 artist-payment. */
export const artistPayment = z.object({
  token: z.string(),
  status: artistPaymentStatus,
  amount: cents,
  currency: z.literal('USD'),
  artist: payoutArtist,
  payee: z.string(),
  account: payoutAccount.nullable(),
  run: z.string(),
  provider: z.string(),
  lines: z.number().int(),
  reissue_of: z.string().nullable(),
  reissued_by: z.string().nullable(),
  /** A released payment whose lines are still due: POST …/reissue/ pays them again. */
  reissuable: z.boolean(),
  notes: z.string(),
  created_on: z.string(),
  modified: z.string(),
  completed_on: z.string().nullable(),
});
export type ArtistPayment = z.infer<typeof artistPayment>;
export const artistPaymentPage = pageOf(artistPayment);

export const payoutRun = z.object({
  token: z.string(),
  provider: z.string(),
  created_on: z.string(),
  created_by: z.string().nullable(),
  payment_count: z.number().int(),
  total: cents,
  payments: z.array(artistPayment),
  /** The manual provider's bank-transfer file (CSV). */
  bank_file: z.string().nullable(),
});
export type PayoutRun = z.infer<typeof payoutRun>;
/** An executed run, with who was held back from it then. */
export const payoutRunResult = payoutRun.extend({ held: z.array(heldBack) });
export type PayoutRunResult = z.infer<typeof payoutRunResult>;
const payoutRunSummary = payoutRun.omit({ payments: true });
/** A run as the runs list shows it: without its payments. */
export type PayoutRunSummary = z.infer<typeof payoutRunSummary>;
export const payoutRunPage = pageOf(payoutRunSummary);

export const paymentStatusBody = z.object({
  transitionTo: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'This field is required.' : 'Not a valid string.',
    })
    .min(1, { error: 'This field may not be blank.' })
    .max(40, { error: 'Ensure this field has no more than 40 characters.' }),
  notes: z
    .string({ error: 'Not a valid string.' })
    .trim()
    .max(1000, { error: 'Ensure this field has no more than 1000 characters.' })
    .optional(),
});
export type PaymentStatusBody = z.infer<typeof paymentStatusBody>;
