import { Form, Input } from 'antd';
import {
  Controller,
  type Control,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
} from 'react-hook-form';

export interface TextFieldProps<Values extends FieldValues> {
  control: Control<Values>;
  name: FieldPath<Values>;
  label: string;
  error?: string | undefined;
  required?: boolean;
  rules?: RegisterOptions<Values, FieldPath<Values>>;
  autoComplete?: string;
  type?: 'text' | 'email' | 'url' | 'date';
  inputMode?: 'text' | 'email' | 'numeric' | 'url';
  placeholder?: string;
  extra?: string;
  /** Multi-line text (SPEC §5 textarea: at most 8 rows). */
  multiline?: boolean;
  maxLength?: number;
}

/** A labelled text input bound to react-hook-form, its error (client or server) under it. */
export function TextField<Values extends FieldValues>({
  control,
  name,
  label,
  error,
  required = false,
  rules,
  autoComplete = 'off',
  type = 'text',
  inputMode,
  placeholder,
  extra,
  multiline = false,
  maxLength,
}: TextFieldProps<Values>) {
  const id = `artist-${name.replace(/[._]/g, '-')}`;
  return (
    <Controller
      name={name}
      control={control}
      rules={rules}
      render={({ field }) => {
        const common = {
          id,
          name: field.name,
          value: typeof field.value === 'string' ? field.value : '',
          onChange: field.onChange,
          onBlur: field.onBlur,
          placeholder,
          maxLength,
          'aria-invalid': Boolean(error),
          'aria-required': required,
        };
        return (
          <Form.Item
            label={label}
            htmlFor={id}
            required={required}
            validateStatus={error ? 'error' : undefined}
            help={error}
            extra={extra}
            style={{ marginBottom: 16 }}
          >
            {multiline ? (
              <Input.TextArea {...common} ref={field.ref} autoSize={{ minRows: 3, maxRows: 8 }} />
            ) : (
              <Input
                {...common}
                ref={field.ref}
                type={type}
                inputMode={inputMode}
                autoComplete={autoComplete}
              />
            )}
          </Form.Item>
        );
      }}
    />
  );
}
