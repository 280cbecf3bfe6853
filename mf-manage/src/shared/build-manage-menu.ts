import type { ApiRoot } from '@atelier/contracts';

export interface ManageMenuEntry {
  key: string;
  label: string;
  href: string;
}

/** SPEC §2: the API root's types except these. */
const HIDDEN_TYPES = new Set(['sample-image', 'artist-payment']);
/** API types that a fixed screen below already lists (/manage/image lists every image). */
const COVERED_TYPES = new Set(['images']);
const EXTRA_ENTRIES: ManageMenuEntry[] = [
  // Staff review screens (features/review-routes.tsx); their lists are not in the API root.
  { key: 'artist-application', label: 'Artist Applications', href: '/manage/artist-application' },
  { key: 'upload', label: 'Uploads', href: '/manage/upload' },
  { key: 'artist-identity', label: 'Artist Identities', href: '/manage/artist-identity' },
  { key: 'payment-due', label: 'Payments Due', href: '/manage/payment-due' },
  { key: 'artist-payment', label: 'Artist Payments', href: '/manage/artist-payment' },
  { key: 'image', label: 'Images', href: '/manage/image' },
  { key: 'royalty-levels', label: 'Royalty Levels', href: '/manage/royalty-levels' },
  { key: 'tax-reporting', label: 'Tax Reporting', href: '/manage/tax-reporting' },
  { key: 'support', label: 'Support', href: '/manage/support' },
];

/** The API type behind a manage screen (the same name unless listed here). */
const API_TYPES: Record<string, string> = {};

export const apiTypeOf = (type: string): string => API_TYPES[type] ?? type;

/** 'artist-identity' → 'Artist Identity'. */
export const entityLabel = (type: string): string =>
  type
    .split(/[-_]/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

/** Types whose names are not a singular noun plus 's'. */
const PLURALS: Readonly<Record<string, string>> = {
  'payment-due': 'Payments Due',
  'tax-reporting': 'Tax Reporting',
};
const SINGULARS: Readonly<Record<string, string>> = {
  'payment-due': 'Payment Due',
  'tax-reporting': 'Tax Report',
};

const pluralOf = (word: string): string =>
  /[^aeiou]y$/i.test(word)
    ? `${word.slice(0, -1)}ies`
    : /(s|x|z|ch|sh)$/i.test(word)
      ? `${word}es`
      : `${word}s`;

/** A type already named in the plural (collections, royalty-levels, images). */
const isPlural = (type: string) => /[^su]s$/.test(type);

/** The list's title: 'Artist Identities', 'Payments Due', 'Collections'. */
export function pluralTitle(type: string): string {
  if (PLURALS[type]) return PLURALS[type];
  const label = entityLabel(type);
  if (isPlural(type)) return label;
  const words = label.split(' ');
  words[words.length - 1] = pluralOf(words.at(-1) ?? '');
  return words.join(' ');
}

/** One entity's kind: 'Collection', 'Artist Identity', 'Royalty Level'. */
export function singularTitle(type: string): string {
  if (SINGULARS[type]) return SINGULARS[type];
  const label = entityLabel(type);
  return isPlural(type) ? label.slice(0, -1) : label;
}

/** The manage menu: every entity type the API root reports, then the fixed screens. */
export function buildManageMenu(root: ApiRoot): ManageMenuEntry[] {
  const fixed = new Set(EXTRA_ENTRIES.map((entry) => entry.key));
  const fromApi = Object.keys(root)
    .filter((type) => !HIDDEN_TYPES.has(type) && !fixed.has(type) && !COVERED_TYPES.has(type))
    .sort()
    .map((type) => ({ key: type, label: pluralTitle(type), href: `/manage/${type}` }));
  return [...fromApi, ...EXTRA_ENTRIES];
}

/**
 * The menu key of a manage path: its first segment only, so that query parameters (the
 * column-display one among them) and deeper routes never change which entry is selected.
 */
export const menuKeyOf = (pathname: string): string => pathname.split('/')[2] ?? '';
