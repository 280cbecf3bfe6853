import { Alert, Button, Card, Checkbox, Descriptions, Form, Space, Typography } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { formatRate, type RoyaltyAgreement } from '@atelier/contracts';
import { FormAlertView, useServerErrors } from '@atelier/ui';
import { useAcceptRoyalty } from '../api/onboarding';

const ACCEPT_REQUIRED = 'Accept the agreement to continue.';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' });

/** The artist's royalty level and the agreement they accept (recorded with its date). */
export function RoyaltyStep({
  royalty,
  onDone,
  doneLabel,
}: {
  royalty: RoyaltyAgreement;
  onDone?: (() => void) | undefined;
  doneLabel: string;
}) {
  const accept = useAcceptRoyalty();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ accept: boolean }>({ defaultValues: { accept: false } });
  const server = useServerErrors(setError, ['accept'] as const);
  const current = royalty.accepted_version === royalty.agreement.version;
  const submit = handleSubmit(async () => {
    server.clear();
    try {
      await accept.mutateAsync(royalty.agreement.version);
      onDone?.();
    } catch (error) {
      server.show(error);
    }
  });
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 760 }}>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'level', label: 'Royalty level', children: royalty.level.name },
          {
            key: 'rate',
            label: 'Royalty rate',
            children: `${formatRate(royalty.level.rate_bp)} of each print's price`,
          },
          ...(royalty.level.description
            ? [{ key: 'about', label: 'About this level', children: royalty.level.description }]
            : []),
        ]}
      />
      <Card title={`Artist agreement (version ${royalty.agreement.version})`} size="small">
        <div style={{ maxHeight: 260, overflowY: 'auto' }} tabIndex={0} aria-label="Agreement text">
          {royalty.agreement.text.split('\n\n').map((paragraph) => (
            <Typography.Paragraph key={paragraph.slice(0, 40)}>{paragraph}</Typography.Paragraph>
          ))}
        </div>
      </Card>
      {current && royalty.accepted_at ? (
        <Alert
          type="success"
          showIcon
          title={`You accepted this agreement on ${dateOf(royalty.accepted_at)}.`}
        />
      ) : null}
      {current ? (
        onDone ? (
          <Button type="primary" onClick={onDone}>
            {doneLabel}
          </Button>
        ) : null
      ) : (
        <Form
          layout="vertical"
          component="form"
          aria-label="Accept the agreement"
          onSubmitCapture={(e) => void submit(e)}
          noValidate
        >
          <FormAlertView alert={server.alert} />
          <Controller
            name="accept"
            control={control}
            rules={{ validate: (value) => value || ACCEPT_REQUIRED }}
            render={({ field }) => (
              <Form.Item
                validateStatus={errors.accept ? 'error' : undefined}
                help={errors.accept?.message}
              >
                <Checkbox
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  ref={field.ref}
                  aria-invalid={Boolean(errors.accept)}
                >
                  I have read and accept the artist agreement
                </Checkbox>
              </Form.Item>
            )}
          />
          <Button type="primary" htmlType="submit" loading={isSubmitting}>
            {royalty.accepted_version ? 'Accept the new agreement' : 'Accept and continue'}
          </Button>
        </Form>
      )}
    </Space>
  );
}
