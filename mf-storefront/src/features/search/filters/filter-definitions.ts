import {
  COLOURS,
  EXTERNAL_SOURCES,
  IMAGE_TYPES,
  INTERNAL_SOURCES,
  MINIMUM_SIZES,
  ORIENTATIONS,
  SUBSTRATES,
  type MinimumSize,
} from '@atelier/contracts';

/** The panel's title, also the name of the button that shows it and of its place. */
export const FILTERS_TITLE = 'Filters';

export interface FilterOption {
  value: string;
  label: string;
}

/** One section of the Filters panel: a URL key, its heading and its choices (SPEC §9). */
export interface FilterSection {
  key: string;
  title: string;
  /** many: any of the checked values; one: a single choice (radio). */
  choose: 'many' | 'one';
  options: readonly FilterOption[];
  /** Who sees the section: everyone, signed-in users, or staff. */
  audience: 'everyone' | 'signed-in' | 'staff';
  /** Whether the server counts this section's values (SEARCH_FACETS). */
  counted: boolean;
}

const plain = (values: readonly string[]): FilterOption[] =>
  values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));

const MINIMUM_SIZE_LABELS: Record<MinimumSize, string> = {
  all: 'All sizes',
  large: 'Large (3 MP+)',
  x_large: 'Extra large (12 MP+)',
  xx_large: 'Huge (16 MP+)',
};

/** The api filter's choices (SPEC §9); '' is no api param: one call over both. */
export const API_OPTIONS: readonly FilterOption[] = [
  { value: '', label: 'Internal plus external' },
  { value: 'internal', label: 'Internal' },
  { value: 'external', label: 'External' },
  { value: 'internal,external', label: 'Internal with indexed external' },
];

export const FILTER_SECTIONS: readonly FilterSection[] = [
  {
    key: 'favorites',
    title: 'Favorites',
    choose: 'many',
    options: [{ value: 'true', label: 'My favorites only' }],
    audience: 'signed-in',
    counted: false,
  },
  {
    key: 'image_type',
    title: 'Type',
    choose: 'many',
    options: plain(IMAGE_TYPES),
    audience: 'everyone',
    counted: true,
  },
  {
    key: 'colours',
    title: 'Colour',
    choose: 'many',
    options: plain(COLOURS),
    audience: 'everyone',
    counted: true,
  },
  {
    key: 'orientation',
    title: 'Orientation',
    choose: 'many',
    options: plain(ORIENTATIONS),
    audience: 'everyone',
    counted: true,
  },
  {
    key: 'substrate',
    title: 'Printable on',
    choose: 'many',
    options: plain(SUBSTRATES),
    audience: 'everyone',
    counted: true,
  },
  {
    key: 'price',
    title: 'Price',
    choose: 'many',
    options: ['1', '2', '3', '4'].map((value) => ({ value, label: '$'.repeat(Number(value)) })),
    audience: 'everyone',
    counted: true,
  },
  {
    key: 'minimum_size',
    title: 'Minimum size',
    choose: 'one',
    options: MINIMUM_SIZES.map((value) => ({ value, label: MINIMUM_SIZE_LABELS[value] })),
    audience: 'everyone',
    counted: true,
  },
  {
    key: 'people',
    title: 'People',
    choose: 'one',
    options: [
      { value: 'true', label: 'With people' },
      { value: 'false', label: 'Without people' },
    ],
    audience: 'everyone',
    counted: true,
  },
  {
    key: 'sources',
    title: 'Source',
    choose: 'many',
    options: [...INTERNAL_SOURCES, ...EXTERNAL_SOURCES].map((value) => ({ value, label: value })),
    audience: 'everyone',
    counted: true,
  },
];
