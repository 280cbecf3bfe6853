import type { Credentials } from '@atelier/contracts';
import { Button, Form, Input } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import FormAlertView from '../forms/FormAlertView';
import { useServerErrors } from '../forms/use-server-errors';
import {
  EMAIL_INVALID,
  EMAIL_PATTERN,
  EMAIL_REQUIRED,
  PASSWORD_REQUIRED,
} from './credential-rules';

export type { Credentials } from '@atelier/contracts';

export interface CredentialsFormProps {
  submitLabel: string;
  defaultEmail?: string;
  /** 'new-password' on sign-up, so password managers offer to generate one. */
  passwordAutoComplete?: 'current-password' | 'new-password';
  /** Ids must be unique on the page (a guard's form may share it with a login link). */
  idPrefix?: string;
  onSubmit: (values: Credentials) => Promise<void>;
}

const FIELDS = ['email', 'password'] as const;

/** SPEC §5: the username is an email and required; the password is required. */
function CredentialsForm({
  submitLabel,
  defaultEmail = '',
  passwordAutoComplete = 'current-password',
  idPrefix = 'credentials',
  onSubmit,
}: CredentialsFormProps) {
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({ defaultValues: { email: defaultEmail, password: '' } });
  const server = useServerErrors(setError, FIELDS);

  const submit = handleSubmit(async (values) => {
    server.clear();
    try {
      await onSubmit(values);
    } catch (error) {
      server.show(error);
    }
  });

  const emailId = `${idPrefix}-email`;
  const passwordId = `${idPrefix}-password`;
  return (
    <Form
      layout="vertical"
      component="form"
      onSubmitCapture={(e) => void submit(e)}
      onChangeCapture={server.clear}
      noValidate
    >
      <FormAlertView alert={server.alert} />
      <Controller
        name="email"
        control={control}
        rules={{
          required: EMAIL_REQUIRED,
          pattern: { value: EMAIL_PATTERN, message: EMAIL_INVALID },
        }}
        render={({ field }) => (
          <Form.Item
            label="Email"
            htmlFor={emailId}
            required
            validateStatus={errors.email ? 'error' : undefined}
            help={errors.email?.message}
          >
            <Input
              {...field}
              id={emailId}
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
        rules={{ required: PASSWORD_REQUIRED }}
        render={({ field }) => (
          <Form.Item
            label="Password"
            htmlFor={passwordId}
            required
            validateStatus={errors.password ? 'error' : undefined}
            help={errors.password?.message}
          >
            <Input.Password
              {...field}
              id={passwordId}
              autoComplete={passwordAutoComplete}
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

export default CredentialsForm;
