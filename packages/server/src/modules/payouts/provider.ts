import {
  BANK_FILE_COLUMNS,
  type ArtistPaymentStatusName,
  type PayoutProviderName,
} from '@atelier/contracts';
import { stringify } from 'csv-stringify/sync';

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

/**
 * Rows in BANK_FILE_COLUMNS' order as RFC 4180 CSV (csv-stringify): a header row, fields
 * quoted where they need it, CRLF line ends, and any cell starting with = + - @ (or a tab or
 * CR) prefixed with an apostrophe so that a spreadsheet shows it as text, never runs it.
 */
export const bankFileCsv = (rows: ReadonlyArray<ReadonlyArray<string | number>>): string =>
  stringify(
    rows.map((row) => [...row]),
    {
      header: true,
      columns: [...BANK_FILE_COLUMNS],
      record_delimiter: 'windows',
      escape_formulas: true,
    },
  );

export const dollars = (cents: number): string =>
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
    return bankFileCsv(
      payments.map((p) => [
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
      ]),
    );
  },
};

export const PROVIDERS: Readonly<Record<PayoutProviderName, PayoutProvider>> = {
  manual: manualProvider,
};
