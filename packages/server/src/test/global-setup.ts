import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely } from 'kysely';
import { dumpFreshPglite, openPostgres } from '../db/client';
import { migrate } from '../db/migrate';
import { PGliteDialect } from '../db/pglite-dialect';
import type { DB } from '../db/schema';
import { adminQuery, templateDatabaseName } from './databases';

/** Where the fresh PGlite cluster lives; keyed by the PGlite version, reused across runs. */
export function pgliteTemplatePath(): string {
  const entry = require.resolve('@electric-sql/pglite'); // <package>/dist/index.cjs
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return path.join(tmpdir(), `atelier-pglite-template-${version}.tar`);
}

/** A fresh PGlite cluster (initdb is most of a new PGlite's cost), made once per version. */
async function freshPgliteTemplate(): Promise<string> {
  const file = pgliteTemplatePath();
  if (!existsSync(file)) {
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, await dumpFreshPglite());
    await rename(partial, file);
  }
  return file;
}

/** The fresh cluster, migrated: every migrated PGlite test database of this run copies it. */
async function migratedPgliteTemplate(fresh: string, run: string): Promise<string> {
  const pglite = await PGlite.create({
    loadDataDir: new Blob([await readFile(fresh)]),
    extensions: { pg_trgm, unaccent },
  });
  try {
    const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
    await migrate(db);
    const dump = await pglite.dumpDataDir('none');
    const file = path.join(tmpdir(), `atelier-pglite-migrated-${run}.tar`);
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
    return file;
  } finally {
    await pglite.close();
  }
}

/** A migrated PostgreSQL database that the run's migrated test databases are created from. */
async function migratedPostgresTemplate(adminUrl: string, run: string): Promise<string> {
  const name = templateDatabaseName(adminUrl, run);
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 1 });
  try {
    await migrate(database.db);
  } finally {
    // `create database … template` needs the template free of connections.
    await database.close();
  }
  return name;
}

/**
 * Runs once before the integration tier's files. Migrating is most of a test database's
 * cost, and the suite makes a hundred or more: the setup migrates one template per driver
 * and every test database starts as a copy of it (PGlite: a dumped data directory;
 * PostgreSQL: `create database … template`). Databases asked for unmigrated copy the fresh
 * PGlite cluster or start empty. The templates live for this run only (global-teardown.ts),
 * so rows a migration stamps with now() are as fresh as if each test had migrated.
 */
export default async function globalSetup(): Promise<void> {
  const run = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const fresh = await freshPgliteTemplate();
  process.env.ATELIER_PGLITE_TEMPLATE = fresh;
  process.env.ATELIER_PGLITE_MIGRATED = await migratedPgliteTemplate(fresh, run);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) process.env.ATELIER_PG_TEMPLATE = await migratedPostgresTemplate(adminUrl, run);
}
