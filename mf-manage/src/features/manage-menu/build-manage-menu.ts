import type { ApiRoot } from '@atelier/contracts';

export interface ManageMenuEntry {
  key: string;
  label: string;
  href: string;
}

/** SPEC §2: the API root's types except these. */
const HIDDEN_TYPES = new Set(['sample-image', 'artist-payment']);
/** API types that a fixed screen below already lists. */
const COVERED_TYPES = new Set(['images']);
const EXTRA_ENTRIES: ManageMenuEntry[] = [
  { key: 'payment-due', label: 'Payments Due', href: '/manage/payment-due' },
  { key: 'artist-payment', label: 'Artist Payments', href: '/manage/artist-payment' },
  { key: 'image', label: 'Images', href: '/manage/image' },
  { key: 'royalty-levels', label: 'Royalty Levels', href: '/manage/royalty-levels' },
  { key: 'support', label: 'Support', href: '/manage/support' },
];

/** Screens whose route name differs from their API type. */
const API_TYPES: Record<string, string> = { image: 'images' };

/** The API type behind a manage screen: /manage/image lists /api/images/. */
export const apiTypeOf = (type: string): string => API_TYPES[type] ?? type;

export const entityLabel = (type: string): string =>
  type
    .split(/[-_]/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

/** The manage menu: every entity type the API root reports, then the fixed screens. */
export function buildManageMenu(root: ApiRoot): ManageMenuEntry[] {
  const fixed = new Set(EXTRA_ENTRIES.map((entry) => entry.key));
  const fromApi = Object.keys(root)
    .filter((type) => !HIDDEN_TYPES.has(type) && !fixed.has(type) && !COVERED_TYPES.has(type))
    .sort()
    .map((type) => ({ key: type, label: entityLabel(type), href: `/manage/${type}` }));
  return [...fromApi, ...EXTRA_ENTRIES];
}
