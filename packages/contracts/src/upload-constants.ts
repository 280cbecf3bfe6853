/**
 * Upload constants and the messages a user sees (SPEC §5 upload form, §8 Upload 400). Plain
 * values only (no zod), so a screen can import them without the schema library.
 */

/** Where the resumable (tus) transfers go: POST creates one, PATCH appends, HEAD resumes. */
export const UPLOAD_FILES_PATH = '/api/files/';

/** Headers of the last PATCH's answer: what the content check found in the finished file. */
export const PICTURE_HEADERS = {
  format: 'upload-picture-format',
  width: 'upload-picture-width',
  height: 'upload-picture-height',
} as const;

/** Formats a print master may be in, told by the file's first bytes (never its name). */
export const UPLOAD_FORMATS = ['jpeg', 'png', 'tiff'] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

/** Magic bytes of each format: JPEG SOI, PNG signature, TIFF little- and big-endian. */
const UPLOAD_MAGIC: Readonly<Record<UploadFormat, readonly (readonly number[])[]>> = {
  jpeg: [[0xff, 0xd8, 0xff]],
  png: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  tiff: [
    [0x49, 0x49, 0x2a, 0x00],
    [0x4d, 0x4d, 0x00, 0x2a],
  ],
};

/** The format whose magic bytes `head` starts with, or null. */
export function formatOfBytes(head: Uint8Array): UploadFormat | null {
  for (const format of UPLOAD_FORMATS) {
    if (UPLOAD_MAGIC[format].some((magic) => magic.every((byte, i) => head[i] === byte))) {
      return format;
    }
  }
  return null;
}

/** Bytes of the file's start that tell its format. */
export const UPLOAD_MAGIC_BYTES = 8;

/** Pixels a picture may have (decompression bombs are refused from the header). */
export const UPLOAD_MAX_PIXELS = 250_000_000;
/** Each side at least this many pixels (the catalogue's own minimum). */
export const UPLOAD_MIN_SIDE = 100;
/** The server's default byte limit (UPLOAD_MAX_BYTES). */
export const UPLOAD_DEFAULT_MAX_BYTES = 500 * 1024 * 1024;

export const UPLOAD_NOT_A_PICTURE = 'The file is not a JPEG, PNG or TIFF picture.';
export const UPLOAD_UNREADABLE = 'The picture cannot be read: it is corrupt or cut short.';
export const uploadTooLarge = (maxBytes: number): string =>
  `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`;
export const uploadTooManyPixels = (width: number, height: number): string =>
  `The picture is ${width} × ${height} px; at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels are accepted.`;
export const uploadTooSmall = (width: number, height: number): string =>
  `The picture is ${width} × ${height} px; each side must be at least ${UPLOAD_MIN_SIDE} px.`;

/** SPEC §8 Upload 400: 'Invalid fields:' followed by the field names. */
export const UPLOAD_INVALID_FIELDS = 'Invalid fields:';

/** SPEC §5: the upload form leaves these out (with every read-only field). */
export const UPLOAD_FORM_OMITTED = ['creator', 'creator_uuid', 'published'] as const;

/** Review states and what an artist reads for each. */
export const UPLOAD_REVIEW_LABELS = {
  pending: 'Waiting for review',
  approved: 'Approved',
  declined: 'Declined',
} as const;

export const UPLOAD_PUBLISHED_ONLY_WHEN_APPROVED = 'Only an approved upload can be published.';
export const UPLOAD_NOT_READY =
  'The picture is still being processed; publish it once it is ready.';
export const UPLOAD_FILE_UNKNOWN = 'No finished upload of yours has this id.';
export const UPLOAD_FILE_TAKEN = 'This picture is already part of another upload.';
export const UPLOAD_FILE_FIXED = 'The picture of an upload cannot be replaced; upload a new one.';
export const UPLOAD_PUBLISHED_FIXED = 'A published upload cannot be changed.';
export const UPLOAD_NO_ARTIST = 'Choose an artist or give a publisher.';
export const UPLOAD_ARTIST_UNKNOWN = 'Invalid pk - object does not exist.';
