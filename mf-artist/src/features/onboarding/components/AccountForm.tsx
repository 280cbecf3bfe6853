import { Button, Checkbox, Form, Select } from 'antd';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormAlertView, useServerErrors } from '@atelier/ui';
import { TextField } from '../../../components/TextField';
import { useAddAccount } from '../api/onboarding';
import {
  ACCOUNT_DEFAULTS,
  ACCOUNT_FIELDS,
  ACCOUNT_KINDS,
  accountBody,
  accountRules,
  type AccountValues,
} from '../account-model';

const required = (label: string) => ({ required: `${label} is required.` });

/** Adds a payout account: US bank, IBAN bank, PayPal or Venmo. */
export function AccountForm({ first, onAdded }: { first: boolean; onAdded?: () => void }) {
  const add = useAddAccount();
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AccountValues>({ defaultValues: ACCOUNT_DEFAULTS });
  const server = useServerErrors(setError, ACCOUNT_FIELDS);
  const kind = useWatch({ control, name: 'kind' });
  const submit = handleSubmit(async (values) => {
    server.clear();
    try {
      await add.mutateAsync(accountBody(values));
      reset(ACCOUNT_DEFAULTS);
      onAdded?.();
    } catch (error) {
      server.show(error);
    }
  });
  const bank = kind === 'us-bank' || kind === 'iban-bank';
  return (
    <Form
      layout="vertical"
      component="form"
      aria-label="Add a payout account"
      onSubmitCapture={(e) => void submit(e)}
      onChangeCapture={server.clear}
      noValidate
      style={{ maxWidth: 560 }}
    >
      <FormAlertView alert={server.alert} />
      <Controller
        name="kind"
        control={control}
        render={({ field }) => (
          <Form.Item label="Account type" htmlFor="artist-account-kind" required>
            <Select
              id="artist-account-kind"
              value={field.value}
              onChange={field.onChange}
              options={ACCOUNT_KINDS.map((k) => ({ value: k.value, label: k.label }))}
            />
          </Form.Item>
        )}
      />
      {bank ? (
        <TextField
          control={control}
          name="accountHolder"
          label="Account holder"
          autoComplete="name"
          required
          rules={required('Account holder')}
          error={errors.accountHolder?.message}
        />
      ) : null}
      {kind === 'us-bank' ? (
        <>
          <TextField
            control={control}
            name="routingNumber"
            label="Routing number"
            inputMode="numeric"
            maxLength={11}
            required
            rules={{ validate: accountRules.routingNumber }}
            error={errors.routingNumber?.message}
          />
          <TextField
            control={control}
            name="accountNumber"
            label="Account number"
            inputMode="numeric"
            maxLength={20}
            required
            rules={{ validate: accountRules.accountNumber }}
            error={errors.accountNumber?.message}
          />
        </>
      ) : null}
      {kind === 'iban-bank' ? (
        <TextField
          control={control}
          name="iban"
          label="IBAN"
          placeholder="DE89 3704 0044 0532 0130 00"
          maxLength={50}
          required
          rules={{ validate: accountRules.iban }}
          error={errors.iban?.message}
        />
      ) : null}
      {kind === 'paypal' ? (
        <TextField
          control={control}
          name="email"
          label="PayPal email"
          type="email"
          autoComplete="email"
          required
          rules={required('PayPal email')}
          error={errors.email?.message}
        />
      ) : null}
      {kind === 'venmo' ? (
        <TextField
          control={control}
          name="accountId"
          label="Venmo username"
          placeholder="@your-name"
          required
          rules={required('Venmo username')}
          error={errors.accountId?.message}
        />
      ) : null}
      {first ? null : (
        <Controller
          name="default"
          control={control}
          render={({ field }) => (
            <Form.Item>
              <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)}>
                Make this my default payout account
              </Checkbox>
            </Form.Item>
          )}
        />
      )}
      <Button type="primary" htmlType="submit" loading={isSubmitting}>
        Add account
      </Button>
    </Form>
  );
}
