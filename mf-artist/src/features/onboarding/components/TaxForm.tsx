import { Alert, Button, Checkbox, Col, Form, Radio, Row, Select, Typography } from 'antd';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FEDERAL_TAX_CLASSIFICATIONS, type TaxFormView } from '@atelier/contracts';
import { FormAlertView, useServerErrors } from '@atelier/ui';
import { TextField } from '../../../components/TextField';
import { useSaveTaxForm } from '../api/onboarding';
import {
  TAX_FIELDS,
  TAX_MESSAGES,
  US_PERSON_QUESTION,
  taxBody,
  taxDefaults,
  validateTin,
  type TaxValues,
} from '../tax-model';

const required = (label: string) => ({ required: TAX_MESSAGES.required(label) });
const countryRule = {
  required: TAX_MESSAGES.required('Country'),
  pattern: { value: /^\s*[A-Za-z]{2}\s*$/, message: TAX_MESSAGES.country },
};

/** W-9 for US persons, W-8BEN for others; the TIN is checked here and again by the server. */
export function TaxForm({
  saved,
  submitLabel,
  onSaved,
}: {
  saved: TaxFormView | null;
  submitLabel: string;
  onSaved: () => void;
}) {
  const save = useSaveTaxForm();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TaxValues>({ defaultValues: taxDefaults(saved) });
  const server = useServerErrors(setError, TAX_FIELDS);
  const usPerson = useWatch({ control, name: 'us_person' }) === 'yes';
  const tinType = useWatch({ control, name: 'tin_type' });
  const submit = handleSubmit(async (values) => {
    server.clear();
    try {
      await save.mutateAsync(taxBody(values));
      onSaved();
    } catch (error) {
      server.show(error);
    }
  });
  const a = errors.address;
  return (
    <Form
      layout="vertical"
      component="form"
      aria-label="Tax form"
      onSubmitCapture={(e) => void submit(e)}
      onChangeCapture={server.clear}
      noValidate
      style={{ maxWidth: 720 }}
    >
      <FormAlertView alert={server.alert} />
      {saved ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`On file: ${saved.form}${saved.tin_masked ? `, TIN ${saved.tin_masked}` : ''}`}
          description="Your tax id is never shown in full. Enter it again to change your form."
        />
      ) : null}
      <Controller
        name="us_person"
        control={control}
        render={({ field }) => (
          <Form.Item label={US_PERSON_QUESTION} required>
            <Radio.Group
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              optionType="button"
              options={[
                { value: 'yes', label: 'Yes: W-9' },
                { value: 'no', label: 'No: W-8BEN' },
              ]}
            />
          </Form.Item>
        )}
      />
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {usPerson ? 'Form W-9' : 'Form W-8BEN'}
      </Typography.Title>
      <TextField
        control={control}
        name="legal_name"
        label={
          usPerson
            ? 'Name (as shown on your income tax return)'
            : 'Name of individual who is the beneficial owner'
        }
        autoComplete="name"
        required
        rules={required('Name')}
        error={errors.legal_name?.message}
      />
      {usPerson ? (
        <>
          <TextField
            control={control}
            name="business_name"
            label="Business name (if different)"
            autoComplete="organization"
            error={errors.business_name?.message}
          />
          <Controller
            name="tax_classification"
            control={control}
            rules={required('Federal tax classification')}
            render={({ field }) => (
              <Form.Item
                label="Federal tax classification"
                htmlFor="artist-tax-classification"
                required
                validateStatus={errors.tax_classification ? 'error' : undefined}
                help={errors.tax_classification?.message}
              >
                <Select
                  id="artist-tax-classification"
                  value={field.value}
                  onChange={field.onChange}
                  options={FEDERAL_TAX_CLASSIFICATIONS.map((c) => ({
                    value: c.value,
                    label: c.label,
                  }))}
                />
              </Form.Item>
            )}
          />
          <Row gutter={12}>
            <Col xs={24} sm={10}>
              <Controller
                name="tin_type"
                control={control}
                render={({ field }) => (
                  <Form.Item label="Taxpayer identification number type" required>
                    <Radio.Group
                      value={field.value}
                      onChange={(e) => field.onChange(e.target.value)}
                      options={[
                        { value: 'SSN', label: 'SSN' },
                        { value: 'EIN', label: 'EIN' },
                      ]}
                    />
                  </Form.Item>
                )}
              />
            </Col>
            <Col xs={24} sm={14}>
              <TextField
                control={control}
                name="tin"
                label={
                  tinType === 'EIN' ? 'Employer identification number' : 'Social security number'
                }
                placeholder={tinType === 'EIN' ? '12-3456789' : '123-45-6789'}
                inputMode="numeric"
                required
                rules={{ validate: validateTin(tinType) }}
                error={errors.tin?.message}
              />
            </Col>
          </Row>
        </>
      ) : (
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <TextField
              control={control}
              name="country_of_citizenship"
              label="Country of citizenship"
              placeholder="PT"
              maxLength={2}
              required
              rules={countryRule}
              error={errors.country_of_citizenship?.message}
            />
          </Col>
          <Col xs={24} sm={8}>
            <TextField
              control={control}
              name="date_of_birth"
              label="Date of birth"
              type="date"
              required
              rules={required('Date of birth')}
              error={errors.date_of_birth?.message}
            />
          </Col>
          <Col xs={24} sm={8}>
            <TextField
              control={control}
              name="foreign_tin"
              label="Foreign tax id (optional)"
              error={errors.foreign_tin?.message}
            />
          </Col>
        </Row>
      )}
      <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <legend style={{ fontSize: 16, fontWeight: 600, marginBottom: 8 }}>
          {usPerson ? 'Address' : 'Permanent residence address'}
        </legend>
        {a?.message ? <Alert type="error" title={a.message} style={{ marginBottom: 12 }} /> : null}
        <TextField
          control={control}
          name="address.line1"
          label="Address line 1"
          autoComplete="address-line1"
          required
          rules={required('Address line 1')}
          error={a?.line1?.message}
        />
        <TextField
          control={control}
          name="address.line2"
          label="Address line 2"
          autoComplete="address-line2"
          error={a?.line2?.message}
        />
        <Row gutter={12}>
          <Col xs={24} sm={10}>
            <TextField
              control={control}
              name="address.city"
              label="City"
              autoComplete="address-level2"
              required
              rules={required('City')}
              error={a?.city?.message}
            />
          </Col>
          <Col xs={12} sm={6}>
            <TextField
              control={control}
              name="address.region"
              label={usPerson ? 'State' : 'Region'}
              autoComplete="address-level1"
              error={a?.region?.message}
            />
          </Col>
          <Col xs={12} sm={8}>
            <TextField
              control={control}
              name="address.postal_code"
              label={usPerson ? 'ZIP code' : 'Postal code'}
              autoComplete="postal-code"
              error={a?.postal_code?.message}
            />
          </Col>
        </Row>
        {usPerson ? null : (
          <TextField
            control={control}
            name="address.country"
            label="Country"
            placeholder="PT"
            maxLength={2}
            required
            rules={countryRule}
            error={a?.country?.message}
          />
        )}
      </fieldset>
      <Controller
        name="certify"
        control={control}
        rules={{ validate: (value) => value || TAX_MESSAGES.certify }}
        render={({ field }) => (
          <Form.Item
            validateStatus={errors.certify ? 'error' : undefined}
            help={errors.certify?.message}
          >
            <Checkbox
              checked={field.value}
              onChange={(e) => field.onChange(e.target.checked)}
              ref={field.ref}
            >
              Under penalties of perjury, I certify that the information on this form is true,
              correct and complete.
            </Checkbox>
          </Form.Item>
        )}
      />
      <Button type="primary" htmlType="submit" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}
