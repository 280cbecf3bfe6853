import { z } from 'zod';

/**
 * The `type` names Django REST framework's SimpleMetadata gives a field (its `label_lookup`,
 * plus `json` for JSONField). Generic forms (SPEC §5) are written against these.
 */
export const DRF_FIELD_TYPES = [
  'field',
  'boolean',
  'string',
  'url',
  'email',
  'regex',
  'slug',
  'integer',
  'float',
  'decimal',
  'date',
  'datetime',
  'time',
  'duration',
  'choice',
  'multiple choice',
  'file upload',
  'image upload',
  'list',
  'nested object',
  'json',
] as const;
export type DrfFieldType = (typeof DRF_FIELD_TYPES)[number];

export interface FieldMetadata {
  type: DrfFieldType;
  required: boolean;
  read_only: boolean;
  label?: string | undefined;
  help_text?: string | undefined;
  min_length?: number | undefined;
  max_length?: number | undefined;
  min_value?: number | undefined;
  max_value?: number | undefined;
  max_digits?: number | undefined;
  decimal_places?: number | undefined;
  /** Writable choice fields only (DRF leaves them out of read-only and related fields). */
  choices?: Array<{ value: string | number | boolean; display_name: string }> | undefined;
  /** A list's item. */
  child?: FieldMetadata | undefined;
  /** A nested object's fields. */
  children?: Record<string, FieldMetadata> | undefined;
}

/** One field of DRF's OPTIONS metadata (SimpleMetadata.get_field_info), strictly. */
export const fieldMetadata: z.ZodType<FieldMetadata> = z.lazy(() =>
  z.strictObject({
    type: z.enum(DRF_FIELD_TYPES),
    required: z.boolean(),
    read_only: z.boolean(),
    label: z.string().min(1).optional(),
    help_text: z.string().min(1).optional(),
    min_length: z.number().int().optional(),
    max_length: z.number().int().optional(),
    min_value: z.number().optional(),
    max_value: z.number().optional(),
    max_digits: z.number().int().optional(),
    decimal_places: z.number().int().optional(),
    choices: z
      .array(
        z.strictObject({
          value: z.union([z.string(), z.number(), z.boolean()]),
          display_name: z.string(),
        }),
      )
      .optional(),
    child: fieldMetadata.optional(),
    children: z.record(z.string(), fieldMetadata).optional(),
  }),
);

/** DRF's OPTIONS answer; `actions` only for the methods the caller may use. */
export const optionsMetadata = z.strictObject({
  name: z.string(),
  description: z.string(),
  renders: z.array(z.string()),
  parses: z.array(z.string()),
  actions: z
    .strictObject({
      POST: z.record(z.string(), fieldMetadata).optional(),
      PUT: z.record(z.string(), fieldMetadata).optional(),
      /** Present (empty) when the caller may delete the entity (issue 14). */
      DELETE: z.strictObject({}).optional(),
    })
    .optional(),
});
export type OptionsMetadata = z.infer<typeof optionsMetadata>;
export type FormFields = Record<string, FieldMetadata>;
