import { APPLICATION_STAGE_COMPLETE, DEMO_ACCOUNTS } from '@atelier/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ApiError } from '../../lib/errors';
import { createPasswordHasher, type PasswordHasher } from '../../lib/passwords';
import { createAuthRepository } from '../../modules/auth/repository';
import { createUsers } from '../../modules/auth/users';
import type { DB } from '../schema';

export { DEMO_ACCOUNTS, type DemoAccountRole } from '@atelier/contracts';

export const DEMO_ARTIST_PROFILE = {
  full_name: DEMO_ACCOUNTS.artist.name,
  bio: 'Painter of coastlines and quiet harbours; prints on canvas and aluminum.',
  location: {
    label: 'Lisbon, Portugal',
    name: 'Lisbon',
    formatted_address: 'Lisbon, Portugal',
    latitude: 38.7223,
    longitude: -9.1393,
  },
} as const;

/**
 * The demo accounts (customer, artist with an approved artist profile and a completed
 * onboarding, staff). Idempotent: an existing account is left as it is.
 * @returns the emails of the accounts created by this call.
 */
export async function ensureDemoAccounts(
  db: Kysely<DB>,
  options: { hasher?: PasswordHasher; log?: FastifyBaseLogger } = {},
): Promise<string[]> {
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
      await db
        .insertInto('profiles')
        .values({ user_id: user.id, application_stage: APPLICATION_STAGE_COMPLETE })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    }
  }
  if (created.length > 0) {
    options.log?.info({ accounts: created }, `demo accounts created: ${created.join(', ')}`);
  }
  return created;
}
