import { Alert, Button, Form, Input } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { formatError } from '@atelier/ui';

export interface Credentials {
  email: string;
  password: string;
}

interface CredentialsFormProps {
  submitLabel: string;
  defaultEmail?: string;
  onSubmit: (values: Credentials) => Promise<void>;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC §5: the username is an email and required; the password is required. */
export function CredentialsForm({
  submitLabel,
  defaultEmail = '',
  onSubmit,
}: CredentialsFormProps) {
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({ defaultValues: { email: defaultEmail, password: '' } });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const { title, description } = formatError(error);
      setError('root', { message: [title, description].filter(Boolean).join(': ') });
    }
  });

  return (
    <Form layout="vertical" component="form" onSubmitCapture={(e) => void submit(e)} noValidate>
      {errors.root && <Alert type="error" showIcon title={errors.root.message} role="alert" />}
      <Controller
        name="email"
        control={control}
        rules={{
          required: 'Email is required.',
          pattern: { value: EMAIL_PATTERN, message: 'Enter a valid email address.' },
        }}
        render={({ field }) => (
          <Form.Item
            label="Email"
            htmlFor="email"
            required
            validateStatus={errors.email ? 'error' : undefined}
            help={errors.email?.message}
          >
            <Input
              {...field}
              id="email"
              type="email"
              autoComplete="email"
              aria-invalid={Boolean(errors.email)}
            />
          </Form.Item>
        )}
      />
      <Controller
        name="password"
        control={control}
        rules={{ required: 'Password is required.' }}
        render={({ field }) => (
          <Form.Item
            label="Password"
            htmlFor="password"
            required
            validateStatus={errors.password ? 'error' : undefined}
            help={errors.password?.message}
          >
            <Input.Password
              {...field}
              id="password"
              autoComplete="current-password"
              aria-invalid={Boolean(errors.password)}
            />
          </Form.Item>
        )}
      />
      <Button type="primary" htmlType="submit" loading={isSubmitting} block>
        {submitLabel}
      </Button>
    </Form>
  );
}
