import type { FieldMetadata, FormFields } from '@atelier/contracts';
import { INVALID_JSON, READ_ONLY_NAMES, TEXTAREA_FROM_LENGTH } from './entity-form-messages';

export * from './entity-form-messages';

/** How a field is entered: SPEC §5's field types. */
export type FieldKind =
  | 'string'
  | 'textarea'
  | 'password'
  | 'masked'
  | 'email'
  | 'url'
  | 'boolean'
  | 'integer'
  | 'float'
  | 'decimal'
  | 'date'
  | 'datetime'
  | 'choice'
  | 'radio group'
  | 'multiple choice'
  | 'checkbox group'
  | 'file'
  | 'image upload'
  | 'primary key related'
  | 'many related'
  | 'json'
  | 'nested object'
  | 'location'
  | 'list'
  | 'read only';

/** Widgets a form may ask for where the metadata alone cannot tell (a TIN is masked). */
export type FieldWidget = Extract<
  FieldKind,
  'textarea' | 'password' | 'masked' | 'radio group' | 'checkbox group' | 'location' | 'string'
>;

export function fieldKind(
  name: string,
  field: FieldMetadata,
  widget?: FieldWidget | undefined,
): FieldKind {
  if (field.read_only || (READ_ONLY_NAMES as readonly string[]).includes(name)) return 'read only';
  if (widget) return widget;
  switch (field.type) {
    case 'boolean':
    case 'email':
    case 'url':
    case 'integer':
    case 'float':
    case 'decimal':
    case 'date':
    case 'datetime':
    case 'json':
      return field.type;
    case 'choice':
      return 'choice';
    case 'multiple choice':
      return 'multiple choice';
    case 'file upload':
      return 'file';
    case 'image upload':
      return 'image upload';
    case 'field':
      return 'primary key related';
    case 'list':
      return field.child?.type === 'field' ? 'many related' : 'list';
    case 'nested object':
      return name === 'location' || name.endsWith('_location') ? 'location' : 'nested object';
    default:
      if (/password/i.test(name)) return 'password';
      if (field.max_length === undefined || field.max_length > TEXTAREA_FROM_LENGTH)
        return 'textarea';
      return 'string';
  }
}

/** 'a, b; c' → ['a', 'b', 'c']. */
export const splitList = (text: string): string[] =>
  text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date-time as a datetime-local input shows it (the browser's zone). */
function toLocalDateTime(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** What an input holds for an entity's value. */
export function toInputValue(kind: FieldKind, value: unknown, field: FieldMetadata): unknown {
  switch (kind) {
    case 'boolean':
      return value === true;
    case 'integer':
    case 'float':
    case 'decimal':
      return value === null || value === undefined ? '' : String(value);
    case 'datetime':
      return toLocalDateTime(value);
    case 'json':
      return value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
    case 'location':
      return value && typeof value === 'object'
        ? String((value as { formatted_address?: unknown }).formatted_address ?? '')
        : typeof value === 'string'
          ? value
          : '';
    case 'list':
    case 'multiple choice':
    case 'checkbox group':
    case 'many related':
      return Array.isArray(value) ? value : [];
    case 'nested object':
      return Object.fromEntries(
        Object.entries(field.children ?? {}).map(([name, child]) => [
          name,
          toInputValue(
            fieldKind(name, child),
            (value as Record<string, unknown> | null)?.[name],
            child,
          ),
        ]),
      );
    case 'file':
    case 'image upload':
    case 'masked':
    case 'password':
      return null;
    case 'primary key related':
    case 'choice':
    case 'radio group':
      return value ?? null;
    default:
      return value === null || value === undefined ? '' : value;
  }
}

export class JsonFieldError extends Error {
  constructor(readonly field: string) {
    super(INVALID_JSON);
  }
}

/** What the API takes for an input's value; undefined leaves the field out. */
function toApiValue(kind: FieldKind, value: unknown, field: FieldMetadata, path: string): unknown {
  switch (kind) {
    case 'integer':
    case 'float':
      return value === '' || value === null || value === undefined ? null : Number(value);
    case 'decimal':
      return value === '' || value === null || value === undefined ? null : String(value);
    case 'datetime':
      return typeof value === 'string' && value ? new Date(value).toISOString() : null;
    case 'date':
      return typeof value === 'string' && value ? value : null;
    case 'json': {
      if (typeof value !== 'string' || !value.trim()) return null;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        throw new JsonFieldError(path);
      }
    }
    case 'location':
      return typeof value === 'string' && value.trim() ? { formatted_address: value.trim() } : null;
    case 'nested object': {
      const inner = (value ?? {}) as Record<string, unknown>;
      return collectValues(field.children ?? {}, inner, {}, `${path}.`);
    }
    case 'password':
    case 'masked':
    case 'file':
    case 'image upload':
      // Left out unless something new was given (a stored secret or file stays).
      return value === null || value === '' ? undefined : value;
    default:
      return value;
  }
}

/** The body of a save: every writable field shown, as the API takes it. */
export function collectValues(
  fields: FormFields,
  values: Record<string, unknown>,
  widgets: Readonly<Record<string, FieldWidget>>,
  prefix = '',
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const kind = fieldKind(name, field, widgets[name]);
    if (kind === 'read only') continue;
    const value = toApiValue(kind, values[name], field, `${prefix}${name}`);
    if (value !== undefined) body[name] = value;
  }
  return body;
}

/** Is there a file among the values (then the body goes as multipart form data)? */
export const hasFile = (body: Record<string, unknown>): boolean =>
  Object.values(body).some((value) => typeof File !== 'undefined' && value instanceof File);
