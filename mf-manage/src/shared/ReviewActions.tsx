import { useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { FormAlertView, readServerErrors, type FormAlert } from '@atelier/ui';

export interface ReviewActionsProps {
  /** The accessible name of the group: 'Decision', 'Review'. */
  label: string;
  /** The message box's label: 'Message to the applicant'. */
  messageLabel: string;
  messageHelp?: string;
  maxLength: number;
  /** What a decline without a message says (a decline always needs one). */
  declineNeedsMessage: string;
  approveConfirm: string;
  declineConfirm: string;
  /** Approve sends the message too (applications); uploads approve without one. */
  approveWithMessage: boolean;
  /** Already approved: only a decline is left. */
  approveHidden?: boolean;
  onApprove(message: string): Promise<unknown>;
  onDecline(message: string): Promise<unknown>;
  /** Called after a decision went through (the caller shows the result). */
  onDone?(decision: 'approve' | 'decline'): void;
  disabled?: boolean;
}

/**
 * Approve or decline with a message: a decline needs one (checked before anything is sent),
 * each asks for confirmation in a dialog, and the server's refusal is shown (SPEC §8 Form
 * 400: the message's error under the box, others above it).
 */
export function ReviewActions({
  label,
  messageLabel,
  messageHelp,
  maxLength,
  declineNeedsMessage,
  approveConfirm,
  declineConfirm,
  approveWithMessage,
  approveHidden = false,
  onApprove,
  onDecline,
  onDone,
  disabled = false,
}: ReviewActionsProps) {
  const { modal } = App.useApp();
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [alert, setAlert] = useState<FormAlert | null>(null);
  const [busy, setBusy] = useState<'approve' | 'decline' | null>(null);

  const run = async (decision: 'approve' | 'decline') => {
    setBusy(decision);
    setAlert(null);
    setFieldError(null);
    try {
      const text = message.trim();
      await (decision === 'approve' ? onApprove(text) : onDecline(text));
      setMessage('');
      onDone?.(decision);
    } catch (error) {
      const read = readServerErrors(error, ['message'] as const);
      setFieldError(read.fields[0]?.message ?? null);
      setAlert(read.alert);
    } finally {
      setBusy(null);
    }
  };

  const ask = (decision: 'approve' | 'decline') => {
    setAlert(null);
    if (decision === 'decline' && !message.trim()) {
      setFieldError(declineNeedsMessage);
      return;
    }
    setFieldError(null);
    const shown = decision === 'decline' || approveWithMessage ? message.trim() : '';
    void modal.confirm({
      title: decision === 'approve' ? approveConfirm : declineConfirm,
      content: shown ? `Message: “${shown}”` : undefined,
      okText: decision === 'approve' ? 'Approve' : 'Decline',
      okButtonProps: decision === 'decline' ? { danger: true } : {},
      cancelText: 'Cancel',
      onOk: () => run(decision),
    });
  };

  return (
    <section aria-label={label}>
      <FormAlertView alert={alert} />
      <Form layout="vertical" component="div">
        <Form.Item
          label={messageLabel}
          htmlFor="review-message"
          help={fieldError ?? messageHelp}
          validateStatus={fieldError ? 'error' : undefined}
        >
          <Input.TextArea
            id="review-message"
            value={message}
            maxLength={maxLength}
            autoSize={{ minRows: 3, maxRows: 8 }}
            onChange={(event) => {
              setMessage(event.target.value);
              if (fieldError) setFieldError(null);
            }}
            disabled={disabled}
          />
        </Form.Item>
        <Space wrap>
          {!approveHidden && (
            <Button
              type="primary"
              onClick={() => ask('approve')}
              loading={busy === 'approve'}
              disabled={disabled || busy !== null}
            >
              Approve
            </Button>
          )}
          <Button
            danger
            onClick={() => ask('decline')}
            loading={busy === 'decline'}
            disabled={disabled || busy !== null}
          >
            Decline
          </Button>
        </Space>
      </Form>
    </section>
  );
}
