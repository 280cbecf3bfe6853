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

/** Search page size: default 100 (SPEC §9), at most 1000 per request. */
export const SEARCH_DEFAULT_LIMIT = 100;
export const SEARCH_MAX_LIMIT = 1000;
/** Results reachable by paging: offset + limit may not go past it ('Result window is too large'). */
export const SEARCH_RESULT_WINDOW = 10_000;

/** The exclusive tonal groups among COLOURS (SPEC §5): one of them, or any named colours. */
export const TONAL_COLOURS = ['black and white', 'neutral', 'pastel', 'pale'] as const;

/** minimum_size filter (SPEC §9): 'all', or at least 3, 12 or 16 megapixels. */
export const MINIMUM_SIZES = ['all', 'large', 'x_large', 'xx_large'] as const;
export type MinimumSize = (typeof MINIMUM_SIZES)[number];
export const MINIMUM_SIZE_MEGAPIXELS: Record<MinimumSize, number> = {
  all: 0,
  large: 3,
  x_large: 12,
  xx_large: 16,
};

/** The search's api parameter: our own catalogue, external stock; absent for both. */
export const SEARCH_APIS = ['internal', 'external'] as const;
export type SearchApi = (typeof SEARCH_APIS)[number];

/** Filter dimensions that get facet counts, as the search response names them. */
export const SEARCH_FACETS = [
  'image_type',
  'people',
  'colours',
  'orientation',
  'substrate',
  'price',
  'minimum_size',
  'sources',
] as const;
export type SearchFacet = (typeof SEARCH_FACETS)[number];

/** Related images (SPEC §9): up to 5, the first being the image itself. */
export const RELATED_IMAGES_LIMIT = 5;
