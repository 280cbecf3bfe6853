import { rm } from 'node:fs/promises';
import { adminQuery } from './databases';

/** Removes the run's migrated templates (global-setup.ts); the fresh PGlite cluster stays. */
export default async function globalTeardown(): Promise<void> {
  const migrated = process.env.ATELIER_PGLITE_MIGRATED;
  if (migrated) await rm(migrated, { force: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = process.env.ATELIER_PG_TEMPLATE;
  if (adminUrl && template) {
    await adminQuery(adminUrl, `drop database if exists "${template}" with (force)`);
  }
}
