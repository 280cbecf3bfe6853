import { useState } from 'react';
import { App, Button, Form, Input, Select } from 'antd';
import { FormAlertView, readServerErrors, type FormAlert } from '@atelier/ui';
import { useChangeStatus, type StatusTarget } from '../api/identity-queries';
import { statusLabel } from './identity-labels';

const NOTES_MAX_LENGTH = 1000;
export const CHOOSE_STATUS = 'Choose the new status.';

/**
 * Staff move an identity's or an account's status with notes (POST …/status-transitions/);
 * the change appears as a new transition in the history below.
 */
export function StatusChangeForm({
  target,
  current,
  statuses,
}: {
  target: StatusTarget;
  current: string;
  statuses: readonly string[];
}) {
  const { message } = App.useApp();
  const change = useChangeStatus(target);
  const [to, setTo] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<{ transitionTo?: string; notes?: string }>({});
  const [alert, setAlert] = useState<FormAlert | null>(null);

  const submit = () => {
    setAlert(null);
    if (!to) {
      setErrors({ transitionTo: CHOOSE_STATUS });
      return;
    }
    setErrors({});
    change.mutate(
      { transitionTo: to, ...(notes.trim() ? { notes: notes.trim() } : {}) },
      {
        onSuccess: (made) => {
          void message.success(
            `Status changed from ${statusLabel(made.fromStatus)} to ${statusLabel(made.transitionTo)}.`,
          );
          setTo(null);
          setNotes('');
        },
        onError: (error) => {
          const read = readServerErrors(error, ['transitionTo', 'notes'] as const);
          setErrors(Object.fromEntries(read.fields.map((f) => [f.name, f.message])));
          setAlert(read.alert);
        },
      },
    );
  };

  return (
    <section aria-label="Change status" style={{ maxWidth: 560 }}>
      <FormAlertView alert={alert} />
      <Form layout="vertical" component="div">
        <Form.Item
          label="New status"
          htmlFor="status-to"
          required
          help={errors.transitionTo}
          validateStatus={errors.transitionTo ? 'error' : undefined}
        >
          <Select<string>
            id="status-to"
            aria-label="New status"
            placeholder={`Now ${statusLabel(current)}`}
            value={to}
            onChange={(value) => {
              setTo(value);
              setErrors({});
            }}
            options={statuses
              .filter((status) => status !== current)
              .map((status) => ({ value: status, label: statusLabel(status) }))}
          />
        </Form.Item>
        <Form.Item
          label="Notes"
          htmlFor="status-notes"
          help={errors.notes}
          validateStatus={errors.notes ? 'error' : undefined}
        >
          <Input.TextArea
            id="status-notes"
            value={notes}
            maxLength={NOTES_MAX_LENGTH}
            autoSize={{ minRows: 2, maxRows: 6 }}
            onChange={(event) => setNotes(event.target.value)}
          />
        </Form.Item>
        <Button type="primary" onClick={submit} loading={change.isPending}>
          Change status
        </Button>
      </Form>
    </section>
  );
}
