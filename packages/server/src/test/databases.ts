import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { openPglite, openPostgres, type Database, type DriverKind } from '../db/client';
import { migrate } from '../db/migrate';

/**
 * The drivers every server test runs on: PGlite (in memory) always, and real PostgreSQL
 * when TEST_DATABASE_URL is set (each test file then gets its own new database there).
 */
export const TEST_DRIVERS: DriverKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase extends Database {
  /** PostgreSQL: the database's URL (for a connection of another "process"). */
  url?: string;
  /** Closes the database and, for PostgreSQL, drops it. */
  dispose(): Promise<void>;
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database of the given kind; migrated unless `migrated: false`. */
export async function createTestDatabase(
  kind: DriverKind,
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  let database: Database;
  let drop = async (): Promise<void> => undefined;
  let databaseUrl: string | undefined;
  if (kind === 'pglite') {
    const template = process.env.ATELIER_PGLITE_TEMPLATE;
    database = await openPglite(
      template ? { loadDataDir: new Blob([await readFile(template)]) } : {},
    );
  } else {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `atelier_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await withAdmin(adminUrl, (client) => client.query(`create database "${name}"`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openPostgres(databaseUrl, { max: 4 });
    drop = async () => {
      await withAdmin(adminUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    };
  }
  if (options.migrated !== false) await migrate(database.db);
  return {
    kind: database.kind,
    db: database.db,
    listen: (channel, onNotify) => database.listen(channel, onNotify),
    ...(databaseUrl ? { url: databaseUrl } : {}),
    close: () => database.close(),
    async dispose() {
      await database.close();
      await drop();
    },
  };
}
