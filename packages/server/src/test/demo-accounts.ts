import type { Kysely } from 'kysely';
import { ensureDemoAccounts as ensure } from '@atelier/demo-data';
import { DEV_FIELD_ENCRYPTION_KEY } from '../config';
import type { DB } from '../db/schema';
import { createFieldCipher } from '../lib/field-encryption';
import { createPasswordHasher } from '../lib/passwords';
import { ROYALTY_AGREEMENT } from '../modules/artist-onboarding';
import { createOnboardingService } from '../modules/artist-onboarding/service';
import { createIdentityService } from '../modules/artist-identity/service';
import { createAuthRepository, createUsers } from '../modules/auth';

/**
 * The demo accounts (DEMO_ACCOUNTS of @atelier/demo-data) made through this server's services
 * with the tests' field key (testConfig's), as tools/demo makes them on a first start.
 */
export function ensureDemoAccounts(db: Kysely<DB>): Promise<string[]> {
  const cipher = createFieldCipher(Buffer.from(DEV_FIELD_ENCRYPTION_KEY, 'hex'));
  const repository = createAuthRepository(db);
  const users = createUsers(repository, createPasswordHasher());
  return ensure(db, {
    findUserByEmail: (email) => repository.findUserByEmail(email),
    createUser: (account) => users.create(account),
    onboarding: createOnboardingService(db, cipher),
    identities: createIdentityService(db, cipher),
    royaltyAgreementVersion: ROYALTY_AGREEMENT.version,
  });
}
