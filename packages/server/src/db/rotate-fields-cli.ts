/**
 * Re-encrypts every TIN and bank account number with the current FIELD_ENCRYPTION_KEY:
 *   FIELD_ENCRYPTION_KEY=<new> FIELD_ENCRYPTION_OLD_KEYS=<old> pnpm fields:rotate
 * Safe to run again (and to kill): values already on the current key are skipped. A value no
 * configured key opens stops it before anything is written, with exit code 1.
 * (docs/artist-portal.md: key rotation)
 */
import { ConfigError, loadConfig } from '../config';
import { createFieldCipher, FieldDecryptionError } from '../lib/field-encryption';
import { countPending, rotateFields } from '../lib/field-rotation';
import { openDatabase } from './client';
import { migrate } from './migrate';

async function main(): Promise<void> {
  const config = loadConfig();
  const cipher = createFieldCipher(config.fieldEncryptionKey, config.fieldEncryptionOldKeys);
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
    console.log(`Re-encrypting with key ${cipher.keyId}…`);
    const counts = await rotateFields(database.db, cipher);
    for (const c of counts) console.log(`  ${c.table}.${c.column}: ${c.rotated} re-encrypted`);
    const left = await countPending(database.db, cipher);
    if (left > 0) throw new Error(`${left} value(s) are still not on key ${cipher.keyId}`);
    console.log(
      'Every value is on the current key: FIELD_ENCRYPTION_OLD_KEYS can be removed once every ' +
        'server runs with this FIELD_ENCRYPTION_KEY.',
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof FieldDecryptionError ? error.message : error,
  );
  process.exit(1);
});
