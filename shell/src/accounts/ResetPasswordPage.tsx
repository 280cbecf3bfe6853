import { useState } from 'react';
import { Alert, Button, Form, Input, Space } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { formatError } from '@atelier/ui';
import { AccountCard } from './AccountCard';
import { authRequests } from './auth-requests';
import { PASSWORD_RESET_REQUESTED } from './messages';
import { safeRedirect } from './safe-redirect';

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
  const submit = handleSubmit(async (values) => {
    try {
      await authRequests.requestReset(values.email);
      setDone(true);
    } catch (error) {
      const { title, description } = formatError(error);
      setError('root', { message: [title, description].filter(Boolean).join(': ') });
    }
  });
  return (
    <AccountCard title="Forgot your password?">
      {done ? (
        <Alert type="success" showIcon title={PASSWORD_RESET_REQUESTED} role="status" />
      ) : (
        <Form layout="vertical" component="form" onSubmitCapture={(e) => void submit(e)} noValidate>
          {errors.root && <Alert type="error" showIcon title={errors.root.message} role="alert" />}
          <Controller
            name="email"
            control={control}
            rules={{
              required: 'Email is required.',
              pattern: {
                value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
                message: 'Enter a valid email address.',
              },
            }}
            render={({ field }) => (
              <Form.Item
                label="Email"
                htmlFor="reset-email"
                required
                validateStatus={errors.email ? 'error' : undefined}
                help={errors.email?.message}
              >
                <Input {...field} id="reset-email" type="email" autoComplete="email" />
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
