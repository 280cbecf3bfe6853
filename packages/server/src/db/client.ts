import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import {
  Kysely,
  PostgresDialect,
  sql,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import pg from 'pg';
import { lockDataDir } from './lock';
import { PGliteDialect } from './pglite-dialect';
import { PostgresChanges } from './postgres-changes';
import { createWriteTracker } from './write-count';
import type { DB } from './schema';

export type DriverKind = 'pglite' | 'postgres';

/** The one database interface the app sees, whichever driver is underneath. */
export interface Database {
  readonly kind: DriverKind;
  readonly db: Kysely<DB>;
  /**
   * A count that moves whenever the data may have changed, -1 when it cannot be told: an
   * unchanged count means unchanged data. PGlite: the statements that may have written
   * (nothing else can write to an embedded database). PostgreSQL: this process's writes
   * plus the notifications of migration 0008 from any process.
   */
  readonly changes?: () => number;
  /** PostgreSQL: the server's URL, for a connection of its own (LISTEN). */
  readonly url?: string;
  close(): Promise<void>;
}

export interface PgliteOptions {
  /** Persist the database in this directory; without one it lives in memory (tests). */
  dataDir?: string;
  /** Start from a dump (`dumpPglite`) instead of running initdb: much faster. */
  loadDataDir?: Blob;
  /** How a second process refused by the data directory's lock names this one. */
  role?: string;
}

/** Embedded PostgreSQL (PGlite) with pg_trgm and unaccent. */
export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  const { dataDir, loadDataDir } = options;
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // Before PGlite reads a byte: two processes on one data directory corrupt it (lock.ts).
  const lock = dataDir ? await lockDataDir(dataDir, options.role) : undefined;
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      extensions: { pg_trgm, unaccent },
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const dialect = new PGliteDialect(pglite);
  const db = new Kysely<DB>({ dialect });
  let closed = false;
  return {
    kind: 'pglite',
    db,
    changes: () => dialect.writes.count,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await db.destroy();
        await pglite.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

/** A fresh, empty PGlite cluster as a tar archive, to start test databases from. */
export async function dumpFreshPglite(): Promise<Uint8Array> {
  const pglite = await PGlite.create({ extensions: { pg_trgm, unaccent } });
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

/** The pool as Kysely uses it, counting each statement that may have written, once done. */
function countingPool(pool: pg.Pool, wrote: () => void): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const track = createWriteTracker(wrote);
      const query = ((
        statement: string | PostgresCursor<unknown>,
        parameters?: unknown[],
      ): unknown => {
        if (typeof statement !== 'string') return client.query(statement as never);
        const values = [...(parameters ?? [])];
        return client.query(statement, values).then(
          (result) => {
            track(statement, result.command, values.length);
            return result;
          },
          (error: unknown) => {
            // A statement that failed may still have committed (a lost answer to COMMIT).
            track(statement, null, values.length, true);
            throw error;
          },
        );
      }) as unknown as PostgresPoolClient['query'];
      return { query, release: () => client.release() };
    },
    end: () => pool.end(),
  };
}

/** A real PostgreSQL server through a node-postgres pool. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types: pgTypes });
  pool.on('error', (error) => options.onError?.(error));
  const changes = new PostgresChanges(url, options.onError);
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: countingPool(pool, () => changes.wrote()) }),
  });
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
    url,
    changes: () => changes.count(),
    async close() {
      if (closed) return;
      closed = true;
      await changes.close();
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
