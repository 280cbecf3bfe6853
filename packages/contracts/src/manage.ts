import { z } from 'zod';
import { locationValue } from './accounts';
import { imageCard } from './catalogue';

/**
 * Entities staff keep in the manage area (SPEC §2 staff-only routes, §3) and the bodies of
 * their generic forms (SPEC §5). Each `…Input` is what POST takes (PUT the same, PATCH any
 * part); fields of the entity that it lacks are read-only. Limits match the database's.
 */
const ART_USAGE_NAME_MAX_LENGTH = 100;
const PUBLISHER_NAME_MAX_LENGTH = 200;
const ARTIST_NAME_MAX_LENGTH = 200;
const ROYALTY_CODE_MAX_LENGTH = 40;
const DESCRIPTION_MAX_LENGTH = 2000;
const IMAGE_TITLE_MAX_LENGTH = 200;
const IMAGE_KEYWORDS_MAX = 100;
const BIO_MAX_LENGTH = 5000;
const FULL_NAME_MAX_LENGTH = 200;
const EMAIL_MAX_LENGTH = 254;
const URL_MAX_LENGTH = 500;
/** SPEC §9 price tiers: 1 to 4 ($ to $$$$). */
const PRICE_TIER_MIN = 1;
const PRICE_TIER_MAX = 4;

const text = (max: number) => z.string().trim().max(max);
const name = (max: number) =>
  z.string().trim().min(1, { error: 'This field may not be blank.' }).max(max);
const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]);

export const artUsage = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  created: z.string(),
  modified: z.string(),
});
export type ArtUsage = z.infer<typeof artUsage>;
export const artUsageInput = z.object({
  name: name(ART_USAGE_NAME_MAX_LENGTH),
  description: text(DESCRIPTION_MAX_LENGTH).optional(),
  active: z.boolean().optional(),
});
export type ArtUsageInput = z.infer<typeof artUsageInput>;

export const publisher = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  website: z.string(),
  active: z.boolean(),
  created: z.string(),
  modified: z.string(),
});
export type Publisher = z.infer<typeof publisher>;
export const publisherInput = z.object({
  name: name(PUBLISHER_NAME_MAX_LENGTH),
  email: blankOr(z.email().max(EMAIL_MAX_LENGTH)).optional(),
  website: blankOr(z.url({ protocol: /^https?$/ }).max(URL_MAX_LENGTH)).optional(),
  active: z.boolean().optional(),
});
export type PublisherInput = z.infer<typeof publisherInput>;

/** The artist form (SPEC §3 Artist: gaa_artist is shown as Portal, active as Inactive). */
export const artistInput = z.object({
  name: name(ARTIST_NAME_MAX_LENGTH),
  royalty_code: name(ROYALTY_CODE_MAX_LENGTH),
  gaa_artist: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type ArtistInput = z.infer<typeof artistInput>;

/** What staff change on an artist profile (the user it belongs to is fixed). */
export const artistProfileInput = z.object({
  full_name: text(FULL_NAME_MAX_LENGTH).optional(),
  bio: text(BIO_MAX_LENGTH).optional(),
  email: blankOr(z.email().max(EMAIL_MAX_LENGTH)).optional(),
  approved: z.boolean().optional(),
  location: locationValue.nullable().optional(),
});
export type ArtistProfileInput = z.infer<typeof artistProfileInput>;

/** An image as staff manage it: every image, published or not. */
export const manageImage = imageCard.omit({ artist: true, artist_id: true }).extend({
  caption: z.string(),
  keywords: z.array(z.string()),
  /** The artist's id (a primary key related field: looked up at /api/artist/). */
  artist: z.number().int(),
  artist_name: z.string(),
});
export type ManageImage = z.infer<typeof manageImage>;
export const imageInput = z.object({
  title: text(IMAGE_TITLE_MAX_LENGTH).optional(),
  caption: text(DESCRIPTION_MAX_LENGTH).optional(),
  keywords: z.array(z.string().trim().min(1).max(100)).max(IMAGE_KEYWORDS_MAX).optional(),
  price: z.int().min(PRICE_TIER_MIN).max(PRICE_TIER_MAX).optional(),
  published: z.boolean().optional(),
  /** The artist's id (a primary key related field). */
  artist: z.int().min(1).max(2_147_483_647).optional(),
});
export type ImageInput = z.infer<typeof imageInput>;
