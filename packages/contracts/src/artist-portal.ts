import { z } from 'zod';
import {
  ACCOUNT_NUMBER_INVALID,
  ACCOUNT_STATUSES,
  APPLICATION_LINKS_MAX,
  APPLICATION_STAGES,
  DECISION_MESSAGE_MAX_LENGTH,
  FEDERAL_TAX_CLASSIFICATIONS,
  IBAN_INVALID,
  IDENTITY_STATUSES,
  PAYMENT_ACCOUNT_TYPES,
  ROUTING_NUMBER_INVALID,
  SAMPLE_NOT_IMAGE,
  TIN_TYPES,
  isValidAccountNumber,
  isValidIban,
  isValidRoutingNumber,
  tinProblem,
} from './artist-rules';
import { pageOf } from './common';

const REQUIRED = 'This field is required.';
const NOT_BLANK = 'This field may not be blank.';
const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** A DRF CharField: trimmed, blank refused unless allowed, bounded. */
const text = (max: number, allowBlank = false) => {
  const base = z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : 'Not a valid string.') })
    .trim();
  return (allowBlank ? base : base.min(1, { error: NOT_BLANK })).max(max, { error: tooLong(max) });
};
const email = z
  .string({ error: (issue) => (issue.input === undefined ? REQUIRED : 'Not a valid string.') })
  .trim()
  .max(254, { error: tooLong(254) })
  .pipe(z.email({ error: 'Enter a valid email address.' }));
const url = z
  .string({ error: 'Not a valid string.' })
  .trim()
  .max(500, { error: tooLong(500) })
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter a valid URL.' }));
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined ? REQUIRED : `"${String(issue.input)}" is not a valid choice.`,
  });

const applicationStage = z.enum(APPLICATION_STAGES);

// ---------------------------------------------------------------- application

export const applicationInfoBody = z.object({
  full_name: text(200),
  email,
  practice: text(200),
  bio: text(5000),
  location: text(200, true).optional(),
  links: z
    .array(url)
    .max(APPLICATION_LINKS_MAX, { error: `At most ${APPLICATION_LINKS_MAX} links.` })
    .optional(),
});
export type ApplicationInfoBody = z.infer<typeof applicationInfoBody>;

/** A sample picture sent as base64 JSON (small pictures only; checked by content). */
export const sampleUploadBody = z.object({
  name: text(200),
  data: z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : SAMPLE_NOT_IMAGE) })
    .min(1, { error: SAMPLE_NOT_IMAGE })
    .max(3_000_000, { error: 'The picture is too large.' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: SAMPLE_NOT_IMAGE }),
});
export type SampleUploadBody = z.infer<typeof sampleUploadBody>;

const applicationSample = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  created: z.string(),
});

export const artistApplication = z.object({
  id: z.number().int().nullable(),
  stage: applicationStage.nullable(),
  full_name: z.string(),
  email: z.string(),
  practice: z.string(),
  bio: z.string(),
  location: z.string(),
  links: z.array(z.string()),
  samples: z.array(applicationSample),
  submitted_at: z.string().nullable(),
  decision: z.enum(['approved', 'declined']).nullable(),
  decision_message: z.string(),
  decided_at: z.string().nullable(),
});
export type ArtistApplication = z.infer<typeof artistApplication>;

/** Staff's review-queue filter: awaiting a decision, approved, declined. */
export const APPLICATION_REVIEW_STATES = ['pending', 'approved', 'declined'] as const;
export type ApplicationReviewState = (typeof APPLICATION_REVIEW_STATES)[number];

/** Staff's view of an application in the review list. */
export const staffApplication = artistApplication.extend({
  id: z.number().int(),
  user_uuid: z.string(),
});
export type StaffApplication = z.infer<typeof staffApplication>;
export const staffApplicationPage = pageOf(staffApplication);

export const decisionBody = z.object({
  decision: choice(['approve', 'decline'] as const),
  message: text(DECISION_MESSAGE_MAX_LENGTH, true).optional(),
});
export type DecisionBody = z.infer<typeof decisionBody>;

// ---------------------------------------------------------------- royalty

const royaltyLevel = z.object({
  id: z.number().int(),
  name: z.string(),
  rate_bp: z.number().int(),
  description: z.string(),
  is_default: z.boolean(),
});
export type RoyaltyLevel = z.infer<typeof royaltyLevel>;

export const royaltyAgreement = z.object({
  level: royaltyLevel,
  agreement: z.object({ version: z.string(), text: z.string() }),
  accepted_version: z.string().nullable(),
  accepted_at: z.string().nullable(),
});
export type RoyaltyAgreement = z.infer<typeof royaltyAgreement>;

export const royaltyAcceptBody = z.object({
  accept: z.literal(true, { error: 'You must accept the agreement.' }),
  version: text(40),
});

// ---------------------------------------------------------------- tax

const address = z.object({
  line1: text(200),
  line2: text(200, true).optional(),
  city: text(100),
  region: text(100, true).optional(),
  postal_code: text(20, true).optional(),
  country: text(2).regex(/^[A-Z]{2}$/, { error: 'Enter a two-letter country code.' }),
});

const w9 = z
  .object({
    form: z.literal('W-9'),
    legal_name: text(200),
    business_name: text(200, true).optional(),
    tax_classification: choice(
      FEDERAL_TAX_CLASSIFICATIONS.map((c) => c.value) as unknown as readonly [string, ...string[]],
    ),
    address,
    tin_type: choice(TIN_TYPES),
    tin: text(20),
    certify: z.literal(true, { error: 'You must certify the form.' }),
  })
  .superRefine((value, ctx) => {
    const problem = tinProblem(value.tin_type, value.tin);
    if (problem) ctx.addIssue({ code: 'custom', path: ['tin'], message: problem });
  });

const w8ben = z.object({
  form: z.literal('W-8BEN'),
  legal_name: text(200),
  country_of_citizenship: text(2).regex(/^[A-Z]{2}$/, {
    error: 'Enter a two-letter country code.',
  }),
  address,
  foreign_tin: text(40, true).optional(),
  date_of_birth: z.iso.date({ error: 'Enter a date as YYYY-MM-DD.' }),
  certify: z.literal(true, { error: 'You must certify the form.' }),
});

export const taxFormBody = z.discriminatedUnion('form', [w9, w8ben], {
  error: (issue) =>
    issue.input === undefined ? REQUIRED : 'Choose W-9 (US persons) or W-8BEN (others).',
});
export type TaxFormBody = z.infer<typeof taxFormBody>;

export const taxFormView = z.object({
  form: z.enum(['W-9', 'W-8BEN']),
  legal_name: z.string(),
  business_name: z.string(),
  tax_classification: z.string().nullable(),
  address: address,
  tin_type: z.enum(TIN_TYPES).nullable(),
  /** Never the whole number: the last four digits behind a mask. */
  tin_masked: z.string().nullable(),
  country_of_citizenship: z.string().nullable(),
  foreign_tin_masked: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  certified_at: z.string(),
});
export type TaxFormView = z.infer<typeof taxFormView>;

export const tinReveal = z.object({ tin_type: z.string().nullable(), tin: z.string() });
const tinRead = z.object({
  id: z.number().int(),
  reader_email: z.string(),
  created: z.string(),
});
export const tinReadPage = pageOf(tinRead);

// ---------------------------------------------------------------- payee

const identityStatus = z.enum(IDENTITY_STATUSES);
const accountStatus = z.enum(ACCOUNT_STATUSES);

/** SPEC §3 Artist identity. */
export const artistIdentity = z.object({
  token: z.string(),
  businessName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: identityStatus,
  createdOn: z.string(),
});
export type ArtistIdentity = z.infer<typeof artistIdentity>;
export const artistIdentityPage = pageOf(artistIdentity);

export const payeeBody = z.object({
  businessName: text(200, true).optional(),
  firstName: text(100),
  lastName: text(100),
  email,
});
export type PayeeBody = z.infer<typeof payeeBody>;

/** SPEC §3 Payment account, with the display key of its type. */
export const paymentAccount = z.object({
  token: z.string(),
  type: z.enum(PAYMENT_ACCOUNT_TYPES),
  default: z.boolean(),
  status: accountStatus,
  createdOn: z.string(),
  /** bank-accounts: masked account or IBAN. */
  bankAccountId: z.string().optional(),
  bankName: z.string().optional(),
  country: z.string().optional(),
  routingNumber: z.string().optional(),
  /** paypal-accounts. */
  email: z.string().optional(),
  /** venmo-accounts. */
  accountId: z.string().optional(),
});
export type PaymentAccount = z.infer<typeof paymentAccount>;

const usBank = z.object({
  type: z.literal('bank-accounts'),
  country: z.literal('US'),
  accountHolder: text(200),
  routingNumber: z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : ROUTING_NUMBER_INVALID) })
    .trim()
    .refine(isValidRoutingNumber, { error: ROUTING_NUMBER_INVALID }),
  accountNumber: z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : ACCOUNT_NUMBER_INVALID) })
    .trim()
    .refine(isValidAccountNumber, { error: ACCOUNT_NUMBER_INVALID }),
  default: z.boolean({ error: 'Must be a valid boolean.' }).optional(),
});
const ibanBank = z.object({
  type: z.literal('bank-accounts'),
  country: z.literal('IBAN'),
  accountHolder: text(200),
  iban: z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : IBAN_INVALID) })
    .max(50, { error: IBAN_INVALID })
    .refine(isValidIban, { error: IBAN_INVALID }),
  default: z.boolean({ error: 'Must be a valid boolean.' }).optional(),
});
const paypal = z.object({
  type: z.literal('paypal-accounts'),
  email,
  default: z.boolean({ error: 'Must be a valid boolean.' }).optional(),
});
const venmo = z.object({
  type: z.literal('venmo-accounts'),
  accountId: text(50).regex(/^@?[A-Za-z0-9_-]{5,30}$/, {
    error: 'Enter a Venmo username (5 to 30 letters, digits, - or _).',
  }),
  default: z.boolean({ error: 'Must be a valid boolean.' }).optional(),
});
/** A bank account is 'US' (routing + account number) or 'IBAN'. */
const bank = z.discriminatedUnion('country', [usBank, ibanBank], {
  error: (issue) => (issue.input === undefined ? REQUIRED : 'Choose US or IBAN.'),
});
export const paymentAccountBody = z.discriminatedUnion('type', [bank, paypal, venmo], {
  error: (issue) =>
    issue.input === undefined ? REQUIRED : `Choose one of ${PAYMENT_ACCOUNT_TYPES.join(', ')}.`,
});
export type PaymentAccountBody = z.infer<typeof paymentAccountBody>;

export const payee = z.object({
  identity: artistIdentity.nullable(),
  accounts: z.array(paymentAccount),
});
export type Payee = z.infer<typeof payee>;

export const statusTransition = z.object({
  token: z.string(),
  fromStatus: z.string().nullable(),
  transitionTo: z.string(),
  notes: z.string(),
  createdOn: z.string(),
});
export type StatusTransition = z.infer<typeof statusTransition>;

export const statusChangeBody = z.object({
  transitionTo: z.string({ error: REQUIRED }).min(1, { error: NOT_BLANK }).max(40),
  notes: text(1000, true).optional(),
});

// ---------------------------------------------------------------- art and profile

const artistArtwork = z.object({
  id: z.number().int(),
  title: z.string(),
  local_id: z.string(),
  thumb: z.string(),
  published: z.boolean(),
  created: z.string(),
  orders: z.number().int(),
  prints_sold: z.number().int(),
  royalties: z.number().int(),
});
export type ArtistArtwork = z.infer<typeof artistArtwork>;

export const artistArtPage = pageOf(artistArtwork).extend({
  totals: z.object({
    orders: z.number().int(),
    prints_sold: z.number().int(),
    royalties: z.number().int(),
  }),
});
export type ArtistArtPage = z.infer<typeof artistArtPage>;

const artworkSale = z.object({
  order_id: z.number().int(),
  created: z.string(),
  width: z.number(),
  height: z.number(),
  substrate: z.string(),
  quantity: z.number().int(),
  royalty_rate_bp: z.number().int(),
  royalty: z.number().int(),
});
export type ArtworkSale = z.infer<typeof artworkSale>;

export const artistArtworkDetail = artistArtwork.extend({
  caption: z.string(),
  max_width: z.number().int(),
  max_height: z.number().int(),
  sales: z.array(artworkSale),
});
export type ArtistArtworkDetail = z.infer<typeof artistArtworkDetail>;

export const artistOwnProfile = z.object({
  id: z.number().int(),
  full_name: z.string(),
  photo: z.string().nullable(),
  bio: z.string(),
  email: z.string(),
  location: z.string(),
  approved: z.boolean(),
  artist: z.object({ id: z.number().int(), name: z.string(), royalty_code: z.string() }).nullable(),
});
export type ArtistOwnProfile = z.infer<typeof artistOwnProfile>;

export const artistProfileEditBody = z.object({
  full_name: text(200),
  bio: text(5000, true).optional(),
  location: text(200, true).optional(),
  /** A new photo as base64 (JPEG, PNG or WebP); absent: unchanged. */
  photo: sampleUploadBody.shape.data.optional(),
});
export type ArtistProfileEditBody = z.infer<typeof artistProfileEditBody>;

/** The public artist page of a catalogue artist (the storefront's artist link). */
export const artistPublicPage = z.object({
  artist: z.object({ id: z.number().int(), name: z.string(), royalty_code: z.string() }),
  full_name: z.string(),
  photo: z.string().nullable(),
  bio: z.string(),
  location: z.string(),
});
export type ArtistPublicPage = z.infer<typeof artistPublicPage>;
