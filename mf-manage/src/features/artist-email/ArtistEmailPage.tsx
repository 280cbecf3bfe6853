import { Alert, App, Button, Empty, Form, Input, Skeleton, Typography } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import {
  ARTIST_EMAIL_MESSAGE_MAX_LENGTH,
  ARTIST_EMAIL_SUBJECT_MAX_LENGTH,
} from '@atelier/contracts';
import { ErrorDisplay, readServerErrors } from '@atelier/ui';
import { useEntity } from '../../shared/entity-queries';
import { ManageBreadcrumb } from '../../shared/ManageBreadcrumb';
import { entityName } from '../../shared/entity-display';
import { useSendArtistEmail, useSentEmails } from './api/artist-email';

const FIELDS = ['subject', 'message'] as const;
export const SUBJECT_REQUIRED = 'Write a subject.';
export const MESSAGE_REQUIRED = 'Write a message.';
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** SPEC §2 /manage/artist-profile/:id/email: write to the artist, see what was sent before. */
export function ArtistEmailPage() {
  const id = useParams().id ?? '';
  const profile = useEntity('artist-profile', id);
  const sent = useSentEmails(id);
  const send = useSendArtistEmail(id);
  const { message } = App.useApp();
  const { control, handleSubmit, setError, reset, formState } = useForm<{
    subject: string;
    message: string;
  }>({ defaultValues: { subject: '', message: '' } });
  const errors = formState.errors;
  const name = profile.data ? entityName(profile.data) : `#${id}`;
  const address = typeof profile.data?.email === 'string' ? profile.data.email : '';
  const submit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ subject: values.subject.trim(), message: values.message.trim() });
      reset();
      void message.success('Email sent.');
    } catch (error) {
      const { fields, alert } = readServerErrors(error, FIELDS);
      fields.forEach(({ name: field, message: text }, index) =>
        setError(field, { type: 'server', message: text }, { shouldFocus: index === 0 }),
      );
      if (alert) setError('root', { type: 'server', message: alert.title });
    }
  });

  return (
    <section style={{ maxWidth: 760 }}>
      <ManageBreadcrumb
        type="artist-profile"
        trail={[{ title: name, href: `/manage/artist-profile/${id}` }, { title: 'Email' }]}
      />
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Email {name}
      </Typography.Title>
      {profile.isError && <ErrorDisplay error={profile.error} />}
      {address && <Typography.Paragraph type="secondary">To: {address}</Typography.Paragraph>}
      <Form
        layout="vertical"
        component="form"
        aria-label="Email the artist"
        onSubmitCapture={(event) => void submit(event)}
        noValidate
      >
        {errors.root?.message && (
          <Alert type="error" showIcon title={errors.root.message} style={{ marginBottom: 12 }} />
        )}
        <Form.Item
          label="Subject"
          htmlFor="artist-email-subject"
          required
          validateStatus={errors.subject ? 'error' : undefined}
          help={errors.subject?.message}
        >
          <Controller
            control={control}
            name="subject"
            rules={{ validate: (v) => v.trim() !== '' || SUBJECT_REQUIRED }}
            render={({ field }) => (
              <Input
                {...field}
                id="artist-email-subject"
                maxLength={ARTIST_EMAIL_SUBJECT_MAX_LENGTH}
              />
            )}
          />
        </Form.Item>
        <Form.Item
          label="Message"
          htmlFor="artist-email-message"
          required
          validateStatus={errors.message ? 'error' : undefined}
          help={errors.message?.message}
        >
          <Controller
            control={control}
            name="message"
            rules={{ validate: (v) => v.trim() !== '' || MESSAGE_REQUIRED }}
            render={({ field }) => (
              <Input.TextArea
                {...field}
                id="artist-email-message"
                autoSize={{ minRows: 6, maxRows: 16 }}
                maxLength={ARTIST_EMAIL_MESSAGE_MAX_LENGTH}
              />
            )}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          Send email
        </Button>
      </Form>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 32 }}>
        Sent before
      </Typography.Title>
      {sent.isPending && <Skeleton active />}
      {sent.isError && <ErrorDisplay error={sent.error} />}
      {sent.isSuccess &&
        (sent.data.results.length === 0 ? (
          <Empty description="List is empty" />
        ) : (
          <ul aria-label="Sent emails" style={{ listStyle: 'none', padding: 0 }}>
            {sent.data.results.map((mail) => (
              <li key={mail.id} style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
                <div style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{mail.subject}</div>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {DATE_TIME.format(new Date(mail.created))} · to {mail.to}
                  {mail.sender ? ` · by ${mail.sender}` : ''}
                </Typography.Text>
                <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginTop: 4 }}>
                  {mail.message}
                </div>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
