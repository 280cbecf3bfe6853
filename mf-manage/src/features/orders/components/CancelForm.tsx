import { Alert, Button, Form, Input } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { CANCEL_REASON_MAX_LENGTH, ORDER_FULFILMENT_MESSAGES } from '@atelier/contracts';
import { readServerErrors } from '@atelier/ui';

/** Why the order is cancelled: required, and told to the customer. */
export function CancelForm({
  onCancelOrder,
  onBack,
  pending,
}: {
  onCancelOrder: (reason: string) => Promise<void>;
  onBack: () => void;
  pending: boolean;
}) {
  const { control, handleSubmit, setError, formState } = useForm<{ reason: string }>({
    defaultValues: { reason: '' },
  });
  const error = formState.errors.reason?.message;
  const rootError = formState.errors.root?.message;
  const submit = handleSubmit(async ({ reason }) => {
    try {
      await onCancelOrder(reason.trim());
    } catch (failure) {
      const { fields, alert } = readServerErrors(failure, ['reason'] as const);
      fields.forEach(({ name, message }) => setError(name, { type: 'server', message }));
      if (alert) setError('root', { type: 'server', message: alert.title });
    }
  });
  return (
    <Form
      layout="vertical"
      component="form"
      aria-label="Cancel the order"
      onSubmitCapture={(event) => void submit(event)}
      noValidate
    >
      {rootError && <Alert type="error" showIcon title={rootError} style={{ marginBottom: 12 }} />}
      <Form.Item
        label="Reason (sent to the customer)"
        htmlFor="cancel-reason"
        required
        validateStatus={error ? 'error' : undefined}
        help={error}
      >
        <Controller
          control={control}
          name="reason"
          rules={{
            validate: (value) => value.trim() !== '' || ORDER_FULFILMENT_MESSAGES.reasonRequired,
          }}
          render={({ field }) => (
            <Input.TextArea
              {...field}
              id="cancel-reason"
              autoSize={{ minRows: 2 }}
              maxLength={CANCEL_REASON_MAX_LENGTH}
            />
          )}
        />
      </Form.Item>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button danger type="primary" htmlType="submit" loading={pending}>
          Cancel order and email the customer
        </Button>
        <Button onClick={onBack}>Back</Button>
      </div>
    </Form>
  );
}
