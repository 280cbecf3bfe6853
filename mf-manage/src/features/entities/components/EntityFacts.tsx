import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { FieldMetadata, FormFields } from '@atelier/contracts';
import type { Entity } from '../../../shared/entity-queries';

const LONG_TEXT = 255;

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

const isIsoDate = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value);

/** A field the metadata does not describe, as its value suggests. */
function guessed(name: string, value: unknown): FieldMetadata {
  const label = name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  const type: FieldMetadata['type'] =
    typeof value === 'boolean'
      ? 'boolean'
      : typeof value === 'number'
        ? 'integer'
        : isIsoDate(value)
          ? 'datetime'
          : Array.isArray(value)
            ? 'list'
            : value && typeof value === 'object'
              ? 'nested object'
              : 'string';
  return { type, required: false, read_only: true, label };
}

const isPicture = (field: FieldMetadata, value: unknown) =>
  field.type === 'image upload' && typeof value === 'string' && value !== '';

const isLong = (field: FieldMetadata, value: unknown) =>
  field.type === 'string' &&
  (field.max_length === undefined || field.max_length > LONG_TEXT) &&
  typeof value === 'string' &&
  (value.length > 80 || value.includes('\n'));

/** One value shown as its type reads best. */
export function FactValue({
  name,
  field,
  value,
}: {
  name: string;
  field: FieldMetadata;
  value: unknown;
}): ReactNode {
  if (isEmpty(value)) return <Typography.Text type="secondary">—</Typography.Text>;
  switch (field.type) {
    case 'boolean':
      return value ? <Tag color="green">Yes</Tag> : <Tag>No</Tag>;
    case 'datetime':
    case 'date': {
      const date = new Date(String(value));
      return Number.isNaN(date.getTime()) ? (
        String(value)
      ) : (
        <time dateTime={String(value)}>
          {field.type === 'date'
            ? date.toLocaleDateString('en-US', { timeZone: 'UTC' })
            : date.toLocaleString('en-US')}
        </time>
      );
    }
    case 'url':
      return (
        <a href={String(value)} target="_blank" rel="noreferrer noopener">
          {String(value)}
        </a>
      );
    case 'email':
      return <a href={`mailto:${String(value)}`}>{String(value)}</a>;
    case 'field':
      return (
        <Link to={`/manage/${name}/${encodeURIComponent(String(value))}`}>#{String(value)}</Link>
      );
    case 'choice': {
      const choice = field.choices?.find((option) => option.value === value);
      return choice?.display_name ?? String(value);
    }
    case 'image upload':
      return typeof value === 'string' ? (
        <a href={value} target="_blank" rel="noreferrer noopener">
          View
        </a>
      ) : null;
    default:
      break;
  }
  if (Array.isArray(value)) {
    return (
      <span>
        {value.map((item, index) => (
          <Tag key={`${String(item)}-${index}`} style={{ marginBottom: 4 }}>
            {typeof item === 'object' ? JSON.stringify(item) : String(item)}
          </Tag>
        ))}
      </span>
    );
  }
  if (typeof value === 'object') {
    const address = (value as { formatted_address?: unknown }).formatted_address;
    if (typeof address === 'string') return address;
    return (
      <span>
        {Object.entries(value as Record<string, unknown>)
          .filter(([, inner]) => !isEmpty(inner))
          .map(
            ([key, inner]) =>
              `${key}: ${typeof inner === 'object' ? JSON.stringify(inner) : String(inner)}`,
          )
          .join(' · ')}
      </span>
    );
  }
  return String(value);
}

export interface LaidOutFields {
  pictures: Array<{ name: string; label: string; src: string }>;
  facts: Array<{ name: string; field: FieldMetadata }>;
  long: Array<{ name: string; field: FieldMetadata }>;
}

/**
 * Sorts an entity's fields by how they read (SPEC §3 showAllFields): pictures beside,
 * short facts in a grid, long text below. Without showAll, empty fields and fields the
 * metadata does not name are left out.
 */
export function layOut(entity: Entity, fields: FormFields | null, showAll: boolean): LaidOutFields {
  const names = [...new Set([...Object.keys(fields ?? {}), ...Object.keys(entity)])];
  const result: LaidOutFields = { pictures: [], facts: [], long: [] };
  for (const name of names) {
    const described = fields?.[name];
    if (!(name in entity)) continue;
    if (!described && !showAll && fields) continue;
    const field = described ?? guessed(name, entity[name]);
    const value = entity[name];
    if (!showAll && isEmpty(value)) continue;
    if (isPicture(field, value)) {
      if (result.pictures.length === 0 || showAll)
        result.pictures.push({ name, label: field.label ?? name, src: String(value) });
      if (!showAll) continue;
    }
    (isLong(field, value) ? result.long : result.facts).push({ name, field });
  }
  return result;
}
