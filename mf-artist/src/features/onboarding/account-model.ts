import {
  ACCOUNT_NUMBER_INVALID,
  IBAN_INVALID,
  ROUTING_NUMBER_INVALID,
  isValidAccountNumber,
  isValidIban,
  isValidRoutingNumber,
  type PaymentAccount,
  type PaymentAccountBody,
} from '@atelier/contracts';

/** The kinds of payout account the form offers (a bank account is US or IBAN). */
export const ACCOUNT_KINDS = [
  { value: 'us-bank', label: 'Bank account (US)' },
  { value: 'iban-bank', label: 'Bank account (IBAN)' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'venmo', label: 'Venmo' },
] as const;
type AccountKind = (typeof ACCOUNT_KINDS)[number]['value'];

export interface AccountValues {
  kind: AccountKind;
  accountHolder: string;
  routingNumber: string;
  accountNumber: string;
  iban: string;
  email: string;
  accountId: string;
  default: boolean;
}

export const ACCOUNT_FIELDS = [
  'accountHolder',
  'routingNumber',
  'accountNumber',
  'iban',
  'email',
  'accountId',
] as const;

export const ACCOUNT_DEFAULTS: AccountValues = {
  kind: 'us-bank',
  accountHolder: '',
  routingNumber: '',
  accountNumber: '',
  iban: '',
  email: '',
  accountId: '',
  default: false,
};

const digits = (value: unknown) => String(value ?? '').replace(/[\s-]/g, '');

/** Client checks matching the server's: ABA check digit, IBAN (ibantools), account digits. */
export const accountRules = {
  routingNumber: (value: unknown) => isValidRoutingNumber(digits(value)) || ROUTING_NUMBER_INVALID,
  accountNumber: (value: unknown) => isValidAccountNumber(digits(value)) || ACCOUNT_NUMBER_INVALID,
  iban: (value: unknown) => isValidIban(String(value ?? '')) || IBAN_INVALID,
};

export function accountBody(values: AccountValues): PaymentAccountBody {
  const isDefault = values.default;
  switch (values.kind) {
    case 'us-bank':
      return {
        type: 'bank-accounts',
        country: 'US',
        accountHolder: values.accountHolder,
        routingNumber: digits(values.routingNumber),
        accountNumber: digits(values.accountNumber),
        default: isDefault,
      };
    case 'iban-bank':
      return {
        type: 'bank-accounts',
        country: 'IBAN',
        accountHolder: values.accountHolder,
        iban: values.iban,
        default: isDefault,
      };
    case 'paypal':
      return { type: 'paypal-accounts', email: values.email, default: isDefault };
    case 'venmo':
      return { type: 'venmo-accounts', accountId: values.accountId, default: isDefault };
  }
}

/** SPEC §3 display key: bankAccountId, email or accountId by type, otherwise the token. */
export function accountLabel(account: PaymentAccount): string {
  if (account.type === 'bank-accounts') return `Bank ${account.bankAccountId ?? account.token}`;
  if (account.type === 'paypal-accounts') return `PayPal ${account.email ?? account.token}`;
  if (account.type === 'venmo-accounts') return `Venmo @${account.accountId ?? account.token}`;
  return account.token;
}
