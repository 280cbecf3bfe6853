/**
 * Search tags: each filterable value of an image as a small integer, <base> + <1-based
 * position>, computed here and only here (`tagsOf`) from the row the indexer reads. The
 * lists are written out rather than taken from the contracts, so that reordering a
 * vocabulary never renumbers a tag; tags.int.test.ts checks them against the contracts'
 * vocabulary.
 */

export const TAG_DIMENSIONS = {
  image_type: { base: 100, values: ['fine art', 'photography'] },
  people: { base: 200, values: ['false', 'true'] },
  orientation: { base: 300, values: ['vertical', 'horizontal', 'square', 'panoramic'] },
  price: { base: 400, values: ['1', '2', '3', '4'] },
  /** Megapixel class: 0 under 3 MP, 1 large, 2 x_large, 3 xx_large. */
  size: { base: 500, values: ['0', '1', '2', '3'] },
  sources: {
    base: 600,
    values: ['GAA', 'BJOR', 'DOM', 'WAG', 'MCG', 'BR', 'GI', 'POE', 'BUR', 'PIN', 'GET', 'GETRM'],
  },
  colours: {
    base: 700,
    values: [
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
    ],
  },
  substrate: {
    base: 800,
    values: [
      'print',
      'canvas',
      'aluminum',
      'acrylic',
      'acoustic panel',
      'mural',
      'window film',
      'gator board',
    ],
  },
} as const satisfies Record<string, { base: number; values: readonly string[] }>;

export type TagDimension = keyof typeof TAG_DIMENSIONS;
export const TAG_DIMENSION_NAMES = Object.keys(TAG_DIMENSIONS) as TagDimension[];

/** The tag of a value; undefined for a value the dimension does not have. */
export function tagCode(dimension: TagDimension, value: string): number | undefined {
  const { base, values } = TAG_DIMENSIONS[dimension];
  const index = (values as readonly string[]).indexOf(value);
  return index < 0 ? undefined : base + index + 1;
}

const DECODED = new Map<number, { dimension: TagDimension; value: string }>();
for (const dimension of TAG_DIMENSION_NAMES) {
  for (const value of TAG_DIMENSIONS[dimension].values) {
    DECODED.set(tagCode(dimension, value) as number, { dimension, value });
  }
}

export function decodeTag(code: number): { dimension: TagDimension; value: string } | undefined {
  return DECODED.get(code);
}

/** Megapixel class of a master: 0 under 3 MP, 1 large, 2 x_large (12 MP+), 3 xx_large (16 MP+). */
function sizeClass(width: number, height: number): number {
  const pixels = width * height;
  return pixels >= 16_000_000 ? 3 : pixels >= 12_000_000 ? 2 : pixels >= 3_000_000 ? 1 : 0;
}

/** The columns of `images` an image's tags are made of. */
export interface TaggedColumns {
  image_type: string;
  people: boolean;
  orientation: string;
  price: number;
  max_width: number;
  max_height: number;
  source: string;
  colours: readonly string[];
  substrates: readonly string[];
}

/** An image's tags: one per filterable value it has (values no dimension knows are left out). */
export function tagsOf(row: TaggedColumns): number[] {
  const tags = [
    tagCode('image_type', row.image_type),
    tagCode('people', String(row.people)),
    tagCode('orientation', row.orientation),
    tagCode('price', String(row.price)),
    tagCode('size', String(sizeClass(row.max_width, row.max_height))),
    tagCode('sources', row.source),
    ...row.colours.map((colour) => tagCode('colours', colour)),
    ...row.substrates.map((substrate) => tagCode('substrate', substrate)),
  ];
  return tags.filter((tag): tag is number => tag !== undefined);
}
