import { Button, Col, Form, Row } from 'antd';
import { useForm } from 'react-hook-form';
import type { ArtistIdentity } from '@atelier/contracts';
import { FormAlertView, useServerErrors } from '@atelier/ui';
import { TextField } from '../../../components/TextField';
import { useSavePayee } from '../api/onboarding';

interface PayeeValues {
  businessName: string;
  firstName: string;
  lastName: string;
  email: string;
}
const FIELDS = ['businessName', 'firstName', 'lastName', 'email'] as const;
const required = (label: string) => ({ required: `${label} is required.` });

/** The payee identity payouts are made to. */
export function PayeeForm({
  identity,
  defaultEmail,
}: {
  identity: ArtistIdentity | null;
  defaultEmail: string;
}) {
  const save = useSavePayee();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PayeeValues>({
    defaultValues: {
      businessName: identity?.businessName ?? '',
      firstName: identity?.firstName ?? '',
      lastName: identity?.lastName ?? '',
      email: identity?.email ?? defaultEmail,
    },
  });
  const server = useServerErrors(setError, FIELDS);
  const submit = handleSubmit(async (values) => {
    server.clear();
    try {
      await save.mutateAsync(values);
    } catch (error) {
      server.show(error);
    }
  });
  return (
    <Form
      layout="vertical"
      component="form"
      aria-label="Payee details"
      onSubmitCapture={(e) => void submit(e)}
      onChangeCapture={server.clear}
      noValidate
      style={{ maxWidth: 560 }}
    >
      <FormAlertView alert={server.alert} />
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <TextField
            control={control}
            name="firstName"
            label="First name"
            autoComplete="given-name"
            required
            rules={required('First name')}
            error={errors.firstName?.message}
          />
        </Col>
        <Col xs={24} sm={12}>
          <TextField
            control={control}
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            required
            rules={required('Last name')}
            error={errors.lastName?.message}
          />
        </Col>
      </Row>
      <TextField
        control={control}
        name="businessName"
        label="Business name (optional)"
        autoComplete="organization"
        error={errors.businessName?.message}
      />
      <TextField
        control={control}
        name="email"
        label="Payout email"
        type="email"
        autoComplete="email"
        required
        rules={required('Payout email')}
        error={errors.email?.message}
      />
      <Button
        htmlType="submit"
        type={identity ? 'default' : 'primary'}
        loading={isSubmitting}
        disabled={Boolean(identity) && !isDirty}
      >
        {identity ? 'Save payee details' : 'Save and add an account'}
      </Button>
    </Form>
  );
}
