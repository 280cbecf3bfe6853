import { MessageChannel } from 'node:worker_threads';
import { Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../../test/databases';
import { serveDatabase } from './database-host';
import { RemoteDatabaseError, RemoteDialect } from './remote-dialect';

/** A search thread's database (remote-dialect.ts) served by the host (database-host.ts). */
describe('a search thread’s database through the main thread (PGlite)', () => {
  let database: TestDatabase;
  let channel: MessageChannel;
  let host: ReturnType<typeof serveDatabase>;
  let remote: Kysely<DB>;

  beforeEach(async () => {
    database = await createTestDatabase('pglite');
    await sql`create table thread_probe (x int)`.execute(database.db);
    channel = new MessageChannel();
    host = serveDatabase(channel.port1, database.db);
    remote = new Kysely<DB>({ dialect: new RemoteDialect(channel.port2) });
  });

  afterEach(async () => {
    await host.close();
    channel.port1.close();
    channel.port2.close();
    await database.dispose();
  });

  const count = async (db: Kysely<DB>) =>
    Number(
      (await sql<{ n: number }>`select count(*)::int as n from thread_probe`.execute(db)).rows[0]
        ?.n,
    );

  it('answers rows (dates as dates) and affected row counts as the main thread does', async () => {
    const rows = await sql<{ one: number; at: Date }>`
      select ${1}::int as one, timestamptz '2025-06-01 00:00:00Z' as at`.execute(remote);
    expect(rows.rows).toEqual([{ one: 1, at: new Date('2025-06-01T00:00:00Z') }]);
    const inserted = await sql`insert into thread_probe values (1), (2)`.execute(remote);
    expect(inserted.numAffectedRows).toBe(2n);
    expect(await count(database.db)).toBe(2);
  });

  it("reports the database's errors with their SQLSTATE", async () => {
    const error = await sql`select 1 / ${0}::int`.execute(remote).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteDatabaseError);
    expect(error).toMatchObject({
      code: '22012',
      message: expect.stringMatching(/division by zero/),
    });
    // The database is free again.
    expect(await count(database.db)).toBe(0);
  });

  it('holds the database for a transaction, from its start to its commit', async () => {
    let mainDone = false;
    let main: Promise<void> | undefined;
    await remote
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        expect(await count(trx)).toBe(0);
        main = sql`insert into thread_probe values (9)`
          .execute(database.db)
          .then(() => void (mainDone = true));
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(mainDone).toBe(false);
        await sql`insert into thread_probe values (1)`.execute(trx);
        expect(await count(trx)).toBe(1);
      });
    await main;
    expect(mainDone).toBe(true);
    expect(await count(database.db)).toBe(2);
  });

  it('rolls back a transaction that throws', async () => {
    await expect(
      remote.transaction().execute(async (trx) => {
        await sql`insert into thread_probe values (1)`.execute(trx);
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await count(database.db)).toBe(0);
  });

  it('rolls back what a thread left open when it stops, and frees the database', async () => {
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    void remote
      .transaction()
      .execute(async (trx) => {
        await sql`insert into thread_probe values (1)`.execute(trx);
        inserted();
        await new Promise(() => undefined); // the thread dies here
      })
      .catch(() => undefined);
    await insertedOnce;
    await host.close();
    expect(await count(database.db)).toBe(0);
  });
});
