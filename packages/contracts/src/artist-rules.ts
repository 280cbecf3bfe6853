/**
 * The artist portal's rules shared by the server and mf-artist. No zod here: front ends
 * import this file alone (zod's Function('') probe trips the storefront's CSP).
 */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/**
 * A profile's application_stage, in the order an artist walks them (docs/artist-portal.md).
 * null: never applied. 'payment' is the last: onboarding is complete (SPEC §3).
 */
export const APPLICATION_STAGES = [
  'sample',
  'applied',
  'declined',
  'royalty',
  'tax',
  'payee',
  'payment',
] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

/** The stage in which the applicant may still change the application (or none yet). */
export const EDITABLE_APPLICATION_STAGE: ApplicationStage = 'sample';
/** Stages of an approved artist (onboarding or done). */
export const APPROVED_STAGES: readonly ApplicationStage[] = ['royalty', 'tax', 'payee', 'payment'];

/** Answered to a declined applicant who tries to apply again (server 400 and the apply screens). */
export const APPLICATION_DECLINED =
  'Your application was declined, and an account can apply only once. The curators’ message is on your artist message page.';

export const SAMPLES_MIN = 3;
export const SAMPLES_MAX = 10;
/** A sample is a small picture: bytes and pixels (a guard against decompression bombs). */
export const SAMPLE_MAX_BYTES = 2 * 1024 * 1024;
export const SAMPLE_MAX_PIXELS = 40_000_000;
/** An artist photo has the same byte limit as a sample. */
export const ARTIST_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const APPLICATION_LINKS_MAX = 5;
export const DECISION_MESSAGE_MAX_LENGTH = 2000;

export const SAMPLES_COUNT_MESSAGE = `Send between ${SAMPLES_MIN} and ${SAMPLES_MAX} sample pictures.`;
export const SAMPLE_NOT_IMAGE = 'Upload a JPEG, PNG or WebP picture.';
export const SAMPLE_TOO_LARGE = `The picture is larger than ${SAMPLE_MAX_BYTES / 1024 / 1024} MB.`;
export const SAMPLE_TOO_MANY_PIXELS = `The picture has more than ${SAMPLE_MAX_PIXELS / 1_000_000} million pixels.`;

/** SPEC §3 Artist identity statuses (the payout provider's user model). */
export const IDENTITY_STATUSES = [
  'PRE_ACTIVATED',
  'ACTIVATED',
  'LOCKED',
  'FROZEN',
  'DE_ACTIVATED',
] as const;
/** SPEC §3 Payment account statuses. */
export const ACCOUNT_STATUSES = ['ACTIVATED', 'VERIFIED', 'INVALID', 'DE_ACTIVATED'] as const;

/** SPEC §2 artist-identity/:token/:type. */
export const PAYMENT_ACCOUNT_TYPES = [
  'bank-accounts',
  'paypal-accounts',
  'venmo-accounts',
] as const;
export type PaymentAccountType = (typeof PAYMENT_ACCOUNT_TYPES)[number];

export const TAX_FORMS = ['W-9', 'W-8BEN'] as const;

/** The W-9's line 3a choices. */
export const FEDERAL_TAX_CLASSIFICATIONS = [
  { value: 'individual', label: 'Individual / sole proprietor or single-member LLC' },
  { value: 'c_corporation', label: 'C corporation' },
  { value: 's_corporation', label: 'S corporation' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'trust_estate', label: 'Trust / estate' },
  { value: 'llc', label: 'Limited liability company' },
  { value: 'other', label: 'Other' },
] as const;

export const TIN_TYPES = ['SSN', 'EIN'] as const;
export type TinType = (typeof TIN_TYPES)[number];

export const TIN_SSN_INVALID = 'Enter a valid SSN (9 digits, e.g. 123-45-6789).';
export const TIN_EIN_INVALID = 'Enter a valid EIN (9 digits, e.g. 12-3456789).';
export const ROUTING_NUMBER_INVALID = 'Enter a valid 9-digit ABA routing number.';
export const IBAN_INVALID = 'Enter a valid IBAN.';
export const ACCOUNT_NUMBER_INVALID = 'Enter the account number (4 to 17 digits).';

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/**
 * An SSN by the SSA's rules: 9 digits, area not 000, 666 or 9xx, group not 00, serial not 0000.
 */
export function isValidSsn(value: string): boolean {
  const digits = digitsOf(value);
  if (!/^\d{9}$/.test(digits)) return false;
  const area = digits.slice(0, 3);
  return (
    area !== '000' &&
    area !== '666' &&
    !area.startsWith('9') &&
    digits.slice(3, 5) !== '00' &&
    digits.slice(5) !== '0000'
  );
}

/** The IRS's valid EIN prefixes (the campus codes). */
const EIN_PREFIXES = new Set(
  (
    '01 02 03 04 05 06 10 11 12 13 14 15 16 20 21 22 23 24 25 26 27 30 31 32 33 34 35 36 37 38 ' +
    '39 40 41 42 43 44 45 46 47 48 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 71 ' +
    '72 73 74 75 76 77 80 81 82 83 84 85 86 87 88 90 91 92 93 94 95 98 99'
  ).split(' '),
);

/** An EIN: 9 digits whose first two are a prefix the IRS assigns. */
export function isValidEin(value: string): boolean {
  const digits = digitsOf(value);
  return /^\d{9}$/.test(digits) && EIN_PREFIXES.has(digits.slice(0, 2));
}

/** The TIN's message for its type, or null when it is valid. */
export function tinProblem(type: TinType, value: string): string | null {
  if (type === 'SSN') return isValidSsn(value) ? null : TIN_SSN_INVALID;
  return isValidEin(value) ? null : TIN_EIN_INVALID;
}

/** Digits only, as stored (encrypted) and as the last four are taken from. */
export const normalizeTin = digitsOf;

/** What any API answers for a TIN: never whole, the last four only. */
export function maskTin(type: TinType | null, lastFour: string): string {
  if (type === 'EIN') return `**-***${lastFour}`;
  return `***-**-${lastFour}`;
}

/** An ABA routing number: 9 digits with the 3-7-1 weighted check digit. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum =
    3 * ((d[0] ?? 0) + (d[3] ?? 0) + (d[6] ?? 0)) +
    7 * ((d[1] ?? 0) + (d[4] ?? 0) + (d[7] ?? 0)) +
    ((d[2] ?? 0) + (d[5] ?? 0) + (d[8] ?? 0));
  return sum % 10 === 0 && value !== '000000000';
}

/** An IBAN as typed (spaces, lower case) checked by ibantools (country format, mod-97). */
export function isValidIban(value: string): boolean {
  const electronic = electronicFormatIBAN(value);
  return electronic !== null && isValidIBAN(electronic);
}

/** The IBAN without spaces, upper case. */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? value;
}

/** A US account number: 4 to 17 digits. */
export function isValidAccountNumber(value: string): boolean {
  return /^\d{4,17}$/.test(value);
}

/** Basis points as a percentage label: 2500 → '25%'. */
export function formatRate(rateBp: number): string {
  return `${(rateBp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}
