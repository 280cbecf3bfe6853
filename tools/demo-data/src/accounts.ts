import { APPLICATION_STAGE_COMPLETE } from '@atelier/contracts';
import { sql, type Kysely } from 'kysely';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { onboardDemoArtist, type DemoOnboardingServices } from './demo-artist-onboarding';
import { createPlanner, DEMO_ARTIST_INDEX } from './plan';

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
async function linkDemoArtist<D>(db: Kysely<D>, userId: number): Promise<void> {
  const { royalty_code } = createPlanner().artist(DEMO_ARTIST_INDEX);
  await sql`
    update artist_profiles set artist_id = (
      select a.id from artists a
      where a.royalty_code = ${royalty_code}
        and not exists (select 1 from artist_profiles p where p.artist_id = a.id))
    where user_id = ${userId}::int and artist_id is null`.execute(db);
}

/**
 * The server's services the demo accounts are made through, built by the caller (tools/demo
 * for a first start, the server's tests for theirs) with its password hasher and field key:
 * this package never imports the server.
 */
export interface DemoAccountServices extends DemoOnboardingServices {
  /** The auth repository's lookup. */
  findUserByEmail(email: string): Promise<{ id: number } | undefined>;
  /** The auth module's registration (its rules, the password hashed); throws when taken. */
  createUser(account: {
    email: string;
    password: string;
    name: string;
    isStaff: boolean;
  }): Promise<{ id: number }>;
}

/**
 * The demo accounts (customer, artist with an approved artist profile and a completed
 * onboarding: royalty agreement, W-9, an ACTIVATED payee with a default bank account; staff).
 * Idempotent: an existing account is left as it is, a missing onboarding step is done.
 * @returns the emails of the accounts created by this call.
 */
export async function ensureDemoAccounts<D>(
  db: Kysely<D>,
  services: DemoAccountServices,
  options: { log?: { info(details: object, message: string): void } } = {},
): Promise<string[]> {
  const created: string[] = [];
  for (const [role, account] of Object.entries(DEMO_ACCOUNTS)) {
    let user = await services.findUserByEmail(account.email);
    if (!user) {
      try {
        user = await services.createUser({ ...account, isStaff: role === 'staff' });
        created.push(account.email);
      } catch (error) {
        // Another process made it a moment ago; any other failure stands.
        user = await services.findUserByEmail(account.email);
        if (!user) throw error;
      }
    }
    if (role === 'artist') {
      await sql`
        insert into artist_profiles (user_id, full_name, bio, email, approved, location)
        values (${user.id}::int, ${DEMO_ARTIST_PROFILE.full_name}, ${DEMO_ARTIST_PROFILE.bio},
          ${account.email}, true, ${JSON.stringify(DEMO_ARTIST_PROFILE.location)}::jsonb)
        on conflict (user_id) do nothing`.execute(db);
      await linkDemoArtist(db, user.id);
      await sql`
        insert into profiles (user_id, application_stage)
        values (${user.id}::int, ${APPLICATION_STAGE_COMPLETE})
        on conflict (user_id) do nothing`.execute(db);
      await onboardDemoArtist(db, user.id, services);
    }
  }
  if (created.length > 0) {
    options.log?.info({ accounts: created }, `demo accounts created: ${created.join(', ')}`);
  }
  return created;
}
