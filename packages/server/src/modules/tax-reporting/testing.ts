/** Helpers for the tax reporting tests: payees, tax forms and payments straight into the database. */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ArtistPaymentStatus } from '../../db/schema-artist-portal';
import type { FieldCipher } from '../../lib/field-encryption';

const token = () => randomBytes(12).toString('hex');

export interface PayeeOptions {
  name: string;
  form?: 'W-9' | 'W-8BEN' | null;
  tin?: string;
  tinType?: 'SSN' | 'EIN';
  businessName?: string;
  address?: Record<string, string>;
}

/** A catalogue artist with an artist profile (and its user) and, if asked, a tax form. */
export async function insertPayee(
  db: Kysely<DB>,
  cipher: FieldCipher,
  options: PayeeOptions,
): Promise<{ artistId: number; profileId: number }> {
  const tag = token();
  const artist = await db
    .insertInto('artists')
    .values({ name: options.name, royalty_code: `tax-${tag}`, created: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({ email: `payee-${tag}@example.com`, password_hash: 'not-a-hash' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const profile = await db
    .insertInto('artist_profiles')
    .values({
      user_id: user.id,
      full_name: options.name,
      approved: true,
      artist_id: artist.id,
      location: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const form = options.form === undefined ? 'W-9' : options.form;
  if (form) {
    const tin = (options.tin ?? '123-45-6789').replace(/\D/g, '');
    await db
      .insertInto('artist_tax_forms')
      .values({
        artist_profile_id: profile.id,
        form,
        legal_name: options.name,
        business_name: options.businessName ?? '',
        tax_classification: form === 'W-9' ? 'individual' : null,
        address: JSON.stringify(
          options.address ?? {
            line1: '1 Main St',
            city: 'Springfield',
            region: 'IL',
            postal_code: '62701',
            country: form === 'W-9' ? 'US' : 'PT',
          },
        ),
        tin_type: form === 'W-9' ? (options.tinType ?? 'SSN') : 'FOREIGN',
        tin_encrypted: cipher.encrypt(tin),
        tin_last4: tin.slice(-4),
        country_of_citizenship: form === 'W-8BEN' ? 'PT' : null,
      })
      .execute();
  }
  return { artistId: artist.id, profileId: profile.id };
}

/** One artist payment (in its own payout run) of `amount` cents. */
export async function insertPayment(
  db: Kysely<DB>,
  payment: {
    artistId: number;
    amount: number;
    status?: ArtistPaymentStatus;
    completedOn?: string | null;
    createdOn?: string;
  },
): Promise<number> {
  const run = await db
    .insertInto('payout_runs')
    .values({ token: token(), provider: 'manual' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const status = payment.status ?? 'COMPLETED';
  const row = await db
    .insertInto('artist_payments')
    .values({
      token: token(),
      run_id: run.id,
      artist_id: payment.artistId,
      amount: payment.amount,
      status,
      created_on: new Date(payment.createdOn ?? payment.completedOn ?? Date.now()),
      completed_on: payment.completedOn === undefined ? null : payment.completedOn,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
