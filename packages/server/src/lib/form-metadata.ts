import type { DrfFieldType, FieldMetadata, FormFields, OptionsMetadata } from '@atelier/contracts';
import { type z } from 'zod';

/** What a zod contract cannot say about a field: its wording, and a type it only implies. */
interface FieldHint {
  label?: string;
  help_text?: string;
  /** Shown but never written (ids, dates the server keeps). */
  read_only?: boolean;
  /** The DRF type when the zod type alone does not say it ('field' for a related id). */
  type?: DrfFieldType;
  /** Display names of a choice field's values. */
  choiceLabels?: Readonly<Record<string, string>>;
}
export type FieldHints = Readonly<Record<string, FieldHint>>;

type AnySchema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & Record<string, unknown>;

const defOf = (schema: AnySchema): Def => schema._zod.def as Def;

/** Wrappers that do not change what a form field is. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch']);

function unwrap(schema: AnySchema): AnySchema {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type)) current = def.innerType as AnySchema;
    else if (def.type === 'pipe') current = def.in as AnySchema;
    else if (def.type === 'lazy') current = (def.getter as () => AnySchema)();
    else return current;
  }
}

/** A field the client may leave out: optional or defaulted anywhere along its wrappers. */
function isOptional(schema: AnySchema): boolean {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') return true;
    if (WRAPPERS.has(def.type)) current = def.innerType as AnySchema;
    else if (def.type === 'pipe') current = def.in as AnySchema;
    else return false;
  }
}

/** Bounds past JavaScript's safe integers are zod's defaults, not a rule of the field. */
const bound = (value: number | null | undefined): number | undefined =>
  value === null || value === undefined || !Number.isFinite(value) || Math.abs(value) >= 2 ** 53 - 1
    ? undefined
    : value;

/** `royalty_code` → 'Royalty code', as DRF derives a label from a field name. */
export const labelOf = (name: string): string => {
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const STRING_FORMATS: Readonly<Record<string, DrfFieldType>> = {
  email: 'email',
  url: 'url',
  datetime: 'datetime',
  date: 'date',
  time: 'time',
  duration: 'duration',
  regex: 'regex',
};

type Shape = Omit<FieldMetadata, 'required' | 'read_only' | 'label' | 'help_text'>;

function choicesOf(values: readonly unknown[], hint: FieldHint | undefined) {
  return values
    .filter(
      (value): value is string | number | boolean =>
        typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean',
    )
    .map((value) => ({
      value,
      display_name: hint?.choiceLabels?.[String(value)] ?? String(value),
    }));
}

function enumValues(schema: AnySchema): readonly unknown[] | null {
  const def = defOf(schema);
  if (def.type === 'enum') return Object.values(def.entries as Record<string, unknown>);
  if (def.type === 'literal') return def.values as unknown[];
  return null;
}

/** The DRF type and attributes of one zod schema. */
function describe(schema: AnySchema, hint: FieldHint | undefined): Shape {
  const inner = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'string': {
      const text = inner as z.ZodString;
      const format = typeof def.format === 'string' ? STRING_FORMATS[def.format] : undefined;
      const min = bound(text.minLength);
      return {
        type: format ?? 'string',
        // min 1 is how zod says DRF's allow_blank=False, which SimpleMetadata does not show.
        ...(min !== undefined && min > 1 ? { min_length: min } : {}),
        ...(bound(text.maxLength) !== undefined ? { max_length: bound(text.maxLength) } : {}),
      };
    }
    case 'number': {
      const number = inner as z.ZodNumber;
      return {
        type: number.isInt ? 'integer' : 'float',
        ...(bound(number.minValue) !== undefined ? { min_value: bound(number.minValue) } : {}),
        ...(bound(number.maxValue) !== undefined ? { max_value: bound(number.maxValue) } : {}),
      };
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'datetime' };
    case 'enum':
    case 'literal':
      return { type: 'choice', choices: choicesOf(enumValues(inner) ?? [], hint) };
    case 'array': {
      const element = unwrap(def.element as AnySchema);
      const values = enumValues(element);
      if (values) return { type: 'multiple choice', choices: choicesOf(values, hint) };
      return { type: 'list', child: fieldInfo(element, true, false, undefined, undefined) };
    }
    case 'object':
      return { type: 'nested object', children: objectFields(inner as z.ZodObject, null, {}) };
    case 'union': {
      // `'' | email`: a field that may be blank is the field.
      const options = (def.options as AnySchema[]).filter(
        (option) => !(defOf(option).type === 'literal' && enumValues(option)?.[0] === ''),
      );
      return options.length === 1 ? describe(options[0]!, hint) : { type: 'field' };
    }
    case 'record':
    case 'unknown':
    case 'any':
      return { type: 'json' };
    default:
      return { type: 'field' };
  }
}

/** SimpleMetadata.get_field_info: the attributes DRF sets, and only those. */
function fieldInfo(
  schema: AnySchema,
  required: boolean,
  readOnly: boolean,
  label: string | undefined,
  hint: FieldHint | undefined,
): FieldMetadata {
  const shape = describe(schema, hint);
  const type = hint?.type ?? shape.type;
  const info: FieldMetadata = { type, required: readOnly ? false : required, read_only: readOnly };
  if (label) info.label = label;
  if (hint?.help_text) info.help_text = hint.help_text;
  // A related field (type 'field') carries none of its id's bounds, as in DRF.
  const bounded = hint?.type !== 'field';
  for (const key of [
    'min_length',
    'max_length',
    'min_value',
    'max_value',
    'max_digits',
    'decimal_places',
  ] as const) {
    if (bounded && shape[key] !== undefined) info[key] = shape[key];
  }
  if (shape.child) info.child = shape.child;
  if (shape.children) info.children = shape.children;
  // DRF lists choices only for writable, non-related choice fields.
  if (shape.choices && !readOnly && type !== 'field') info.choices = shape.choices;
  return info;
}

/** Dates the API gives as ISO 8601 strings: DRF's DateTimeFields of every model. */
const DATETIME_NAMES = new Set(['created', 'modified', 'updated']);

function objectFields(
  record: z.ZodObject,
  input: z.ZodObject | null,
  hints: FieldHints,
): FormFields {
  const shown = record.shape as Record<string, AnySchema>;
  const writable = (input?.shape ?? shown) as Record<string, AnySchema>;
  const names = [...new Set([...Object.keys(shown), ...Object.keys(writable)])];
  return Object.fromEntries(
    names.map((name) => {
      const hint =
        DATETIME_NAMES.has(name) && hints[name]?.type === undefined
          ? { ...hints[name], type: 'datetime' as const }
          : hints[name];
      const written = input === null ? shown[name] : writable[name];
      const readOnly = hint?.read_only ?? written === undefined;
      const schema = (written ?? shown[name])!;
      return [
        name,
        fieldInfo(schema, !isOptional(schema), readOnly, hint?.label ?? labelOf(name), hint),
      ];
    }),
  );
}

/**
 * The form fields of an entity as DRF's SimpleMetadata describes its serializer: every field
 * of the answer (`record`, in its order; those the request body `input` lacks are read-only),
 * then write-only fields of `input`. Types, required, lengths, bounds and choices come from
 * the zod contracts; labels, help texts and implied types from `hints`.
 */
export function formFields(
  record: z.ZodObject,
  input: z.ZodObject,
  hints: FieldHints = {},
): FormFields {
  return objectFields(record, input, hints);
}

const JSON_MEDIA = ['application/json'];

/** DRF's OPTIONS answer: `actions` only for the method the caller may use. */
export function optionsAnswer(options: {
  name: string;
  description: string;
  method: 'POST' | 'PUT';
  fields: FormFields | null;
}): OptionsMetadata {
  return {
    name: options.name,
    description: options.description,
    renders: JSON_MEDIA,
    parses: JSON_MEDIA,
    ...(options.fields ? { actions: { [options.method]: options.fields } } : {}),
  };
}
