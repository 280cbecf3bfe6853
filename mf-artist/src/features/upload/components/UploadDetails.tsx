import { Form, Input, Radio } from 'antd';
import { Controller, type Control } from 'react-hook-form';
import type { FieldMetadata } from '@atelier/contracts';
import { UploadFields } from '@atelier/ui';

/** The shared details of the pictures being sent (one picture's in basic mode). */
export interface UploadDetailsValues {
  [field: string]: unknown;
  credit: 'artist' | 'publisher';
  publisher: string;
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
      <UploadFields fields={fields} control={control} />
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
