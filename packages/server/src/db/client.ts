import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './lock';
import { PGliteDialect } from './pglite-dialect';
import { PostgresListener } from './postgres-listener';
import type { DB } from './schema';

export type DriverKind = 'pglite' | 'postgres';

/** The one database interface the app sees, whichever driver is underneath. */
export interface Database {
  readonly kind: DriverKind;
  readonly db: Kysely<DB>;
  /**
   * LISTEN: calls `onNotify` for every notification on `channel` (NOTIFY, pg_notify), from
   * any process, and once each time listening (re)starts, since anything may have been sent
   * while nobody listened. A notification sent by a statement of this process has been
   * received before that statement's promise resolves (PGlite is one session; on PostgreSQL
   * every pooled connection listens too, and PostgreSQL hands a session its own
   * notifications before it reports the statement done).
   */
  listen(channel: string, onNotify: () => void): Listening;
  /** PostgreSQL: the server's URL, for a connection of its own (LISTEN). */
  readonly url?: string;
  close(): Promise<void>;
}

/** A LISTEN under way. */
interface Listening {
  /** Whether no notification can be missed now (PostgreSQL: false while the connection is down). */
  readonly active: boolean;
  close(): void;
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
    listen(channel, onNotify) {
      let active = false;
      let stopped = false;
      // Between statements of Kysely's connection, not inside a transaction of its own.
      const unlisten = dialect
        .exclusive(() => pglite.listen(channel, onNotify))
        .then((stop) => {
          if (stopped) return stop;
          active = true;
          onNotify();
          return stop;
        });
      return {
        get active() {
          return active;
        },
        close() {
          stopped = true;
          active = false;
          void unlisten.then((stop) => (closed ? undefined : stop())).catch(() => undefined);
        },
      };
    },
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

/**
 * The pool as Kysely uses it, each connection listening on the channels of `listener`
 * before it runs a statement: a notification of this process's own write then arrives on
 * the connection that wrote, before the write is reported done (the listening connection
 * receives it only some time after).
 */
function listeningPool(
  pool: pg.Pool,
  channels: () => ReadonlySet<string>,
  notify: (channel: string) => void,
): PostgresPool {
  const listened = new WeakMap<pg.PoolClient, Set<string>>();
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let mine = listened.get(client);
      if (!mine) {
        mine = new Set();
        listened.set(client, mine);
        client.on('notification', (message) => notify(message.channel));
      }
      try {
        for (const channel of channels()) {
          if (mine.has(channel)) continue;
          await client.query(`listen "${channel.replace(/"/g, '""')}"`);
          mine.add(channel);
        }
      } catch (error) {
        client.release(error instanceof Error ? error : true);
        throw error;
      }
      return client as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/** A real PostgreSQL server through a node-postgres pool. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types: pgTypes });
  pool.on('error', (error) => options.onError?.(error));
  const listener = new PostgresListener(url, options.onError);
  /** Handlers by channel, for the notifications the pooled connections receive. */
  const handlers = new Map<string, Set<() => void>>();
  const channels = new Set<string>();
  const notify = (channel: string) => {
    for (const handler of handlers.get(channel) ?? []) handler();
  };
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: listeningPool(pool, () => channels, notify) }),
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
    listen(channel, onNotify) {
      const mine = handlers.get(channel) ?? new Set();
      handlers.set(channel, mine);
      mine.add(onNotify);
      channels.add(channel);
      const stop = listener.listen(channel, onNotify);
      return {
        get active() {
          return listener.listening(channel);
        },
        close() {
          mine.delete(onNotify);
          stop();
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await listener.close();
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
