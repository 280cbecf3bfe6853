import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ensureDemoAccounts as ensure } from '@atelier/demo-data';
import { DEV_FIELD_ENCRYPTION_KEY } from '@atelier/server/src/config';
import type { DB } from '@atelier/server/src/db/schema';
import { createFieldCipher, type FieldCipher } from '@atelier/server/src/lib/field-encryption';
import { createPasswordHasher, type PasswordHasher } from '@atelier/server/src/lib/passwords';
import { ROYALTY_AGREEMENT } from '@atelier/server/src/modules/artist-onboarding';
import { createOnboardingService } from '@atelier/server/src/modules/artist-onboarding/service';
import { createIdentityService } from '@atelier/server/src/modules/artist-identity/service';
import { createAuthRepository, createUsers } from '@atelier/server/src/modules/auth';

/**
 * The demo accounts (@atelier/demo-data's ensureDemoAccounts) made through the server's
 * services: registration with its password hasher, onboarding with its field key.
 * @returns the emails of the accounts created by this call.
 */
export function ensureDemoAccounts(
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
  return ensure(
    db,
    {
      findUserByEmail: (email) => repository.findUserByEmail(email),
      createUser: (account) => users.create(account),
      onboarding: createOnboardingService(db, cipher),
      identities: createIdentityService(db, cipher),
      royaltyAgreementVersion: ROYALTY_AGREEMENT.version,
    },
    options.log ? { log: options.log } : {},
  );
}
