import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { authActions } from '@atelier/session';
import { FormAlertView, useServerErrors } from '@atelier/ui';
import { AccountCard } from './AccountCard';
import { missingResetParams, NEW_PASSWORD_REQUIRED, PASSWORD_CHANGED } from './messages';

/** uid and token come from the link; the server's errors about them are hidden fields. */
const FIELDS = ['new_password'] as const;

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
  const server = useServerErrors(setError, FIELDS);
  const submit = handleSubmit(async ({ new_password }) => {
    server.clear();
    try {
      await authActions.confirmPasswordReset(uid ?? '', token ?? '', new_password);
      setDone(true);
    } catch (error) {
      server.show(error);
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
          role="status"
          title={PASSWORD_CHANGED}
          description={<Link to="/accounts/login">Sign in</Link>}
        />
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
            name="new_password"
            control={control}
            rules={{ required: NEW_PASSWORD_REQUIRED }}
            render={({ field }) => (
              <Form.Item
                label="New Password"
                htmlFor="new-password"
                required
                validateStatus={errors.new_password ? 'error' : undefined}
                help={errors.new_password?.message}
              >
                <Input.Password
                  {...field}
                  id="new-password"
                  autoComplete="new-password"
                  aria-invalid={Boolean(errors.new_password)}
                />
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
