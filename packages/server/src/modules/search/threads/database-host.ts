import { CompiledQuery, type Kysely, type Transaction, type TransactionSettings } from 'kysely';
import type { DB } from '../../../db/schema';
import type { DatabaseAnswer, DatabaseCall, MessagePortLike } from './protocol';

/** Rejects a lease's transaction: Kysely then rolls it back. */
const ROLL_BACK = Symbol('roll back');

interface Lease {
  trx: Transaction<DB>;
  end(commit: boolean): Promise<void>;
}

/**
 * Opens a transaction on `db` and holds it until `end`: while it is open it owns PGlite's
 * one connection (the dialect's FIFO lock), as a transaction of the main thread does.
 */
function openLease(db: Kysely<DB>, settings: TransactionSettings): Promise<Lease> {
  return new Promise((resolve, reject) => {
    let builder = db.transaction();
    if (settings.isolationLevel) builder = builder.setIsolationLevel(settings.isolationLevel);
    if (settings.accessMode) builder = builder.setAccessMode(settings.accessMode);
    let opened = false;
    let finish!: (commit: boolean) => void;
    const settled = builder.execute(
      (trx) =>
        new Promise<void>((commit, rollBack) => {
          opened = true;
          finish = (yes) => (yes ? commit() : rollBack(ROLL_BACK));
          resolve({
            trx,
            end: async (yes) => {
              finish(yes);
              await settled.catch((error: unknown) => {
                if (error !== ROLL_BACK) throw error;
              });
            },
          });
        }),
    );
    settled.catch((error: unknown) => {
      if (!opened) reject(error);
    });
  });
}

function failure(id: number, error: unknown): DatabaseAnswer {
  const code = (error as { code?: unknown } | null)?.code;
  return {
    id,
    ok: false,
    message: error instanceof Error ? error.message : String(error),
    code: typeof code === 'string' ? code : undefined,
  };
}

/**
 * Runs a search thread's statements (remote-dialect.ts) on the main thread's database: a
 * statement outside a transaction as any other of the main thread (one at a time, in turn);
 * a transaction as one lease of the connection from its `begin` to its `end`. `close` rolls
 * back what a thread left open (it died or was stopped mid-transaction).
 */
export function serveDatabase(port: MessagePortLike, db: Kysely<DB>): { close(): Promise<void> } {
  const leases = new Map<number, Lease>();
  let nextLease = 1;
  let closed = false;

  async function answer(call: DatabaseCall): Promise<DatabaseAnswer> {
    if (call.type === 'begin') {
      const lease = await openLease(db, call.settings);
      if (closed) {
        await lease.end(false);
        throw new Error('search threads: the database host is closed');
      }
      const id = nextLease++;
      leases.set(id, lease);
      return { id: call.id, ok: true, lease: id };
    }
    if (call.type === 'end') {
      const lease = leases.get(call.lease);
      if (!lease) throw new Error(`search threads: no transaction ${call.lease}`);
      leases.delete(call.lease);
      await lease.end(call.commit);
      return { id: call.id, ok: true };
    }
    const query = CompiledQuery.raw(call.sql, call.parameters);
    let runner: Kysely<DB> = db;
    if (call.lease !== null) {
      const lease = leases.get(call.lease);
      if (!lease) throw new Error(`search threads: no transaction ${call.lease}`);
      runner = lease.trx;
    }
    const result = await runner.executeQuery(query);
    return { id: call.id, ok: true, rows: result.rows, numAffectedRows: result.numAffectedRows };
  }

  const onMessage = (message: unknown): void => {
    const call = message as DatabaseCall;
    answer(call).then(
      (reply) => port.postMessage(reply),
      (error: unknown) => port.postMessage(failure(call.id, error)),
    );
  };
  port.on('message', onMessage);
  return {
    async close() {
      closed = true;
      port.off('message', onMessage);
      const open = [...leases.values()];
      leases.clear();
      await Promise.all(open.map((lease) => lease.end(false).catch(() => undefined)));
    },
  };
}
