import {
  BANK_FILE_COLUMNS,
  type ArtistPaymentStatusName,
  type PayoutProviderName,
} from '@atelier/contracts';

/** One payment as a provider sends it: the payee's account in full (decrypted). */
export interface ProviderPayment {
  token: string;
  artistName: string;
  royaltyCode: string;
  payeeName: string;
  payeeEmail: string;
  accountType: string;
  accountHolder: string;
  country: string;
  routingNumber: string;
  accountNumber: string;
  paypalEmail: string;
  venmoAccount: string;
  amount: number;
  reference: string;
}

/**
 * A payout provider: what a new payment becomes once handed to it, and (for providers that
 * work through files) the file staff take to the bank. Providers with an API would submit
 * here and report statuses back through the status transitions.
 */
export interface PayoutProvider {
  name: PayoutProviderName;
  /** The status a payment moves to when the run hands it over, and the note recorded. */
  submitted: { status: ArtistPaymentStatusName; notes: string };
  bankFile(payments: readonly ProviderPayment[]): string;
}

/** A cell of RFC 4180 CSV; a leading =, +, -, @ is quoted off so spreadsheets show text. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const dollars = (cents: number): string =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The default: staff upload the CSV to their bank, then mark each payment's outcome. */
const manualProvider: PayoutProvider = {
  name: 'manual',
  submitted: {
    status: 'SCHEDULED',
    notes:
      'In the bank-transfer file: upload it to the bank, then mark the payment COMPLETED or FAILED.',
  },
  bankFile(payments) {
    const rows = payments.map((p) =>
      [
        p.token,
        p.artistName,
        p.royaltyCode,
        p.payeeName,
        p.payeeEmail,
        p.accountType,
        p.accountHolder,
        p.country,
        p.routingNumber,
        p.accountNumber,
        p.paypalEmail,
        p.venmoAccount,
        dollars(p.amount),
        p.amount,
        'USD',
        p.reference,
      ]
        .map(csvCell)
        .join(','),
    );
    return [BANK_FILE_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
  },
};

export const PROVIDERS: Readonly<Record<PayoutProviderName, PayoutProvider>> = {
  manual: manualProvider,
};
