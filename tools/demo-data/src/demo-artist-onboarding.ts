import type { PayeeBody, PaymentAccountBody, TaxFormBody } from '@atelier/contracts';
import { sql, type Kysely } from 'kysely';
import { DEMO_ACCOUNTS } from './demo-accounts';

const [FIRST_NAME = 'Demo', ...REST] = DEMO_ACCOUNTS.artist.name.split(' ');
const LAST_NAME = REST.join(' ') || 'Artist';

/**
 * The demo artist's W-9. The SSN is the SSA's never-issued example (123-45-6789): it passes
 * the form's rules, belongs to nobody, and is encrypted like any other.
 */
const DEMO_ARTIST_W9: TaxFormBody = {
  form: 'W-9',
  legal_name: DEMO_ACCOUNTS.artist.name,
  business_name: `${DEMO_ACCOUNTS.artist.name} Studio`,
  tax_classification: 'individual',
  address: {
    line1: '100 Gallery Row',
    city: 'Santa Fe',
    region: 'NM',
    postal_code: '87501',
    country: 'US',
  },
  tin_type: 'SSN',
  tin: '123-45-6789',
  certify: true,
} as TaxFormBody;

const DEMO_ARTIST_PAYEE: PayeeBody = {
  businessName: `${DEMO_ACCOUNTS.artist.name} Studio`,
  firstName: FIRST_NAME,
  lastName: LAST_NAME,
  email: DEMO_ACCOUNTS.artist.email,
};

/** A US bank account: routing 011000015 (a Federal Reserve routing number, check digit valid). */
const DEMO_ARTIST_BANK: PaymentAccountBody = {
  type: 'bank-accounts',
  country: 'US',
  accountHolder: DEMO_ACCOUNTS.artist.name,
  routingNumber: '011000015',
  accountNumber: '000123456789',
} as PaymentAccountBody;

/**
 * The server's artist onboarding services (artist-onboarding's and artist-identity's), built
 * by the caller over its database and field key: this package never imports the server.
 */
export interface DemoOnboardingServices {
  onboarding: {
    acceptRoyalty(userId: number, version: string): Promise<unknown>;
    tax(userId: number): Promise<unknown>;
    saveTax(userId: number, body: TaxFormBody): Promise<unknown>;
  };
  identities: {
    own(userId: number): Promise<DemoPayee>;
    savePayee(userId: number, body: PayeeBody): Promise<DemoPayee>;
    addAccount(userId: number, body: PaymentAccountBody): Promise<unknown>;
  };
  /** The royalty agreement's current version (the server's ROYALTY_AGREEMENT.version). */
  royaltyAgreementVersion: string;
}

interface DemoPayee {
  identity: unknown;
  accounts: readonly { default: boolean }[];
}

/**
 * The demo artist's onboarding, done through the same services as an artist's own: the
 * royalty agreement, the W-9 (TIN encrypted with the server's key) and an ACTIVATED payee
 * with a default bank account, so payouts and tax reporting have demo data. Each step is
 * done only when missing, so a seeding killed half-way finishes on the next start.
 */
export async function onboardDemoArtist<D>(
  db: Kysely<D>,
  userId: number,
  { onboarding, identities, royaltyAgreementVersion }: DemoOnboardingServices,
): Promise<void> {
  const { rows } = await sql<{ agreement_accepted_at: Date | null; approved: boolean }>`
    select agreement_accepted_at, approved from artist_profiles where user_id = ${userId}::int
  `.execute(db);
  const profile = rows[0];
  if (!profile?.approved) return;
  if (!profile.agreement_accepted_at) {
    await onboarding.acceptRoyalty(userId, royaltyAgreementVersion);
  }
  if (!(await onboarding.tax(userId))) await onboarding.saveTax(userId, DEMO_ARTIST_W9);
  let payee = await identities.own(userId);
  if (!payee.identity) payee = await identities.savePayee(userId, DEMO_ARTIST_PAYEE);
  if (!payee.accounts.some((account) => account.default)) {
    await identities.addAccount(userId, { ...DEMO_ARTIST_BANK, default: true });
  }
}
