import { Tag } from 'antd';
import type { ArtistPaymentStatusName } from '@atelier/contracts';

/** A payment status in words, as staff read it. */
export const STATUS_WORDS: Readonly<Record<ArtistPaymentStatusName, string>> = {
  CREATED: 'Created',
  SCHEDULED: 'Scheduled (in the bank file)',
  PENDING_ACCOUNT_ACTIVATION: 'Pending account activation',
  PENDING_ID_VERIFICATION: 'Pending ID verification',
  PENDING_TAX_VERIFICATION: 'Pending tax verification',
  PENDING_TRANSFER_METHOD_ACTION: 'Pending transfer method action',
  PENDING_TRANSACTION_VERIFICATION: 'Pending transaction verification',
  IN_PROGRESS: 'In progress',
  UNCLAIMED: 'Unclaimed',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  RECALLED: 'Recalled',
  RETURNED: 'Returned',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
};

const COLOURS: Partial<Record<ArtistPaymentStatusName, string>> = {
  COMPLETED: 'green',
  FAILED: 'red',
  RETURNED: 'orange',
  RECALLED: 'orange',
  EXPIRED: 'default',
  CANCELLED: 'default',
  SCHEDULED: 'blue',
  IN_PROGRESS: 'processing',
};

export function PaymentStatusTag({ status }: { status: ArtistPaymentStatusName }) {
  return <Tag color={COLOURS[status] ?? 'gold'}>{STATUS_WORDS[status]}</Tag>;
}

export const formatDate = (iso: string): string =>
  iso
    ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })
    : '';

export const ACCOUNT_TYPE_WORDS: Readonly<Record<string, string>> = {
  'bank-accounts': 'Bank',
  'paypal-accounts': 'PayPal',
  'venmo-accounts': 'Venmo',
};
