import {
  EXTERNAL_SOURCES,
  IMAGE_TYPES,
  INTERNAL_SOURCES,
  STATIC_SETS,
  type ImageSource,
} from '@atelier/contracts';
import { z } from 'zod';

/**
 * One line of a catalogue import file (JSON Lines: one JSON object per line).
 * docs/catalogue-import.md documents the format; this schema is its definition. Unknown fields
 * are ignored, `colours` included: colours are always measured from the picture.
 */

const SOURCES = [...INTERNAL_SOURCES, ...EXTERNAL_SOURCES] as const;

/**
 * Years both drivers read and write alike: PostgreSQL has no year 0, JavaScript writes year
 * 10000 as +010000, and PGlite reads a year below 1000 back as a 20th-century one.
 */
const MIN_YEAR = 1000;
const MAX_YEAR = 9999;

/** Why the date part of an ISO string names no real day (2023-02-29, 0000-01-01), or null. */
function impossibleDay(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return 'is not a valid date';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(2000, month - 1, day));
  utc.setUTCFullYear(year);
  if (utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return 'is not a valid date';
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return 'is not a valid date';
  const years = [year, instant.getUTCFullYear()];
  if (years.some((y) => y < MIN_YEAR || y > MAX_YEAR)) {
    return `is not a valid date (years ${String(MIN_YEAR).padStart(4, '0')}–${MAX_YEAR})`;
  }
  return null;
}

/** '2024-05-01' or an ISO 8601 date-time with an offset ('2024-05-01T12:00:00Z'). */
const date = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: 'must be a date (2024-05-01) or an ISO 8601 date-time with a time zone',
  })
  .superRefine((value, ctx) => {
    const problem = impossibleDay(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `${value} ${problem}` });
  })
  .transform((value) => new Date(value));

/**
 * A string PostgreSQL can store: text columns refuse NUL (one NUL used to abort the whole
 * import), and a lone UTF-16 surrogate would be silently replaced on the way in.
 */
const storable = () =>
  z
    .string()
    .refine((value) => !value.includes('\u0000'), { error: 'contains a NUL character' })
    .refine((value) => !/\p{Cs}/u.test(value), {
      error: 'contains an unpaired UTF-16 surrogate (not valid Unicode)',
    });

const text = (max: number) => storable().trim().max(max);

/** One of `values`, with a message that lists them. */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined
        ? 'is required'
        : `must be one of ${values.join(', ')} (got ${JSON.stringify(issue.input)})`,
  });

const importRecord = z.object({
  source: choice(SOURCES),
  local_id: storable()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, {
      error: 'may hold only letters, digits, dot, dash and underscore',
    }),
  title: text(300).min(1),
  caption: text(5000).default(''),
  artist: z.object({
    name: text(200).min(1),
    royalty_code: storable()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[A-Za-z0-9._-]+$/, {
        error: 'may hold only letters, digits, dot, dash and underscore',
      }),
    /** Portal artist; applied when given. */
    gaa_artist: z.boolean().optional(),
    /** Applied when given. */
    active: z.boolean().optional(),
    /** Used only when the artist is new. */
    created: date.optional(),
  }),
  keywords: z
    .array(text(100).min(1))
    .max(200)
    .default([])
    .transform((words) => [...new Set(words)]),
  image_type: choice(IMAGE_TYPES),
  people: z.boolean().default(false),
  /** Price tier 1–4. */
  price: z.number().int().min(1).max(4).default(2),
  published: z.boolean().default(true),
  /** New image: default now. Existing image: kept when absent. */
  created: date.optional(),
  /** Default: now when the image is new or changed. */
  updated: date.optional(),
  /** Optional; when given it must match the file's pixels. */
  dimensions: z
    .object({ width: z.number().int().positive(), height: z.number().int().positive() })
    .optional(),
  /** Static sets; kept when absent. */
  static_sets: z
    .array(choice(STATIC_SETS))
    .transform((sets) => [...new Set(sets)])
    .optional(),
  /** For catalogues moved from another system; kept when absent (0 for a new image). */
  popularity: z.number().int().min(0).max(2_000_000_000).optional(),
  /** The picture: a path relative to the import file's directory, or absolute. */
  file: storable().min(1),
});
export type ImportRecord = z.infer<typeof importRecord>;
export type ImportRecordInput = z.input<typeof importRecord>;

/** "artist.name is required; price: must be at most 4". */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join('.') || 'record';
      const message =
        issue.code === 'invalid_type' && /received undefined/.test(issue.message)
          ? 'is required'
          : issue.code === 'invalid_type' && issue.expected === 'object' && !issue.path.length
            ? 'must be a JSON object'
            : issue.message;
      return /^(is|must|may|contains) /.test(message)
        ? `${field} ${message}`
        : `${field}: ${message}`;
    })
    .join('; ');
}

export type ParsedRecord = { ok: true; record: ImportRecord } | { ok: false; reason: string };

export function parseRecord(value: unknown): ParsedRecord {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, reason: 'a line must hold one JSON object' };
  }
  const parsed = importRecord.safeParse(value);
  return parsed.success
    ? { ok: true, record: parsed.data }
    : { ok: false, reason: describeIssues(parsed.error) };
}

export const recordKey = (source: ImageSource, localId: string): string => `${source}/${localId}`;
