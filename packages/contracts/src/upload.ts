import { z } from 'zod';
import { pageOf } from './common';
import { IMAGE_TYPES } from './vocabulary';
import { UPLOAD_FORMATS } from './upload-constants';

/**
 * Uploads of print masters (SPEC §3 Upload, §7 OPTIONS/POST/PUT /api/upload/). The picture
 * travels first, resumably, over tus to UPLOAD_FILES_PATH; the form then names the finished
 * transfer in `file`. Plain constants and messages live in upload-constants.ts (no zod).
 */

const storable = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Ensure this field has no more than ${max} characters.` })
    .refine((value) => !/\p{Cs}/u.test(value), { error: 'Enter valid Unicode text.' });

/** The upload form's values (SPEC §5: creator, creator_uuid, published are server-set). */
export const uploadForm = z
  .object({
    name: storable(300).min(1, { error: 'This field may not be blank.' }),
    caption: storable(5000).default(''),
    keywords: z
      .array(storable(100).min(1, { error: 'This field may not be blank.' }))
      .max(200, { error: 'Ensure this field has no more than 200 elements.' })
      .default([]),
    image_type: z.enum(IMAGE_TYPES, { error: 'Select a valid choice.' }).default('fine art'),
    /** The catalogue artist (primary key); an artist's own when left out. */
    artist: z.number().int().positive().nullable().default(null),
    /** A publisher's name instead of an artist. */
    publisher: storable(200).default(''),
    /** Plain text: no maps service is reachable (SPEC §8 Maps failure fallback). */
    location: storable(500).default(''),
    /** The id of a finished tus transfer of the caller's. */
    file: z.string().regex(/^[a-f0-9]{32}$/, { error: 'Upload a picture first.' }),
  })
  .strict();
export type UploadFormInput = z.input<typeof uploadForm>;
export type UploadFormValues = z.output<typeof uploadForm>;

const uploadStatuses = ['processing', 'ready', 'failed'] as const;
const uploadReviews = ['pending', 'approved', 'declined'] as const;

export const upload = z.object({
  id: z.number().int(),
  name: z.string(),
  caption: z.string(),
  keywords: z.array(z.string()),
  image_type: z.enum(IMAGE_TYPES),
  artist: z.number().int().nullable(),
  artist_name: z.string().nullable(),
  publisher: z.string(),
  location: z.string(),
  file: z.string(),
  format: z.enum(UPLOAD_FORMATS).nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bytes: z.number().int(),
  /** processing: the thumbnail job has not run yet; failed: `problem` says why. */
  status: z.enum(uploadStatuses),
  problem: z.string(),
  thumb: z.string().nullable(),
  colours: z.array(z.string()),
  review: z.enum(uploadReviews),
  review_message: z.string(),
  approved: z.boolean(),
  published: z.boolean(),
  /** The catalogue image once published. */
  image: z.number().int().nullable(),
  creator: z.string(),
  creator_uuid: z.string(),
  created: z.string(),
  modified: z.string(),
});
export type Upload = z.infer<typeof upload>;

export const uploadPage = pageOf(upload);
export type UploadPage = z.infer<typeof uploadPage>;

export const uploadListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  review: z.enum(uploadReviews, { error: 'Select a valid choice.' }).optional(),
  /** DRF SearchFilter: part of the artist's name or of the publisher, any case. */
  search: storable(200).optional(),
});

export const uploadDecline = z
  .object({
    message: storable(2000).min(1, { error: 'Say why, for the artist.' }),
  })
  .strict();
