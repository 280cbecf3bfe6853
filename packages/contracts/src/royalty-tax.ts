import { z } from 'zod';
import { TAX_FORMS } from './artist-rules';
import { pageOf } from './common';

/**
 * Royalty levels with effective-dated rates, and tax reporting per calendar year
 * (docs/royalty-levels-and-tax.md).
 */

const REQUIRED = 'This field is required.';
const NOT_BLANK = 'This field may not be blank.';
const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
const text = (max: number, allowBlank = false) => {
  const base = z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : 'Not a valid string.') })
    .trim();
  return (allowBlank ? base : base.min(1, { error: NOT_BLANK })).max(max, { error: tooLong(max) });
};

// ---------------------------------------------------------------- royalty levels

/** 2750 basis points → 27.5 (per cent). */
export const bpToPercent = (bp: number): number => bp / 100;
/** 27.5 per cent → 2750 basis points. */
export const percentToBp = (percent: number): number => Math.round(percent * 100);

const RATE_MAX_PERCENT = 100;
const RATE_TOO_PRECISE = 'Ensure that there are no more than 2 decimal places.';
export const EFFECTIVE_IN_PAST =
  'A rate cannot take effect before today (UTC): royalties already earned keep their rate.';

const isoDate = z.iso.date({
  error: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
});

export const royaltyLevelRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The rate new sales use today, in per cent (2 decimals) and basis points. */
  rate_percent: z.number(),
  rate_bp: z.number().int(),
  /** The day (UTC) the current rate took effect. */
  effective_from: z.string(),
  /** A rate change scheduled for a later day, if any. */
  next_rate_percent: z.number().nullable(),
  next_effective_from: z.string().nullable(),
  artist_count: z.number().int(),
  description: z.string(),
  is_default: z.boolean(),
  created: z.string(),
  modified: z.string(),
});
export type RoyaltyLevelRecord = z.infer<typeof royaltyLevelRecord>;
export const royaltyLevelRecordPage = pageOf(royaltyLevelRecord);

export const royaltyLevelInput = z.object({
  name: text(100),
  rate_percent: z
    .number({ error: 'A valid number is required.' })
    .min(0, { error: 'Ensure this value is greater than or equal to 0.' })
    .max(RATE_MAX_PERCENT, {
      error: `Ensure this value is less than or equal to ${RATE_MAX_PERCENT}.`,
    })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: RATE_TOO_PRECISE,
    }),
  /** From which day (UTC) a changed rate applies to new sales; today when left out. */
  rate_effective_from: isoDate.nullish(),
  description: text(1000, true).optional(),
  is_default: z.boolean({ error: 'Must be a valid boolean.' }).optional(),
});
export type RoyaltyLevelInput = z.infer<typeof royaltyLevelInput>;

const royaltyLevelRate = z.object({
  id: z.number().int(),
  rate_percent: z.number(),
  rate_bp: z.number().int(),
  effective_from: z.string(),
  /** past: replaced by a later rate; current: what new sales use; scheduled: from a later day. */
  state: z.enum(['past', 'current', 'scheduled']),
  created: z.string(),
});
export type RoyaltyLevelRate = z.infer<typeof royaltyLevelRate>;
export const royaltyLevelRatePage = pageOf(royaltyLevelRate);

// ---------------------------------------------------------------- tax reporting

/**
 * The 1099-NEC reporting threshold per calendar year of payment, in cents. $600 for payments
 * through 2025; $2,000 for payments made from 2026 (the One Big Beautiful Bill Act),
 * indexed for inflation after 2026: later years come from TAX_1099_THRESHOLDS. A year
 * past the table and the configuration uses the latest year known before it.
 */
export const TAX_REPORTING_THRESHOLDS: Readonly<Record<number, number>> = {
  2025: 60_000,
  2026: 200_000,
};
/** Years before the table's first use its first amount ($600 has applied since 1982). */
const TAX_THRESHOLD_BEFORE_TABLE_CENTS = 60_000;

const TAX_YEAR_MIN = 2000;
const TAX_YEAR_MAX = 2100;

export type ThresholdSource = 'table' | 'configured' | 'carried forward';

/** The threshold of `year` and where it comes from. */
export function reportingThreshold(
  year: number,
  configured: Readonly<Record<number, number>> = {},
): { cents: number; source: ThresholdSource; from_year: number | null } {
  if (configured[year] !== undefined)
    return { cents: configured[year], source: 'configured', from_year: year };
  if (TAX_REPORTING_THRESHOLDS[year] !== undefined)
    return { cents: TAX_REPORTING_THRESHOLDS[year], source: 'table', from_year: year };
  const known = { ...TAX_REPORTING_THRESHOLDS, ...configured };
  const earlier = Object.keys(known)
    .map(Number)
    .filter((y) => y < year)
    .sort((a, b) => b - a);
  if (earlier.length === 0)
    return { cents: TAX_THRESHOLD_BEFORE_TABLE_CENTS, source: 'table', from_year: null };
  return { cents: known[earlier[0]!]!, source: 'carried forward', from_year: earlier[0]! };
}

/**
 * TAX_1099_THRESHOLDS: `2027=2100.00,2028=2150` (year=dollars). Answers year → cents, or
 * throws an Error naming the bad entry.
 */
export function parseThresholds(value: string): Record<number, number> {
  const result: Record<number, number> = {};
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const match = /^(\d{4})\s*=\s*\$?(\d{1,9})(?:\.(\d{1,2}))?$/.exec(entry);
    if (!match) throw new Error(`"${entry}" is not year=dollars (e.g. 2027=2100.00)`);
    const year = Number(match[1]);
    if (year < TAX_YEAR_MIN || year > TAX_YEAR_MAX)
      throw new Error(`"${entry}": the year must be ${TAX_YEAR_MIN}–${TAX_YEAR_MAX}`);
    if (result[year] !== undefined) throw new Error(`"${entry}": ${year} is given twice`);
    result[year] = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  }
  return result;
}

const taxReportRow = z.object({
  artist_id: z.number().int(),
  artist_name: z.string(),
  artist_profile_id: z.number().int().nullable(),
  /** The legal name on the tax form, else the payee identity's name, else the artist's. */
  payee_name: z.string(),
  business_name: z.string(),
  total_paid: z.number().int(),
  payment_count: z.number().int(),
  over_threshold: z.boolean(),
  form: z.enum(TAX_FORMS).nullable(),
  tin_type: z.string().nullable(),
  /** ***-**-1234 (SSN), **-***1234 (EIN), ****1234 (foreign); never the whole number. */
  tin_masked: z.string().nullable(),
  /** A W-9 payee paid at least the threshold: a 1099-NEC is due. */
  form_1099_due: z.boolean(),
});
export type TaxReportRow = z.infer<typeof taxReportRow>;

const taxExport = z.object({
  id: z.number().int(),
  year: z.number().int(),
  kind: z.enum(['masked', 'full_tin']),
  row_count: z.number().int(),
  created_by: z.string(),
  created: z.string(),
});
export type TaxExport = z.infer<typeof taxExport>;

export const taxReportPage = pageOf(taxReportRow).extend({
  year: z.number().int(),
  threshold: z.number().int(),
  threshold_source: z.enum(['table', 'configured', 'carried forward']),
  threshold_from_year: z.number().int().nullable(),
  /** Payments count in the calendar year of completed_on, in UTC. */
  time_zone: z.literal('UTC'),
  over_threshold_count: z.number().int(),
  total_paid: z.number().int(),
  exports: z.array(taxExport),
});
export type TaxReportPage = z.infer<typeof taxReportPage>;

const taxPayment = z.object({
  id: z.number().int(),
  token: z.string(),
  amount: z.number().int(),
  status: z.string(),
  created_on: z.string(),
  completed_on: z.string().nullable(),
  /** COMPLETED in the year: part of the total. */
  counted: z.boolean(),
});
export type TaxPayment = z.infer<typeof taxPayment>;

export const taxReportDetail = taxReportRow.extend({
  year: z.number().int(),
  threshold: z.number().int(),
  payments: z.array(taxPayment),
});
export type TaxReportDetail = z.infer<typeof taxReportDetail>;

/** The year of a report: last calendar year when left out. */
export const taxYearParam = z.coerce
  .number({ error: 'A valid integer is required.' })
  .int({ error: 'A valid integer is required.' })
  .min(TAX_YEAR_MIN, { error: `Ensure this value is greater than or equal to ${TAX_YEAR_MIN}.` })
  .max(TAX_YEAR_MAX, { error: `Ensure this value is less than or equal to ${TAX_YEAR_MAX}.` });

export const fullTinExportBody = z.object({
  year: z
    .number({ error: 'A valid integer is required.' })
    .int({ error: 'A valid integer is required.' })
    .min(TAX_YEAR_MIN, { error: `Ensure this value is greater than or equal to ${TAX_YEAR_MIN}.` })
    .max(TAX_YEAR_MAX, { error: `Ensure this value is less than or equal to ${TAX_YEAR_MAX}.` }),
  confirm: z.literal(true, { error: 'Confirm that this export is recorded.' }),
});

/** The columns of the 1099-NEC CSV, in order. */
export const FORM_1099_NEC_COLUMNS = [
  'tax_year',
  'payer_name',
  'payer_tin',
  'payer_address',
  'recipient_name',
  'recipient_business_name',
  'recipient_tin_type',
  'recipient_tin',
  'recipient_address_line1',
  'recipient_address_line2',
  'recipient_city',
  'recipient_state',
  'recipient_postal_code',
  'recipient_country',
  'box1_nonemployee_compensation',
  'artist_id',
] as const;
