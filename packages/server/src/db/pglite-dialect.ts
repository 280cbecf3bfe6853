import type { PGlite, Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A Kysely dialect over one PGlite instance (kysely-pglite-dialect does not support
 * pglite 0.5). PGlite is a single connection, so the driver hands it out to one Kysely
 * connection at a time: a transaction owns it from `begin` to `commit`/`rollback`.
 *
 * A query with parameters runs through the extended protocol (`query`); one without runs
 * through the simple protocol (`exec`), which accepts several statements: this is what
 * node-postgres does too, so migration scripts run the same way on both drivers.
 */
export class PGliteDialect implements Dialect {
  /** Held by Kysely's one connection from its acquisition to its release. */
  private readonly mutex = new Mutex();

  constructor(private readonly pglite: PGlite) {}

  /** Runs `fn` on PGlite between two uses of Kysely's connection (never inside a transaction). */
  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.mutex.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.mutex);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

/** A FIFO lock: `acquire` resolves with the function that releases it. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => held);
    return acquired;
  }
}

const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

const AFFECTING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const parameters = [...compiledQuery.parameters];
    let result: Results<R> | undefined;
    if (parameters.length === 0) {
      const all = await this.pglite.exec(compiledQuery.sql);
      result = all[all.length - 1] as Results<R> | undefined;
    } else {
      result = await this.pglite.query<R>(compiledQuery.sql, parameters);
    }
    const command = result?.command?.toUpperCase();
    if (!result) return { rows: [] };
    return {
      rows: result.rows,
      numAffectedRows:
        command !== undefined && AFFECTING_COMMANDS.has(command)
          ? BigInt(result.rowCount ?? result.affectedRows ?? 0)
          : undefined,
    };
  }

  /** PGlite holds results in memory anyway: the whole result is one chunk. */
  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiledQuery);
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private release: (() => void) | undefined;

  constructor(
    private readonly pglite: PGlite,
    private readonly mutex: Mutex,
  ) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.release = await this.mutex.acquire();
    return this.connection;
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      statement = 'start transaction';
      if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) statement += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(
      CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(name)}`),
    );
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdentifier(name)}`));
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    // The owner of the PGlite instance closes it (see db/client.ts).
  }
}
