/**
 * The demo catalogue of a first start, run before the server (`pnpm start`, `pnpm dev`, the
 * server image's command): migrates the database, then, when DEMO_IMAGES > 0 and the
 * catalogue is empty (or an earlier seeding was interrupted), generates DEMO_IMAGES images
 * and the demo accounts. Does nothing on a database that is already seeded or has a
 * catalogue of its own, so it runs on every start:
 *   pnpm --filter @atelier/demo first-start
 */
import pino from 'pino';
import { ConfigError, loadConfig } from '@atelier/server/src/config';
import { openDatabase } from '@atelier/server/src/db/client';
import { migrate } from '@atelier/server/src/db/migrate';
import { createFieldCipher } from '@atelier/server/src/lib/field-encryption';
import { ensureDemoData } from './index';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = pino({ level: config.logLevel, name: 'demo' });
  const database = await openDatabase(config);
  try {
    const applied = await migrate(database.db);
    if (applied.length) log.info({ applied }, `applied migrations ${applied.join(', ')}`);
    // Demo catalogue and accounts (known passwords) only on a database whose first start
    // found it empty; finished by the next start if this one is killed half-way.
    await ensureDemoData(database.db, {
      count: config.demoImages,
      mediaDir: config.mediaDir,
      log,
      cipher: createFieldCipher(config.fieldEncryptionKey, config.fieldEncryptionOldKeys),
    });
  } finally {
    await database.close();
  }
  log.flush();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
