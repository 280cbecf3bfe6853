import type { ARTIST_PAYMENT_STATUSES } from '@atelier/contracts';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string | null | undefined, string | null>;

/** Migration 0020's columns of artist_profiles (the application and onboarding). */
export interface ArtistProfileApplicationColumns {
  practice: Generated<string>;
  location_text: Generated<string>;
  links: Generated<string[]>;
  submitted_at: Timestamp | null;
  decision: 'approved' | 'declined' | null;
  decision_message: Generated<string>;
  decided_at: Timestamp | null;
  decided_by: number | null;
  royalty_level_id: number | null;
  agreement_version: string | null;
  agreement_accepted_at: Timestamp | null;
}

export interface RoyaltyLevelsTable {
  id: Generated<number>;
  name: string;
  rate_bp: number;
  description: Generated<string>;
  is_default: Generated<boolean>;
  created: Generated<Date>;
  modified: Timestamp;
}

interface ArtistSamplesTable {
  id: Generated<number>;
  artist_profile_id: number;
  name: string;
  path: string;
  width: number;
  height: number;
  created: Generated<Date>;
  /** 'media' (MEDIA_DIR, before migration 0080) or 'private' (DATA_DIR/private). */
  storage: Generated<'media' | 'private'>;
}

interface ArtistTaxFormsTable {
  artist_profile_id: number;
  form: 'W-9' | 'W-8BEN';
  legal_name: string;
  business_name: Generated<string>;
  tax_classification: string | null;
  address: Json;
  tin_type: 'SSN' | 'EIN' | 'FOREIGN' | null;
  tin_encrypted: string | null;
  tin_last4: string | null;
  country_of_citizenship: string | null;
  date_of_birth: ColumnType<string | null, string | null, string | null>;
  certified_at: Timestamp;
}

interface TinReadsTable {
  id: Generated<number>;
  artist_profile_id: number;
  reader_id: number | null;
  reader_email: string;
  created: Generated<Date>;
}

export interface ArtistIdentitiesTable {
  id: Generated<number>;
  token: string;
  artist_profile_id: number;
  business_name: Generated<string>;
  first_name: string;
  last_name: string;
  email: string;
  status: Generated<string>;
  created_on: Generated<Date>;
}

export interface PaymentAccountsTable {
  id: Generated<number>;
  token: string;
  identity_id: number;
  type: string;
  is_default: Generated<boolean>;
  status: Generated<string>;
  account_holder: Generated<string>;
  country: string | null;
  routing_number: string | null;
  number_encrypted: string | null;
  number_last4: string | null;
  email: string | null;
  account_id: string | null;
  created_on: Generated<Date>;
}

export interface StatusTransitionsTable {
  id: Generated<number>;
  token: string;
  identity_id: number | null;
  payment_account_id: number | null;
  artist_payment_id: number | null;
  from_status: string | null;
  to_status: string;
  notes: Generated<string>;
  actor_id: number | null;
  created_on: Generated<Date>;
}

/** The artist portal's tables (migration 0020). */
export interface ArtistPortalTables {
  royalty_levels: RoyaltyLevelsTable;
  artist_samples: ArtistSamplesTable;
  artist_tax_forms: ArtistTaxFormsTable;
  tin_reads: TinReadsTable;
  artist_identities: ArtistIdentitiesTable;
  payment_accounts: PaymentAccountsTable;
  status_transitions: StatusTransitionsTable;
  payout_runs: PayoutRunsTable;
  artist_payments: ArtistPaymentsTable;
  artist_payment_lines: ArtistPaymentLinesTable;
  account_number_reads: AccountNumberReadsTable;
}

/** Migration 0060: payout runs, artist payments and the order lines each pays. */
interface PayoutRunsTable {
  id: Generated<number>;
  token: string;
  provider: string;
  created_by: number | null;
  created_on: Generated<Date>;
  payment_count: Generated<number>;
  total: Generated<number>;
}

export type ArtistPaymentStatus = (typeof ARTIST_PAYMENT_STATUSES)[number];

interface ArtistPaymentsTable {
  id: Generated<number>;
  token: string;
  run_id: number;
  artist_id: number;
  identity_id: number | null;
  payment_account_id: number | null;
  amount: number;
  currency: Generated<'USD'>;
  status: ColumnType<ArtistPaymentStatus, ArtistPaymentStatus | undefined, ArtistPaymentStatus>;
  reissue_of: number | null;
  notes: Generated<string>;
  created_on: Generated<Date>;
  modified: Timestamp;
  completed_on: Timestamp | null;
}

interface ArtistPaymentLinesTable {
  payment_id: number;
  order_line_id: number;
  amount: number;
  live: Generated<boolean>;
}

/** Migration 0061: each read of a whole account number for a bank-transfer file. */
interface AccountNumberReadsTable {
  id: Generated<number>;
  payment_account_id: number;
  run_id: number | null;
  reader_id: number | null;
  reader_email: string;
  created: Generated<Date>;
}
