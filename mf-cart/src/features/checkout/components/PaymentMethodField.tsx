import { Form, Radio, Space, Typography } from 'antd';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { CHECKOUT_MESSAGES, type CheckoutValues, type PaymentOption } from '../checkout-model';
import { TextField } from './TextField';

function MethodNote({ children }: { children: string }) {
  return (
    <p
      role="note"
      style={{
        margin: '0 0 12px',
        padding: '8px 12px',
        border: '1px solid #91caff',
        borderRadius: 6,
        background: '#e6f4ff',
      }}
    >
      {children}
    </p>
  );
}

/**
 * The payment method radio (what the server offers and this checkout can take); a
 * purchase order needs its number, an invoice is placed awaiting payment, a card is paid
 * on the confirmation page.
 */
export function PaymentMethodField({
  control,
  errors,
  methods,
  selected,
}: {
  control: Control<CheckoutValues>;
  errors: FieldErrors<CheckoutValues>;
  methods: readonly PaymentOption[];
  selected: CheckoutValues['payment_method'];
}) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '8px 0 0', minWidth: 0 }}>
      <legend style={{ fontSize: 16, fontWeight: 600, marginBottom: 8 }}>Payment method</legend>
      <Controller
        name="payment_method"
        control={control}
        rules={{ required: CHECKOUT_MESSAGES.required('Payment method') }}
        render={({ field }) => (
          <Form.Item
            validateStatus={errors.payment_method ? 'error' : undefined}
            help={errors.payment_method?.message}
            style={{ marginBottom: 12 }}
          >
            <Radio.Group
              name={field.name}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
            >
              <Space orientation="vertical">
                {methods.map((method, index) => (
                  <div key={method.value}>
                    <Radio value={method.value} ref={index === 0 ? field.ref : undefined}>
                      {method.label}
                    </Radio>
                    {method.description && (
                      <Typography.Text
                        type="secondary"
                        style={{ display: 'block', paddingInlineStart: 24, fontSize: 13 }}
                      >
                        {method.description}
                      </Typography.Text>
                    )}
                  </div>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        )}
      />
      {selected === 'purchase_order' && (
        <TextField
          control={control}
          name="po_number"
          label="PO number"
          autoComplete="off"
          required
          rules={{
            validate: (value, values) =>
              values.payment_method !== 'purchase_order' ||
              (typeof value === 'string' && value.trim() !== '') ||
              CHECKOUT_MESSAGES.poNumberRequired,
          }}
          error={errors.po_number?.message}
        />
      )}
      {selected === 'invoice' && <MethodNote>{CHECKOUT_MESSAGES.invoiceNote}</MethodNote>}
      {selected === 'card' && <MethodNote>{CHECKOUT_MESSAGES.cardNote}</MethodNote>}
    </fieldset>
  );
}
