import { Form, Input, Select } from 'antd';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { FieldMetadata } from '@atelier/contracts';

const LONG_TEXT = 500;
const TEXTAREA_ROWS = { minRows: 2, maxRows: 8 };

export interface UploadFieldsProps<T extends FieldValues> {
  /** The upload form's fields from OPTIONS /api/upload/ (uploadFormFields). */
  fields: readonly [string, FieldMetadata][];
  control: Control<T>;
  /** Prefix of each input's id, so two forms on one page never share ids. */
  idPrefix?: string;
}

function FieldInput<T extends FieldValues>({
  name,
  field,
  control,
  idPrefix,
}: {
  name: string;
  field: FieldMetadata;
  control: Control<T>;
  idPrefix: string;
}) {
  const id = `${idPrefix}-${name}`;
  return (
    <Controller
      name={name as Path<T>}
      control={control}
      rules={{ required: field.required ? `${field.label} is required.` : false }}
      render={({ field: input, fieldState }) => (
        <Form.Item
          label={field.label}
          htmlFor={id}
          required={field.required}
          help={fieldState.error?.message ?? field.help_text}
          validateStatus={fieldState.error ? 'error' : undefined}
        >
          {field.type === 'choice' ? (
            <Select
              id={id}
              value={input.value as string | undefined}
              onChange={input.onChange}
              options={(field.choices ?? []).map((choice) => ({
                value: String(choice.value),
                label: choice.display_name,
              }))}
            />
          ) : field.type === 'list' ? (
            <Select
              id={id}
              mode="tags"
              tokenSeparators={[',', ';']}
              value={(input.value as string[] | undefined) ?? []}
              onChange={input.onChange}
              open={false}
              suffixIcon={null}
            />
          ) : (field.max_length ?? 0) > LONG_TEXT ? (
            <Input.TextArea
              id={id}
              autoSize={TEXTAREA_ROWS}
              maxLength={field.max_length}
              value={(input.value as string | undefined) ?? ''}
              onChange={input.onChange}
            />
          ) : (
            <Input
              id={id}
              maxLength={field.max_length}
              value={(input.value as string | undefined) ?? ''}
              onChange={input.onChange}
            />
          )}
        </Form.Item>
      )}
    />
  );
}

/**
 * The upload form's own fields (SPEC §5 Upload form), each by its DRF type: choices as a
 * select, lists as tags (separated by , and ;), long text as a text area; location is
 * plain text (SPEC §8 Maps failure fallback). The caller's form wraps them.
 */
export default function UploadFields<T extends FieldValues>({
  fields,
  control,
  idPrefix = 'upload',
}: UploadFieldsProps<T>) {
  return (
    <>
      {fields.map(([name, field]) => (
        <FieldInput key={name} name={name} field={field} control={control} idPrefix={idPrefix} />
      ))}
    </>
  );
}
