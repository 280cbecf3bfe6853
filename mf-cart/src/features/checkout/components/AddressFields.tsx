import { Col, Form, Row } from 'antd';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import {
  CHECKOUT_MESSAGES,
  COUNTRIES,
  REGION_REQUIRED,
  type CheckoutValues,
} from '../checkout-model';
import { TextField } from './TextField';

const required = (label: string) => ({ required: CHECKOUT_MESSAGES.required(label) });

const selectStyle = {
  width: '100%',
  height: 32,
  padding: '4px 8px',
  border: '1px solid #d9d9d9',
  borderRadius: 6,
  background: '#fff',
  font: 'inherit',
} as const;

/** The shipping address, with the autocomplete hints browsers fill addresses from. */
export function AddressFields({
  control,
  errors,
  country,
}: {
  control: Control<CheckoutValues>;
  errors: FieldErrors<CheckoutValues>['shipping_address'];
  country: string;
}) {
  const regionRequired = REGION_REQUIRED.includes(country);
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <legend style={{ fontSize: 16, fontWeight: 600, marginBottom: 8 }}>Shipping address</legend>
      <TextField
        control={control}
        name="shipping_address.name"
        label="Full name"
        autoComplete="shipping name"
        required
        rules={required('Full name')}
        error={errors?.name?.message}
      />
      <TextField
        control={control}
        name="shipping_address.company"
        label="Company (optional)"
        autoComplete="shipping organization"
        error={errors?.company?.message}
      />
      <TextField
        control={control}
        name="shipping_address.line1"
        label="Address line 1"
        autoComplete="shipping address-line1"
        required
        rules={required('Address line 1')}
        error={errors?.line1?.message}
      />
      <TextField
        control={control}
        name="shipping_address.line2"
        label="Address line 2 (optional)"
        autoComplete="shipping address-line2"
        error={errors?.line2?.message}
      />
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <TextField
            control={control}
            name="shipping_address.city"
            label="City"
            autoComplete="shipping address-level2"
            required
            rules={required('City')}
            error={errors?.city?.message}
          />
        </Col>
        <Col xs={24} sm={12}>
          <TextField
            control={control}
            name="shipping_address.region"
            label="State / Region"
            autoComplete="shipping address-level1"
            required={regionRequired}
            rules={{
              validate: (value, values) =>
                !REGION_REQUIRED.includes(values.shipping_address.country) ||
                (typeof value === 'string' && value.trim() !== '') ||
                CHECKOUT_MESSAGES.required('State / Region'),
            }}
            error={errors?.region?.message}
          />
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <TextField
            control={control}
            name="shipping_address.postal_code"
            label="ZIP / Postal code"
            autoComplete="shipping postal-code"
            required
            rules={required('ZIP / Postal code')}
            error={errors?.postal_code?.message}
          />
        </Col>
        <Col xs={24} sm={12}>
          <Controller
            name="shipping_address.country"
            control={control}
            rules={required('Country')}
            render={({ field }) => (
              <Form.Item
                label="Country"
                htmlFor="checkout-shipping-address-country"
                required
                validateStatus={errors?.country ? 'error' : undefined}
                help={errors?.country?.message}
                style={{ marginBottom: 12 }}
              >
                <select
                  {...field}
                  id="checkout-shipping-address-country"
                  autoComplete="shipping country"
                  aria-invalid={Boolean(errors?.country)}
                  style={selectStyle}
                >
                  {COUNTRIES.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </Form.Item>
            )}
          />
        </Col>
      </Row>
      <TextField
        control={control}
        name="shipping_address.phone"
        label="Phone (optional)"
        autoComplete="shipping tel"
        type="tel"
        inputMode="tel"
        error={errors?.phone?.message}
      />
    </fieldset>
  );
}
