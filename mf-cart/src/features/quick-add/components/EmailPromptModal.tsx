import { useId } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import { EMAIL_INVALID, EMAIL_PATTERN, EMAIL_REQUIRED } from '@atelier/ui';
import {
  EMAIL_LABEL,
  EMAIL_MODAL_OK,
  EMAIL_MODAL_TITLE,
  SIGN_IN_INSTEAD,
  signInPath,
} from '../constants';

interface EmailPromptModalProps {
  open: boolean;
  onOk(email: string): void;
  onCancel(): void;
}

/** SPEC §5 anonymous add to cart: a required email, or a link to sign in instead. */
export function EmailPromptModal({ open, onOk, onCancel }: EmailPromptModalProps) {
  const id = useId();
  const location = useLocation();
  const { control, handleSubmit, reset } = useForm<{ email: string }>({
    defaultValues: { email: '' },
  });
  const submit = handleSubmit(({ email }) => onOk(email.trim()));
  return (
    <Modal
      open={open}
      title={EMAIL_MODAL_TITLE}
      okText={EMAIL_MODAL_OK}
      onOk={() => void submit()}
      onCancel={onCancel}
      afterClose={() => reset()}
      destroyOnHidden
    >
      <form
        noValidate
        aria-label={EMAIL_MODAL_TITLE}
        onSubmit={(event) => {
          event.stopPropagation();
          void submit(event);
        }}
      >
        <Controller
          control={control}
          name="email"
          rules={{
            required: EMAIL_REQUIRED,
            pattern: { value: EMAIL_PATTERN, message: EMAIL_INVALID },
          }}
          render={({ field, fieldState }) => (
            <Form.Item
              label={EMAIL_LABEL}
              htmlFor={`${id}-email`}
              required
              layout="vertical"
              validateStatus={fieldState.error ? 'error' : undefined}
              help={fieldState.error?.message}
            >
              <Input
                {...field}
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                autoFocus
                aria-required
                aria-invalid={Boolean(fieldState.error)}
              />
            </Form.Item>
          )}
        />
      </form>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        <Link to={signInPath(`${location.pathname}${location.search}`)} onClick={onCancel}>
          {SIGN_IN_INSTEAD}
        </Link>
      </Typography.Paragraph>
    </Modal>
  );
}
