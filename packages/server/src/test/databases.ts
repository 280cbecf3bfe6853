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

/** Runs one statement on the server of `url` (create or drop a database). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  await withAdmin(url, (client) => client.query(statement));
}

/** The run's migrated PostgreSQL template: named after the admin database, so runs keep apart. */
export function templateDatabaseName(adminUrl: string, run: string): string {
  const admin = decodeURIComponent(new URL(adminUrl).pathname.slice(1)) || 'postgres';
  return `${admin.slice(0, 30)}_template_${run}`.toLowerCase();
}

/** A worker reads each PGlite template file once. */
const templateFiles = new Map<string, Promise<Buffer>>();
function templateFile(file: string): Promise<Buffer> {
  let read = templateFiles.get(file);
  if (!read) {
    read = readFile(file);
    templateFiles.set(file, read);
  }
  return read;
}

/**
 * A fresh database of the given kind; migrated unless `migrated: false`. A migrated one is a
 * copy of the run's migrated template when the global setup made one (global-setup.ts).
 */
export async function createTestDatabase(
  kind: DriverKind,
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const migrated = options.migrated !== false;
  let database: Database;
  let drop = async (): Promise<void> => undefined;
  let databaseUrl: string | undefined;
  let copiedMigrated = false;
  if (kind === 'pglite') {
    const migratedTemplate = migrated ? process.env.ATELIER_PGLITE_MIGRATED : undefined;
    const template = migratedTemplate ?? process.env.ATELIER_PGLITE_TEMPLATE;
    database = await openPglite(
      template ? { loadDataDir: new Blob([await templateFile(template)]) } : {},
    );
    copiedMigrated = migratedTemplate !== undefined;
  } else {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const template = migrated ? process.env.ATELIER_PG_TEMPLATE : undefined;
    const name = `atelier_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(
      adminUrl,
      template ? `create database "${name}" template "${template}"` : `create database "${name}"`,
    );
    copiedMigrated = template !== undefined;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openPostgres(databaseUrl, { max: 4 });
    drop = async () => {
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    };
  }
  if (migrated && !copiedMigrated) await migrate(database.db);
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
