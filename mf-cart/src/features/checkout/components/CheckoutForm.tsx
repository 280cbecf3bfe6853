import { Alert, Button, Form, Typography } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import type { CheckoutRequest, Order } from '@atelier/contracts';
import { EMAIL_INVALID, EMAIL_PATTERN, FormAlertView, useServerErrors } from '@atelier/ui';
import { flattenCheckoutError, isAlreadyOrdered } from '../api/checkout-errors';
import {
  CHECKOUT_FIELDS,
  CHECKOUT_MESSAGES,
  emptyCheckoutValues,
  toCheckoutRequest,
  type CheckoutValues,
  type PaymentOption,
} from '../checkout-model';
import { AddressFields } from './AddressFields';
import { PaymentMethodField } from './PaymentMethodField';
import { TextField } from './TextField';

export interface CheckoutFormProps {
  defaultEmail: string;
  methods: readonly PaymentOption[];
  onSubmit: (body: CheckoutRequest) => Promise<Order>;
  /** Checkout answered 409: the project was ordered meanwhile. */
  onAlreadyOrdered: () => void;
}

/**
 * Contact email, shipping address and payment method. Server 400s land under their fields
 * (the first focused), non-field errors in an alert above (SPEC §8 Form 400).
 */
export function CheckoutForm({
  defaultEmail,
  methods,
  onSubmit,
  onAlreadyOrdered,
}: CheckoutFormProps) {
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutValues>({
    defaultValues: emptyCheckoutValues(defaultEmail, methods[0]?.value ?? ''),
    shouldFocusError: true,
  });
  const server = useServerErrors(setError, CHECKOUT_FIELDS);
  const [selected, country] = useWatch({
    control,
    name: ['payment_method', 'shipping_address.country'],
  });

  const submit = handleSubmit(async (values) => {
    server.clear();
    try {
      await onSubmit(toCheckoutRequest(values));
    } catch (error) {
      if (isAlreadyOrdered(error)) onAlreadyOrdered();
      else server.show(flattenCheckoutError(error));
    }
  });

  return (
    <Form
      layout="vertical"
      component="form"
      aria-label="Checkout"
      onSubmitCapture={(e) => void submit(e)}
      onChangeCapture={server.clear}
      noValidate
    >
      <FormAlertView alert={server.alert} />
      <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <legend style={{ fontSize: 16, fontWeight: 600, marginBottom: 8 }}>Contact</legend>
        <TextField
          control={control}
          name="email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          rules={{
            required: CHECKOUT_MESSAGES.required('Email'),
            pattern: { value: EMAIL_PATTERN, message: EMAIL_INVALID },
          }}
          error={errors.email?.message}
        />
      </fieldset>
      <AddressFields control={control} errors={errors.shipping_address} country={country} />
      {methods.length > 0 ? (
        <PaymentMethodField
          control={control}
          errors={errors}
          methods={methods}
          selected={selected}
        />
      ) : (
        <Alert type="warning" showIcon title={CHECKOUT_MESSAGES.noPaymentMethods} />
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        Prices and shipping are confirmed by the server when you place the order.
      </Typography.Paragraph>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={isSubmitting}
        disabled={isSubmitting || methods.length === 0}
      >
        {CHECKOUT_MESSAGES.placeOrder}
      </Button>
    </Form>
  );
}
