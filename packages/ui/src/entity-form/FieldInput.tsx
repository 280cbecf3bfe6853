import type { ReactNode } from 'react';
import { Checkbox, Form, Input, Radio, Select, Typography } from 'antd';
import type { FieldMetadata } from '@atelier/contracts';
import { Controller, useFormContext, type FieldError, type FieldErrors } from 'react-hook-form';
import { RelatedSelect } from './RelatedSelect';
import {
  fieldKind,
  INVALID_JSON,
  LIST_SEPARATORS,
  splitList,
  TEXTAREA_MAX_ROWS,
  type FieldWidget,
} from './entity-form-rules';

export interface FieldInputProps {
  /** The field's path in the form's values (`address.city` inside a nested object). */
  path: string;
  name: string;
  field: FieldMetadata;
  widget?: FieldWidget | undefined;
  /** What the entity holds now (read-only values, a stored picture, a masked secret). */
  stored: unknown;
  idPrefix: string;
  /** Related lookups: `/api/{field}/` unless the form says otherwise. */
  relatedEndpoint: string;
}

const errorAt = (errors: FieldErrors, path: string): FieldError | undefined => {
  let node: unknown = errors;
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  return node && typeof node === 'object' && 'message' in node ? (node as FieldError) : undefined;
};

/** A read-only value as a person reads it. */
export function formatValue(field: FieldMetadata, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  if (field.type === 'datetime' || (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value))) {
    const date = new Date(String(value));
    if (!Number.isNaN(date.getTime())) return date.toLocaleString('en-US');
  }
  if (field.type === 'boolean' || typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field.type === 'image upload' && typeof value === 'string') {
    return <img src={value} alt={field.label ?? ''} style={{ maxWidth: 160, maxHeight: 120 }} />;
  }
  if (Array.isArray(value)) return value.map(String).join(', ') || '—';
  if (typeof value === 'object') {
    const address = (value as { formatted_address?: unknown }).formatted_address;
    return typeof address === 'string' ? address : JSON.stringify(value);
  }
  return String(value);
}

/** antd's options; a boolean choice's value goes as its text. */
const choiceOptions = (field: FieldMetadata) =>
  (field.choices ?? []).map((choice) => ({
    value: typeof choice.value === 'boolean' ? String(choice.value) : choice.value,
    label: choice.display_name,
  }));

const step = (field: FieldMetadata, kind: string): string =>
  kind === 'integer'
    ? '1'
    : field.decimal_places !== undefined
      ? String(10 ** -field.decimal_places)
      : 'any';

/** One generic form field, entered as SPEC §5 says for its type. */
export function FieldInput({
  path,
  name,
  field,
  widget,
  stored,
  idPrefix,
  relatedEndpoint,
}: FieldInputProps) {
  const { control, formState } = useFormContext<Record<string, unknown>>();
  const kind = fieldKind(name, field, widget);
  const id = `${idPrefix}-${path.replace(/\./g, '-')}`;
  const label = field.label ?? name;
  const required = field.required && kind !== 'read only';
  const error = errorAt(formState.errors, path);
  const help = field.help_text;

  if (kind === 'read only') {
    return (
      <Form.Item label={label} htmlFor={id} help={help}>
        <Typography.Text id={id}>{formatValue(field, stored)}</Typography.Text>
      </Form.Item>
    );
  }

  if (kind === 'nested object') {
    return (
      <fieldset className="atelier-entity-fieldset">
        <legend>
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </legend>
        {error?.message && (
          <Typography.Text type="danger" role="alert">
            {error.message}
          </Typography.Text>
        )}
        {Object.entries(field.children ?? {}).map(([child, meta]) => (
          <FieldInput
            key={child}
            path={`${path}.${child}`}
            name={child}
            field={meta}
            stored={(stored as Record<string, unknown> | null | undefined)?.[child]}
            idPrefix={idPrefix}
            relatedEndpoint={`/api/${child}/`}
          />
        ))}
      </fieldset>
    );
  }

  const hasStoredFile = typeof stored === 'string' && stored !== '';
  return (
    <Controller
      name={path}
      control={control}
      rules={{
        validate: (value: unknown) => {
          const empty =
            value === null ||
            value === undefined ||
            value === '' ||
            (Array.isArray(value) && value.length === 0);
          const needsValue =
            required &&
            kind !== 'boolean' &&
            !(['file', 'image upload', 'masked', 'password'].includes(kind) && hasStoredFile);
          if (needsValue && empty) return 'This field is required.';
          if (kind === 'json' && typeof value === 'string' && value.trim()) {
            try {
              JSON.parse(value);
            } catch {
              return INVALID_JSON;
            }
          }
          return true;
        },
      }}
      render={({ field: input }) => {
        const common = {
          id,
          ref: input.ref,
          name: path,
          onBlur: input.onBlur,
          'aria-invalid': error ? true : undefined,
          status: error ? ('error' as const) : undefined,
        };
        const text = typeof input.value === 'string' ? input.value : '';
        let control: ReactNode;
        switch (kind) {
          case 'boolean':
            control = (
              <Checkbox
                id={id}
                checked={input.value === true}
                onChange={(e) => input.onChange(e.target.checked)}
                onBlur={input.onBlur}
              >
                {label}
              </Checkbox>
            );
            break;
          case 'textarea':
          case 'json':
            control = (
              <Input.TextArea
                {...common}
                value={text}
                required={required}
                maxLength={field.max_length}
                autoSize={{ minRows: kind === 'json' ? 3 : 2, maxRows: TEXTAREA_MAX_ROWS }}
                spellCheck={kind !== 'json'}
                style={kind === 'json' ? { fontFamily: 'monospace' } : undefined}
                onChange={(e) => input.onChange(e.target.value)}
              />
            );
            break;
          case 'password':
          case 'masked':
            control = (
              <Input.Password
                {...common}
                value={text}
                required={required && !hasStoredFile}
                maxLength={field.max_length}
                minLength={field.min_length}
                autoComplete={kind === 'password' ? 'new-password' : 'off'}
                placeholder={kind === 'masked' && hasStoredFile ? String(stored) : undefined}
                onChange={(e) => input.onChange(e.target.value)}
              />
            );
            break;
          case 'integer':
          case 'float':
          case 'decimal':
            control = (
              <Input
                {...common}
                type="number"
                inputMode={kind === 'integer' ? 'numeric' : 'decimal'}
                value={text}
                required={required}
                min={field.min_value}
                max={field.max_value}
                step={step(field, kind)}
                onChange={(e) => input.onChange(e.target.value)}
              />
            );
            break;
          case 'choice':
          case 'multiple choice':
            control = (
              <Select<unknown>
                {...common}
                aria-label={label}
                mode={kind === 'multiple choice' ? 'multiple' : undefined}
                value={input.value ?? (kind === 'choice' ? null : [])}
                allowClear={!required}
                virtual={false}
                options={choiceOptions(field)}
                onChange={(value) => input.onChange(value ?? null)}
                style={{ width: '100%' }}
              />
            );
            break;
          case 'radio group':
            control = (
              <Radio.Group
                id={id}
                role="radiogroup"
                aria-label={label}
                value={input.value}
                onChange={(e) => input.onChange(e.target.value as unknown)}
                options={(field.choices ?? []).map((choice) => ({
                  value: choice.value,
                  label: choice.display_name,
                }))}
              />
            );
            break;
          case 'checkbox group':
            control = (
              <Checkbox.Group
                role="group"
                aria-label={label}
                value={Array.isArray(input.value) ? input.value : []}
                onChange={(value) => input.onChange(value)}
                options={(field.choices ?? []).map((choice) => ({
                  value: choice.value,
                  label: choice.display_name,
                }))}
              />
            );
            break;
          case 'list':
            control = (
              <Select<string[]>
                {...common}
                aria-label={label}
                mode="tags"
                open={false}
                suffixIcon={null}
                tokenSeparators={[...LIST_SEPARATORS]}
                value={Array.isArray(input.value) ? (input.value as string[]) : []}
                onChange={(value) => input.onChange([...new Set(value.flatMap(splitList))])}
                style={{ width: '100%' }}
              />
            );
            break;
          case 'primary key related':
          case 'many related':
            control = (
              <RelatedSelect
                id={id}
                label={label}
                endpoint={relatedEndpoint}
                multiple={kind === 'many related'}
                required={required}
                value={input.value}
                invalid={Boolean(error)}
                onChange={input.onChange}
                onBlur={input.onBlur}
              />
            );
            break;
          case 'file':
          case 'image upload':
            control = (
              <>
                {kind === 'image upload' && hasStoredFile && (
                  <img
                    src={String(stored)}
                    alt={`Current ${label.toLowerCase()}`}
                    style={{ display: 'block', maxWidth: 160, maxHeight: 120, marginBottom: 8 }}
                  />
                )}
                <input
                  id={id}
                  name={path}
                  type="file"
                  accept={kind === 'image upload' ? 'image/*' : undefined}
                  required={required && !hasStoredFile}
                  aria-invalid={error ? true : undefined}
                  onChange={(e) => input.onChange(e.target.files?.[0] ?? null)}
                  onBlur={input.onBlur}
                />
              </>
            );
            break;
          default:
            control = (
              <Input
                {...common}
                type={
                  kind === 'email'
                    ? 'email'
                    : kind === 'url'
                      ? 'url'
                      : kind === 'date'
                        ? 'date'
                        : kind === 'datetime'
                          ? 'datetime-local'
                          : 'text'
                }
                value={text}
                required={required}
                maxLength={field.max_length}
                minLength={field.min_length}
                placeholder={kind === 'location' ? 'Address or place' : undefined}
                onChange={(e) => input.onChange(e.target.value)}
              />
            );
        }
        return (
          <Form.Item
            label={kind === 'boolean' ? undefined : label}
            htmlFor={id}
            required={required}
            validateStatus={error ? 'error' : undefined}
            help={error?.message ?? help}
          >
            {control}
          </Form.Item>
        );
      }}
    />
  );
}
