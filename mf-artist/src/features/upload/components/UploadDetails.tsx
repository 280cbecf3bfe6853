import { Form, Input, Radio, Select } from 'antd';
import { Controller, type Control } from 'react-hook-form';
import type { FieldMetadata } from '@atelier/contracts';

/** The shared details of the pictures being sent (one picture's in basic mode). */
export interface UploadDetailsValues {
  [field: string]: unknown;
  credit: 'artist' | 'publisher';
  publisher: string;
}

const LONG_TEXT = 500;
const TEXTAREA_ROWS = { minRows: 2, maxRows: 8 };

function FieldInput({
  name,
  field,
  control,
}: {
  name: string;
  field: FieldMetadata;
  control: Control<UploadDetailsValues>;
}) {
  return (
    <Controller
      name={name}
      control={control}
      rules={{ required: field.required ? `${field.label} is required.` : false }}
      render={({ field: input, fieldState }) => (
        <Form.Item
          label={field.label}
          htmlFor={`upload-${name}`}
          required={field.required}
          help={fieldState.error?.message ?? field.help_text}
          validateStatus={fieldState.error ? 'error' : undefined}
        >
          {field.type === 'choice' ? (
            <Select
              id={`upload-${name}`}
              value={input.value as string | undefined}
              onChange={input.onChange}
              options={(field.choices ?? []).map((choice) => ({
                value: String(choice.value),
                label: choice.display_name,
              }))}
            />
          ) : field.type === 'list' ? (
            <Select
              id={`upload-${name}`}
              mode="tags"
              tokenSeparators={[',', ';']}
              value={(input.value as string[] | undefined) ?? []}
              onChange={input.onChange}
              open={false}
              suffixIcon={null}
            />
          ) : (field.max_length ?? 0) > LONG_TEXT ? (
            <Input.TextArea
              id={`upload-${name}`}
              autoSize={TEXTAREA_ROWS}
              maxLength={field.max_length}
              value={(input.value as string | undefined) ?? ''}
              onChange={input.onChange}
            />
          ) : (
            <Input
              id={`upload-${name}`}
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
 * The form's fields (from OPTIONS metadata) and the credit: the artist themself, or a
 * publisher by name (SPEC §2 the upload form with artist/publisher selection).
 */
export function UploadDetails({
  fields,
  control,
  credit,
}: {
  fields: [string, FieldMetadata][];
  control: Control<UploadDetailsValues>;
  credit: UploadDetailsValues['credit'];
}) {
  return (
    <>
      {fields.map(([name, field]) => (
        <FieldInput key={name} name={name} field={field} control={control} />
      ))}
      <Controller
        name="credit"
        control={control}
        render={({ field: input }) => (
          <Form.Item label="Credit">
            <Radio.Group
              aria-label="Credit"
              value={input.value}
              onChange={(event) => input.onChange(event.target.value)}
              options={[
                { value: 'artist', label: 'Me, the artist' },
                { value: 'publisher', label: 'A publisher' },
              ]}
            />
          </Form.Item>
        )}
      />
      {credit === 'publisher' && (
        <Controller
          name="publisher"
          control={control}
          rules={{ required: 'Publisher is required.' }}
          render={({ field: input, fieldState }) => (
            <Form.Item
              label="Publisher"
              htmlFor="upload-publisher"
              required
              help={fieldState.error?.message}
              validateStatus={fieldState.error ? 'error' : undefined}
            >
              <Input id="upload-publisher" maxLength={200} {...input} />
            </Form.Item>
          )}
        />
      )}
    </>
  );
}
