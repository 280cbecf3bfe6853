import { useState } from 'react';
import { Alert, Button, Form, Input, Space } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { authActions } from '@atelier/session';
import {
  EMAIL_INVALID,
  EMAIL_PATTERN,
  EMAIL_REQUIRED,
  FormAlertView,
  useServerErrors,
} from '@atelier/ui';
import { AccountCard } from './AccountCard';
import { PASSWORD_RESET_REQUESTED } from './messages';
import { safeRedirect } from './safe-redirect';

const FIELDS = ['email'] as const;

/** SPEC §2 Forgot password: an email field, 'Request Reset' and Cancel. */
export function ResetPasswordPage() {
  const { email } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ defaultValues: { email: email ?? params.get('email') ?? '' } });
  const server = useServerErrors(setError, FIELDS);
  const submit = handleSubmit(async (values) => {
    server.clear();
    try {
      await authActions.requestPasswordReset(values.email);
      setDone(true);
    } catch (error) {
      server.show(error);
    }
  });
  return (
    <AccountCard title="Forgot your password?">
      {done ? (
        <Alert type="success" showIcon title={PASSWORD_RESET_REQUESTED} role="status" />
      ) : (
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
                htmlFor="reset-email"
                required
                validateStatus={errors.email ? 'error' : undefined}
                help={errors.email?.message}
              >
                <Input
                  {...field}
                  id="reset-email"
                  type="email"
                  autoComplete="email"
                  aria-invalid={Boolean(errors.email)}
                />
              </Form.Item>
            )}
          />
          <Space>
            <Button type="primary" htmlType="submit" loading={isSubmitting}>
              Request Reset
            </Button>
            <Button
              onClick={() => void navigate(safeRedirect(params.get('redirect'), '/accounts/login'))}
            >
              Cancel
            </Button>
          </Space>
        </Form>
      )}
    </AccountCard>
  );
}
