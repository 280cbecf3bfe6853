import {
  EXTERNAL_SOURCES,
  IMAGE_TYPES,
  INTERNAL_SOURCES,
  STATIC_SETS,
  type ImageSource,
} from '@atelier/contracts';
import { z } from 'zod';

/**
 * One line of a catalogue import file (JSON Lines: one JSON object per line). README.md,
 * "Catalogue import", documents the format; this schema is its definition. Unknown fields
 * are ignored, `colours` included: colours are always measured from the picture.
 */

const SOURCES = [...INTERNAL_SOURCES, ...EXTERNAL_SOURCES] as const;

/** '2024-05-01' or an ISO 8601 date-time with an offset ('2024-05-01T12:00:00Z'). */
const date = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: 'must be a date (2024-05-01) or an ISO 8601 date-time with a time zone',
  })
  .transform((value) => new Date(value));

const text = (max: number) => z.string().trim().max(max);

/** One of `values`, with a message that lists them. */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined
        ? 'is required'
        : `must be one of ${values.join(', ')} (got ${JSON.stringify(issue.input)})`,
  });

export const importRecord = z.object({
  source: choice(SOURCES),
  local_id: z
    .string()
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
    royalty_code: z
      .string()
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
  file: z.string().min(1),
});
export type ImportRecord = z.infer<typeof importRecord>;
export type ImportRecordInput = z.input<typeof importRecord>;

/** "artist.name is required; price: must be at most 4". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join('.') || 'record';
      const message =
        issue.code === 'invalid_type' && /received undefined/.test(issue.message)
          ? 'is required'
          : issue.code === 'invalid_type' && issue.expected === 'object' && !issue.path.length
            ? 'must be a JSON object'
            : issue.message;
      return message.startsWith('is ') || message.startsWith('must ') || message.startsWith('may ')
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
