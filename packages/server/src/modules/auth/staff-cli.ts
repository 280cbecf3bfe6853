/**
 * Creates a staff user, or promotes an existing user to staff:
 *   pnpm staff:create -- --email ada@shop.example --name "Ada" [--set-password]
 * The password comes from ATELIER_PASSWORD, else a prompt without echo, else stdin.
 */
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { normalizeEmail } from './email';
import { createAuthRepository } from './repository';
import {
  createOrPromoteStaff,
  parseStaffArgs,
  readStaffPassword,
  StaffCommandError,
} from './staff';

async function main(): Promise<void> {
  const args = parseStaffArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
    const existing = await createAuthRepository(database.db).findUserByEmail(
      normalizeEmail(args.email),
    );
    const password = await readStaffPassword(
      { env: process.env, stdin: process.stdin, stderr: process.stderr },
      !existing || args.setPassword,
    );
    const result = await createOrPromoteStaff(database.db, {
      email: args.email,
      name: args.name,
      password,
    });
    const who = `${result.user.email} (${result.user.uuid})`;
    console.log(
      result.created
        ? `Created staff user ${who}.`
        : `Promoted ${who} to staff${result.passwordSet ? ' and set a new password' : ''}.`,
    );
    if (!result.user.isActive) console.log('Note: this account is inactive and cannot sign in.');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof StaffCommandError || error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
