import { z } from 'zod';
import { pageOf } from './common';
import { EXTERNAL_SOURCES, INTERNAL_SOURCES, STATIC_SETS } from './constants';

export const imageSource = z.enum([...INTERNAL_SOURCES, ...EXTERNAL_SOURCES]);
export type ImageSource = z.infer<typeof imageSource>;

export const staticSet = z.enum(STATIC_SETS);

/** Price tier 1–4, shown as $ to $$$$. */
export const priceTier = z.number().int().min(1).max(4);

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

export const sizeValue = z.object({ w: z.number(), h: z.number() });
export const substrateSize = z.object({ label: z.string(), value: sizeValue });

/** The full image of SPEC §3, as `GET /api/images/{id}/` answers it. */
export const image = imageCard.extend({
  caption: z.string(),
  keywords: z.array(z.string()),
  user_favorite: z.boolean(),
  substrates: z.array(z.string()),
  substrate_sizes: z.array(substrateSize),
  _static: z.array(staticSet),
  /** URL of the full-size picture. */
  imgsrc: z.string(),
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
