import { APPLICATION_STAGE_COMPLETE } from '@atelier/contracts';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEV_FIELD_ENCRYPTION_KEY } from '@atelier/server/src/config';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ApiError } from '@atelier/server/src/lib/errors';
import { createFieldCipher, type FieldCipher } from '@atelier/server/src/lib/field-encryption';
import { createPasswordHasher, type PasswordHasher } from '@atelier/server/src/lib/passwords';
import { createAuthRepository } from '@atelier/server/src/modules/auth';
import { createUsers } from '@atelier/server/src/modules/auth';
import type { DB } from '@atelier/server/src/db/schema';
import { onboardDemoArtist } from './demo-artist-onboarding';
import { createPlanner, DEMO_ARTIST_INDEX } from './plan';

export { DEMO_ACCOUNTS, type DemoAccountRole } from './demo-accounts';

const DEMO_ARTIST_PROFILE = {
  full_name: DEMO_ACCOUNTS.artist.name,
  bio: 'Paints and photographs soft gradients, stripes, circles and rolling horizons; prints on canvas and aluminum.',
  location: {
    label: 'Lisbon, Portugal',
    name: 'Lisbon',
    formatted_address: 'Lisbon, Portugal',
    latitude: 38.7223,
    longitude: -9.1393,
  },
} as const;

/**
 * Links the demo artist's profile to its catalogue artist (migration 0014), so that the
 * demo artist account owns images: the demo catalogue's artist DEMO_ARTIST_INDEX, found by
 * its royalty code (the same for every seed, as it comes from the name and the index).
 * Nothing when that artist does not exist (no demo catalogue) or is another profile's.
 */
async function linkDemoArtist(db: Kysely<DB>, userId: number): Promise<void> {
  const { royalty_code } = createPlanner().artist(DEMO_ARTIST_INDEX);
  await sql`
    update artist_profiles set artist_id = (
      select a.id from artists a
      where a.royalty_code = ${royalty_code}
        and not exists (select 1 from artist_profiles p where p.artist_id = a.id))
    where user_id = ${userId}::int and artist_id is null`.execute(db);
}

/**
 * The demo accounts (customer, artist with an approved artist profile and a completed
 * onboarding: royalty agreement, W-9, an ACTIVATED payee with a default bank account; staff).
 * Idempotent: an existing account is left as it is, a missing onboarding step is done.
 * @returns the emails of the accounts created by this call.
 */
export async function ensureDemoAccounts(
  db: Kysely<DB>,
  options: {
    hasher?: PasswordHasher;
    log?: FastifyBaseLogger;
    /** Encrypts the demo artist's TIN and account number: the server passes its configured key. */
    cipher?: FieldCipher;
  } = {},
): Promise<string[]> {
  const cipher = options.cipher ?? createFieldCipher(Buffer.from(DEV_FIELD_ENCRYPTION_KEY, 'hex'));
  const repository = createAuthRepository(db);
  const users = createUsers(repository, options.hasher ?? createPasswordHasher());
  const created: string[] = [];
  for (const [role, account] of Object.entries(DEMO_ACCOUNTS)) {
    let user = await repository.findUserByEmail(account.email);
    if (!user) {
      try {
        user = await users.create({ ...account, isStaff: role === 'staff' });
        created.push(account.email);
      } catch (error) {
        // Another process made it a moment ago.
        if (!(error instanceof ApiError)) throw error;
        user = await repository.findUserByEmail(account.email);
        if (!user) throw error;
      }
    }
    if (role === 'artist') {
      await db
        .insertInto('artist_profiles')
        .values({
          user_id: user.id,
          full_name: DEMO_ARTIST_PROFILE.full_name,
          bio: DEMO_ARTIST_PROFILE.bio,
          email: account.email,
          approved: true,
          location: JSON.stringify(DEMO_ARTIST_PROFILE.location),
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      await linkDemoArtist(db, user.id);
      await db
        .insertInto('profiles')
        .values({ user_id: user.id, application_stage: APPLICATION_STAGE_COMPLETE })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      await onboardDemoArtist(db, user.id, cipher);
    }
  }
  if (created.length > 0) {
    options.log?.info({ accounts: created }, `demo accounts created: ${created.join(', ')}`);
  }
  return created;
}
