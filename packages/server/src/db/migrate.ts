import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** Any constant: serialises concurrent starts (several replicas) on the migration step. */
const MIGRATION_LOCK_KEY = 727_3501;

export interface Migration {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

/** The numbered `NNNN_name.sql` files of a directory, in order. */
export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_PATTERN.exec(file);
    if (!match?.[1] || !match[2]) {
      throw new Error(`Migration file name must look like 0001_name.sql: ${file}`);
    }
    const text = await readFile(path.join(dir, file), 'utf8');
    const version = match[1];
    if (migrations.some((m) => m.version === version)) {
      throw new Error(`Two migrations share the number ${version}`);
    }
    migrations.push({
      version,
      name: match[2],
      sql: text,
      checksum: createHash('sha256').update(text).digest('hex'),
    });
  }
  return migrations;
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, all in one transaction
 * under an advisory lock. Idempotent: a second call applies nothing. Fails loudly when an
 * applied migration's file has been edited since.
 * @returns the versions applied by this call.
 */
export async function migrate(db: Kysely<DB>, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(trx);
    await sql`
      create table if not exists schema_migrations (
        version    text primary key,
        name       text not null,
        checksum   text not null,
        applied_at timestamptz not null default now()
      )`.execute(trx);
    const applied = new Map(
      (await trx.selectFrom('schema_migrations').select(['version', 'checksum']).execute()).map(
        (row) => [row.version, row.checksum],
      ),
    );
    const done: string[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.version);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.version}_${migration.name}.sql was edited after it was applied; ` +
              'add a new numbered migration instead.',
          );
        }
        continue;
      }
      await sql.raw(migration.sql).execute(trx);
      await trx
        .insertInto('schema_migrations')
        .values({ version: migration.version, name: migration.name, checksum: migration.checksum })
        .execute();
      done.push(migration.version);
    }
    return done;
  });
}
