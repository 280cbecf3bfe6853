import { useState } from 'react';
import { Button, Input, Radio } from 'antd';
import {
  ARTIST_PAYMENT_TRANSITIONS,
  type ArtistPayment,
  type ArtistPaymentStatusName,
} from '@atelier/contracts';
import { ErrorDisplay } from '@atelier/ui';
import { useChangePaymentStatus } from '../api/payout-queries';
import { STATUS_WORDS } from './payout-labels';

/** The outcomes staff record from the bank (SPEC §4 payment status transitions). */
const STAFF_OUTCOMES: readonly ArtistPaymentStatusName[] = ['COMPLETED', 'FAILED', 'RETURNED'];
const RECORD_STATUS = 'Record status';

/** Mark a payment COMPLETED, FAILED or RETURNED, with notes: each a status transition. */
export function PaymentStatusForm({ payment }: { payment: ArtistPayment }) {
  const choices = STAFF_OUTCOMES.filter((s) =>
    ARTIST_PAYMENT_TRANSITIONS[payment.status].includes(s),
  );
  const [to, setTo] = useState<ArtistPaymentStatusName | null>(null);
  const [notes, setNotes] = useState('');
  const change = useChangePaymentStatus(payment.token);
  if (choices.length === 0) return null;

  return (
    <form
      className="po-status-form"
      aria-label="Record the bank's answer"
      onSubmit={(event) => {
        event.preventDefault();
        if (!to) return;
        change.mutate(
          { transitionTo: to, notes: notes.trim() },
          {
            onSuccess: () => {
              setTo(null);
              setNotes('');
            },
          },
        );
      }}
    >
      <Radio.Group
        aria-label="New status"
        value={to}
        onChange={(event) => setTo(event.target.value as ArtistPaymentStatusName)}
        options={choices.map((s) => ({ value: s, label: `Mark ${STATUS_WORDS[s]}` }))}
        optionType="button"
      />
      <Input.TextArea
        aria-label="Notes"
        placeholder="Notes (e.g. the bank's reference or reason)"
        value={notes}
        maxLength={1000}
        autoSize={{ minRows: 2, maxRows: 6 }}
        onChange={(event) => setNotes(event.target.value)}
      />
      {change.isError && <ErrorDisplay error={change.error} />}
      <div>
        <Button type="primary" htmlType="submit" disabled={!to} loading={change.isPending}>
          {RECORD_STATUS}
        </Button>
      </div>
    </form>
  );
}
