import { Alert, Button, Form, Input, Select } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import {
  CARRIERS,
  CARRIER_LABELS,
  normalizeTrackingNumber,
  trackingNumberError,
  type Carrier,
} from '@atelier/contracts';
import { readServerErrors } from '@atelier/ui';

const CARRIER_REQUIRED = 'Choose the carrier.';
const FIELDS = ['carrier', 'tracking_number', 'note'] as const;

export interface ShipValues {
  carrier: Carrier | '';
  tracking_number: string;
  note: string;
}

/**
 * The carrier and tracking number of a shipment, checked against the carrier's format as
 * the server checks it; the server's field errors land under the fields too.
 */
export function ShipForm({
  onShip,
  onCancel,
  pending,
}: {
  onShip: (values: { carrier: Carrier; tracking_number: string; note: string }) => Promise<void>;
  onCancel: () => void;
  pending: boolean;
}) {
  const { control, handleSubmit, setError, formState } = useForm<ShipValues>({
    defaultValues: { carrier: '', tracking_number: '', note: '' },
  });
  const errors = formState.errors;
  const rootError = errors.root?.message;
  const submit = handleSubmit(async (values) => {
    if (values.carrier === '') return;
    try {
      await onShip({
        carrier: values.carrier,
        tracking_number: normalizeTrackingNumber(values.tracking_number),
        note: values.note.trim(),
      });
    } catch (error) {
      const { fields, alert } = readServerErrors(error, FIELDS);
      fields.forEach(({ name, message }, index) =>
        setError(name, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      if (alert) setError('root', { type: 'server', message: alert.title });
    }
  });
  return (
    <Form
      layout="vertical"
      component="form"
      aria-label="Ship the order"
      onSubmitCapture={(event) => void submit(event)}
      noValidate
    >
      {rootError && <Alert type="error" showIcon title={rootError} style={{ marginBottom: 12 }} />}
      <Form.Item
        label="Carrier"
        htmlFor="ship-carrier"
        required
        validateStatus={errors.carrier ? 'error' : undefined}
        help={errors.carrier?.message}
      >
        <Controller
          control={control}
          name="carrier"
          rules={{ validate: (value) => value !== '' || CARRIER_REQUIRED }}
          render={({ field }) => (
            <Select
              {...field}
              id="ship-carrier"
              aria-label="Carrier"
              placeholder="Choose a carrier"
              value={field.value === '' ? undefined : field.value}
              options={CARRIERS.map((value) => ({ value, label: CARRIER_LABELS[value] }))}
            />
          )}
        />
      </Form.Item>
      <Form.Item
        label="Tracking number"
        htmlFor="ship-tracking"
        required
        validateStatus={errors.tracking_number ? 'error' : undefined}
        help={errors.tracking_number?.message}
      >
        <Controller
          control={control}
          name="tracking_number"
          rules={{
            validate: (value, values) =>
              (values.carrier === ''
                ? value.trim() === ''
                  ? 'This field may not be blank.'
                  : null
                : trackingNumberError(values.carrier, value)) ?? true,
          }}
          render={({ field }) => (
            <Input {...field} id="ship-tracking" autoComplete="off" spellCheck={false} />
          )}
        />
      </Form.Item>
      <Form.Item
        label="Note to the customer (optional)"
        htmlFor="ship-note"
        validateStatus={errors.note ? 'error' : undefined}
        help={errors.note?.message}
      >
        <Controller
          control={control}
          name="note"
          render={({ field }) => (
            <Input.TextArea {...field} id="ship-note" autoSize={{ minRows: 2 }} maxLength={1000} />
          )}
        />
      </Form.Item>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button type="primary" htmlType="submit" loading={pending}>
          Mark shipped and email the customer
        </Button>
        <Button onClick={onCancel}>Back</Button>
      </div>
    </Form>
  );
}
