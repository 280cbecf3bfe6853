import { z } from 'zod';
import { pageOf } from './common';
import { EXTERNAL_SOURCES, INTERNAL_SOURCES, STATIC_SETS } from './constants';
import { COLOURS, IMAGE_TYPES, ORIENTATIONS, SUBSTRATES } from './vocabulary';

const imageSource = z.enum([...INTERNAL_SOURCES, ...EXTERNAL_SOURCES]);
export type ImageSource = z.infer<typeof imageSource>;

const staticSet = z.enum(STATIC_SETS);

/** Price tier 1–4, shown as $ to $$$$. */
const priceTier = z.number().int().min(1).max(4);

/** One tile of an image grid: SPEC §3 search result image plus what the grid draws. */
export const imageCard = z.object({
  id: z.number().int(),
  local_id: z.string(),
  title: z.string(),
  artist: z.string(),
  artist_id: z.number().int(),
  source: imageSource,
  royalty_code: z.string(),
  created: z.string(),
  updated: z.string(),
  /** URL of the thumbnail (the grid's picture). */
  preview: z.string(),
  thumb: z.string(),
  /** Pixel size of the master file; the grid uses the ratio. */
  max_width: z.number().int().positive(),
  max_height: z.number().int().positive(),
  price: priceTier,
  published: z.boolean(),
});
export type ImageCard = z.infer<typeof imageCard>;

export const imageCardPage = pageOf(imageCard);
export type ImageCardPage = z.infer<typeof imageCardPage>;

export const substrate = z.enum(SUBSTRATES);

/** Width × height in inches, as the picture is oriented. */
export const sizeValue = z.object({ w: z.number(), h: z.number() });

/**
 * A size option of SPEC §3 ({label, value {w, h}, optional userInput}) with its price in
 * integer cents on each substrate made in that size (packages/contracts/src/pricing.ts).
 */
const substrateSize = z.object({
  label: z.string(),
  value: sizeValue,
  userInput: sizeValue.optional(),
  prices: z.partialRecord(substrate, z.number().int().nonnegative()),
});
export type SubstrateSize = z.infer<typeof substrateSize>;

/** `GET /api/v1/availablesizes/?w&h[&price]`: substrates and standard sizes, priced. */
export const availableSizesResponse = z.object({
  substrates: z.array(substrate),
  sizes: z.array(substrateSize),
  /** The price tier the prices are for. */
  price: priceTier,
});
export type AvailableSizesResponse = z.infer<typeof availableSizesResponse>;

/** The full image of SPEC §3, as `GET /api/images/{id}/` answers it. */
export const image = imageCard.extend({
  caption: z.string(),
  keywords: z.array(z.string()),
  user_favorite: z.boolean(),
  /** Substrates it can be printed on (from its aspect ratio). */
  substrates: z.array(substrate),
  /** The standard sizes for its aspect ratio, priced for its tier. */
  substrate_sizes: z.array(substrateSize),
  _static: z.array(staticSet),
  /** URL of the full-size picture. */
  imgsrc: z.string(),
  // Catalogue fields beyond SPEC §3; always sent by the server.
  image_type: z.enum(IMAGE_TYPES).optional(),
  people: z.boolean().optional(),
  orientation: z.enum(ORIENTATIONS).optional(),
  /** Measured from the pixels when the image entered the catalogue. */
  colours: z.array(z.enum(COLOURS)).optional(),
  popularity: z.number().int().nonnegative().optional(),
});
export type Image = z.infer<typeof image>;

/** `GET /api/`: entity type → its list URL, as a DRF router root answers. */
export const apiRoot = z.record(z.string(), z.string());
export type ApiRoot = z.infer<typeof apiRoot>;

export const health = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  images: z.number().int().nonnegative(),
});
export type Health = z.infer<typeof health>;
