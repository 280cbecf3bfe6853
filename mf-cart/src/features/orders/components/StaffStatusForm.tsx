import { App, Button, Form, Input, Radio, Typography } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { ORDER_TRANSITIONS, type Order, type OrderStatus } from '@atelier/contracts';
import { FormAlertView, useServerErrors } from '@atelier/ui';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { ORDER_MESSAGES } from '../messages';

interface StatusValues {
  status: OrderStatus | '';
  note: string;
}

const FIELDS = ['status', 'note'] as const;
const STATUS_REQUIRED = 'Choose the next status.';
const NOTE_MAX_LENGTH = 1000;

/**
 * Staff move an order to one of its allowed next statuses (ORDER_TRANSITIONS) with a note:
 * this is how an invoice's payment is recorded ('awaiting payment' → 'paid').
 */
export function StaffStatusForm({ order }: { order: Order }) {
  const { message } = App.useApp();
  // Shipping (carrier, tracking) and cancelling (a reason) are done in Manage's order screen.
  const next = ORDER_TRANSITIONS[order.status].filter(
    (status) => status !== 'shipped' && status !== 'cancelled',
  );
  const elsewhere = ORDER_TRANSITIONS[order.status].length > next.length;
  const manageLink = elsewhere && (
    <Typography.Paragraph>
      <Typography.Link href={`/manage/order/${order.order_id}`}>
        Ship or cancel this order in Manage
      </Typography.Link>
    </Typography.Paragraph>
  );
  const update = useUpdateOrderStatus(order.id);
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<StatusValues>({ defaultValues: { status: '', note: '' } });
  const server = useServerErrors(setError, FIELDS);

  const submit = handleSubmit(async ({ status, note }) => {
    server.clear();
    if (!status) return;
    try {
      await update.mutateAsync({ status, note: note.trim() || undefined });
      reset({ status: '', note: '' });
      void message.success(ORDER_MESSAGES.statusUpdated);
    } catch (error) {
      server.show(error);
    }
  });

  if (next.length === 0) {
    return (
      manageLink || (
        <Typography.Paragraph type="secondary">{ORDER_MESSAGES.noNextStatus}</Typography.Paragraph>
      )
    );
  }
  return (
    <>
      {manageLink}
      <Form
        layout="vertical"
        component="form"
        aria-label="Change status"
        onSubmitCapture={(e) => void submit(e)}
        onChangeCapture={server.clear}
        noValidate
      >
        <FormAlertView alert={server.alert} />
        <Controller
          name="status"
          control={control}
          rules={{ required: STATUS_REQUIRED }}
          render={({ field }) => (
            <Form.Item
              label={<span id="order-next-status-label">Next status</span>}
              required
              validateStatus={errors.status ? 'error' : undefined}
              help={errors.status?.message}
            >
              <Radio.Group
                aria-labelledby="order-next-status-label"
                role="radiogroup"
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
              >
                {next.map((status, index) => (
                  <Radio
                    key={status}
                    value={status}
                    ref={index === 0 ? field.ref : undefined}
                    style={{ textTransform: 'capitalize' }}
                  >
                    {status}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
          )}
        />
        <Controller
          name="note"
          control={control}
          rules={{
            maxLength: {
              value: NOTE_MAX_LENGTH,
              message: `At most ${NOTE_MAX_LENGTH} characters.`,
            },
          }}
          render={({ field }) => (
            <Form.Item
              label="Note"
              htmlFor="order-status-note"
              validateStatus={errors.note ? 'error' : undefined}
              help={errors.note?.message}
            >
              <Input.TextArea
                {...field}
                id="order-status-note"
                rows={2}
                placeholder="e.g. Invoice 2231 paid by bank transfer"
                aria-invalid={Boolean(errors.note)}
              />
            </Form.Item>
          )}
        />
        <Button type="primary" htmlType="submit" loading={isSubmitting} disabled={isSubmitting}>
          Update status
        </Button>
      </Form>
    </>
  );
}
