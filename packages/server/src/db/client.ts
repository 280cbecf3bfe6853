import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { DB } from './schema';

export type DriverKind = 'pglite' | 'postgres';

/** The one database interface the app sees, whichever driver is underneath. */
export interface Database {
  readonly kind: DriverKind;
  readonly db: Kysely<DB>;
  /**
   * PGlite only: how many statements that may write have run. Nothing else can write to an
   * embedded database, so an unchanged count means unchanged data.
   */
  readonly localWrites?: () => number;
  close(): Promise<void>;
}

export interface PgliteOptions {
  /** Persist the database in this directory; without one it lives in memory (tests). */
  dataDir?: string;
  /** Start from a dump (`dumpPglite`) instead of running initdb: much faster. */
  loadDataDir?: Blob;
}

/** Embedded PostgreSQL (PGlite) with pg_trgm. */
export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  const { dataDir, loadDataDir } = options;
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const dialect = new PGliteDialect(pglite);
  const db = new Kysely<DB>({ dialect });
  let closed = false;
  return {
    kind: 'pglite',
    db,
    localWrites: () => dialect.writes.count,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await pglite.close();
    },
  };
}

/** A fresh, empty PGlite cluster as a tar archive, to start test databases from. */
export async function dumpFreshPglite(): Promise<Uint8Array> {
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  try {
    const dump = await pglite.dumpDataDir('none');
    return new Uint8Array(await dump.arrayBuffer());
  } finally {
    await pglite.close();
  }
}

const INT8_OID = 20;

/** bigint columns (counts) as numbers, as PGlite returns them: counts stay far below 2^53. */
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export interface PostgresOptions {
  max?: number;
  /** Called when an idle pooled connection fails (the pool replaces it). */
  onError?: (error: Error) => void;
}

/** A real PostgreSQL server through a node-postgres pool. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types: pgTypes });
  pool.on('error', (error) => options.onError?.(error));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let closed = false;
  return {
    kind: 'postgres',
    db,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

export interface DatabaseSettings {
  databaseUrl: string | undefined;
  pgliteDir: string;
}

/** DATABASE_URL set: PostgreSQL; otherwise PGlite persisted in DATA_DIR/pglite. */
export function openDatabase(
  settings: DatabaseSettings,
  options: PostgresOptions = {},
): Promise<Database> {
  return settings.databaseUrl
    ? openPostgres(settings.databaseUrl, options)
    : openPglite({ dataDir: settings.pgliteDir });
}
