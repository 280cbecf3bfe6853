import { Form, Input } from 'antd';
import { Controller, type Control, type FieldPath, type RegisterOptions } from 'react-hook-form';
import type { CheckoutValues } from '../checkout-model';

export interface TextFieldProps {
  control: Control<CheckoutValues>;
  name: FieldPath<CheckoutValues>;
  label: string;
  autoComplete: string;
  error?: string;
  required?: boolean;
  rules?: RegisterOptions<CheckoutValues, FieldPath<CheckoutValues>>;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
}

/** A labelled text input of the checkout form, its error under it. */
export function TextField({
  control,
  name,
  label,
  autoComplete,
  error,
  required = false,
  rules,
  type = 'text',
  inputMode,
}: TextFieldProps) {
  const id = `checkout-${name.replace(/[._]/g, '-')}`;
  return (
    <Controller
      name={name}
      control={control}
      rules={rules}
      render={({ field }) => (
        <Form.Item
          label={label}
          htmlFor={id}
          required={required}
          validateStatus={error ? 'error' : undefined}
          help={error}
          style={{ marginBottom: 12 }}
        >
          <Input
            id={id}
            name={field.name}
            ref={field.ref}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            type={type}
            inputMode={inputMode}
            autoComplete={autoComplete}
            aria-invalid={Boolean(error)}
            aria-required={required}
          />
        </Form.Item>
      )}
    />
  );
}
