// Catalogue vocabulary of SPEC §9, as plain constants (no zod), shared by the server and
// the front ends.

/** Substrates a print can be made on (SPEC §9 search filter options). */
export const SUBSTRATES = [
  'print',
  'canvas',
  'aluminum',
  'acrylic',
  'acoustic panel',
  'mural',
  'window film',
  'gator board',
] as const;
export type Substrate = (typeof SUBSTRATES)[number];

export const ORIENTATIONS = ['vertical', 'horizontal', 'square', 'panoramic'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/**
 * Orientation from a picture's dimensions (pixels, or any two numbers in the same unit):
 * panoramic when the long side is at least twice the short side (either way round), square
 * when the long side is within 5 % of the short one, otherwise horizontal or vertical.
 * The SQL function `atelier_orientation` (migration 0003) is the same rule.
 */
export function orientationOf(width: number, height: number): Orientation {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long >= 2 * short) return 'panoramic';
  if (100 * long <= 105 * short) return 'square';
  return width > height ? 'horizontal' : 'vertical';
}

export const IMAGE_TYPES = ['fine art', 'photography'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Colour filter options; the first four are exclusive (SPEC §5). */
export const COLOURS = [
  'black and white',
  'neutral',
  'pastel',
  'pale',
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'white',
  'grey',
  'black',
  'brown',
  'gold',
  'cream',
  'beige',
  'tan',
] as const;
export type Colour = (typeof COLOURS)[number];

/** Search sort keys: Newest is the default (SPEC §9). */
export const SEARCH_SORTS = ['newest', 'best_match', 'popular'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  newest: 'Newest',
  best_match: 'Best Match',
  popular: 'Most popular',
};

/** Search page size: default 100 (SPEC §9), capped at 500 per request. */
export const SEARCH_DEFAULT_LIMIT = 100;
export const SEARCH_MAX_LIMIT = 500;
