import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
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
import type { DatabaseAnswer, DatabaseCall, MessagePortLike } from './protocol';

/** A database error as the main thread reported it (with PostgreSQL's SQLSTATE). */
export class RemoteDatabaseError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'RemoteDatabaseError';
  }
}

type Call = DatabaseCall extends infer C
  ? C extends { id: number }
    ? Omit<C, 'id'>
    : never
  : never;

/** Sends calls over the port and matches the answers by id. */
class RemoteClient {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (answer: DatabaseAnswer & { ok: true }) => void; reject: (error: Error) => void }
  >();

  constructor(private readonly port: MessagePortLike) {
    port.on('message', (message) => {
      const answer = message as DatabaseAnswer;
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (answer.ok) waiting.resolve(answer);
      else waiting.reject(new RemoteDatabaseError(answer.message, answer.code));
    });
  }

  call(call: Call): Promise<DatabaseAnswer & { ok: true }> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.port.postMessage({ ...call, id } as DatabaseCall);
    });
  }
}

/** One Kysely connection: a transaction's lease once `begin` has answered. */
class RemoteConnection implements DatabaseConnection {
  lease: number | null = null;

  constructor(private readonly client: RemoteClient) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const answer = await this.client.call({
      type: 'query',
      lease: this.lease,
      sql: compiledQuery.sql,
      parameters: [...compiledQuery.parameters],
    });
    return {
      rows: (answer.rows ?? []) as R[],
      ...(answer.numAffectedRows !== undefined ? { numAffectedRows: answer.numAffectedRows } : {}),
    };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiledQuery);
  }

  async begin(settings: TransactionSettings): Promise<void> {
    const answer = await this.client.call({ type: 'begin', settings });
    this.lease = answer.lease ?? null;
  }

  async end(commit: boolean): Promise<void> {
    const lease = this.lease;
    if (lease === null) throw new Error('search threads: no transaction to end');
    this.lease = null;
    await this.client.call({ type: 'end', lease, commit });
  }
}

class RemoteDriver implements Driver {
  constructor(private readonly client: RemoteClient) {}

  async init(): Promise<void> {}

  // Outside a transaction each statement takes its turn on the main thread's database.
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RemoteConnection(this.client);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await (connection as RemoteConnection).begin(settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RemoteConnection).end(true);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RemoteConnection).end(false);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction is always ended (committed or rolled back) before its release.
    if ((connection as RemoteConnection).lease !== null) {
      await (connection as RemoteConnection).end(false);
    }
  }

  async destroy(): Promise<void> {}
}

/**
 * A Kysely dialect for a search thread: each compiled statement goes to the main thread over
 * `port` and runs there on the app's database (database-host.ts); a transaction holds the
 * database from its start to its end, as on the main thread. Savepoints are not offered: the
 * search indexer does not use them.
 */
export class RemoteDialect implements Dialect {
  constructor(private readonly port: MessagePortLike) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new RemoteDriver(new RemoteClient(this.port));
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
