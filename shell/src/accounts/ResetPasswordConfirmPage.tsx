import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { formatError } from '@atelier/ui';
import { AccountCard } from './AccountCard';
import { authRequests } from './auth-requests';
import { missingResetParams, PASSWORD_CHANGED } from './messages';

/** SPEC §5 Set new password: uid and token come from the emailed link. */
export function ResetPasswordConfirmPage() {
  const { uid, token } = useParams();
  const [done, setDone] = useState(false);
  const missing = [!uid && 'uid', !token && 'token'].filter((m): m is string => Boolean(m));
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ defaultValues: { new_password: '' } });
  const submit = handleSubmit(async ({ new_password }) => {
    try {
      await authRequests.confirmReset(uid ?? '', token ?? '', new_password);
      setDone(true);
    } catch (error) {
      const { title, description } = formatError(error);
      setError('root', { message: [title, description].filter(Boolean).join(': ') });
    }
  });
  if (missing.length > 0) {
    return (
      <AccountCard title="Set Password">
        <Alert type="error" showIcon title={missingResetParams(missing)} role="alert" />
      </AccountCard>
    );
  }
  return (
    <AccountCard title="Set Password">
      {done ? (
        <Alert
          type="success"
          showIcon
          title={PASSWORD_CHANGED}
          description={<Link to="/accounts/login">Sign in</Link>}
        />
      ) : (
        <Form layout="vertical" component="form" onSubmitCapture={(e) => void submit(e)} noValidate>
          {errors.root && <Alert type="error" showIcon title={errors.root.message} role="alert" />}
          <Controller
            name="new_password"
            control={control}
            rules={{ required: 'New Password is required.' }}
            render={({ field }) => (
              <Form.Item
                label="New Password"
                htmlFor="new-password"
                required
                validateStatus={errors.new_password ? 'error' : undefined}
                help={errors.new_password?.message}
              >
                <Input.Password {...field} id="new-password" autoComplete="new-password" />
              </Form.Item>
            )}
          />
          <Button type="primary" htmlType="submit" loading={isSubmitting}>
            Set Password
          </Button>
        </Form>
      )}
    </AccountCard>
  );
}
