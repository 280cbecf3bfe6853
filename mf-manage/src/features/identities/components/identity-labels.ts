import {
  ACCOUNT_STATUSES,
  IDENTITY_STATUSES,
  type ArtistIdentity,
  type PaymentAccount,
  type PaymentAccountType,
} from '@atelier/contracts';

export const IDENTITY_TYPE = 'artist-identity';
export const IDENTITIES_TITLE = 'Artist Identities';

export const ACCOUNT_TYPE_LABELS: Record<PaymentAccountType, string> = {
  'bank-accounts': 'Bank accounts',
  'paypal-accounts': 'PayPal accounts',
  'venmo-accounts': 'Venmo accounts',
};

export const isAccountType = (value: string | undefined): value is PaymentAccountType =>
  value !== undefined && value in ACCOUNT_TYPE_LABELS;

/** 'DE_ACTIVATED' → 'De-activated', 'PRE_ACTIVATED' → 'Pre-activated'. */
export const statusLabel = (status: string | null): string =>
  status === null
    ? 'None'
    : status
        .toLowerCase()
        .replace(/^(de|pre)_/, '$1-')
        .replace(/_/g, ' ')
        .replace(/^./, (c) => c.toUpperCase());

const GOOD = new Set(['ACTIVATED', 'VERIFIED']);
const BAD = new Set(['INVALID', 'LOCKED', 'FROZEN', 'DE_ACTIVATED']);
export const statusColour = (status: string): string =>
  GOOD.has(status) ? 'green' : BAD.has(status) ? 'red' : 'orange';

export const identityStatuses = IDENTITY_STATUSES;
export const accountStatuses = ACCOUNT_STATUSES;

/** 'Activated → Invalid'; the first transition 'Created as Activated'. */
export const transitionLabel = (t: { fromStatus: string | null; transitionTo: string }): string =>
  t.fromStatus === null
    ? `Created as ${statusLabel(t.transitionTo)}`
    : `${statusLabel(t.fromStatus)} → ${statusLabel(t.transitionTo)}`;

/** What an identity is called: its business, else its person. */
export const identityName = (identity: ArtistIdentity): string =>
  identity.businessName ||
  [identity.firstName, identity.lastName].filter(Boolean).join(' ') ||
  identity.email;

/**
 * SPEC §3: an account's display key is bankAccountId for bank-accounts, email for
 * paypal-accounts, accountId for venmo-accounts, otherwise its token.
 */
export function accountKey(account: PaymentAccount): string {
  const key =
    account.type === 'bank-accounts'
      ? account.bankAccountId
      : account.type === 'paypal-accounts'
        ? account.email
        : account.type === 'venmo-accounts'
          ? account.accountId
          : undefined;
  return key || account.token;
}
