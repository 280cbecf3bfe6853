import { sql } from 'kysely';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../test/databases';

describe.each(TEST_DRIVERS)('database interface on %s', (driver) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database.dispose();
  });

  const artist = (code: string) => ({ name: `Artist ${code}`, royalty_code: code });
  const codes = async (): Promise<string[]> =>
    (
      await database.db
        .selectFrom('artists')
        .select('royalty_code')
        .orderBy('royalty_code')
        .execute()
    ).map((r) => r.royalty_code);

  it('reports its driver', () => {
    expect(database.kind).toBe(driver);
  });

  it('round-trips arrays, dates and booleans, and returns counts as numbers', async () => {
    const created = new Date('2020-02-29T12:34:56.789Z');
    const row = await database.db
      .insertInto('artists')
      .values({ ...artist('RT01'), created, gaa_artist: true })
      .returning(['created', 'gaa_artist'])
      .executeTakeFirstOrThrow();
    expect(row.created).toEqual(created);
    expect(row.gaa_artist).toBe(true);
    const arrays = await sql<{
      a: string[];
    }>`select ${['x', 'y z', 'ü, "q"']}::text[] as a`.execute(database.db);
    expect(arrays.rows[0]?.a).toEqual(['x', 'y z', 'ü, "q"']);
    const count = await database.db
      .selectFrom('artists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it('reports affected rows', async () => {
    const result = await database.db
      .updateTable('artists')
      .set({ active: false })
      .where('royalty_code', '=', 'RT01')
      .executeTakeFirst();
    expect(result.numUpdatedRows).toBe(1n);
  });

  it('commits and rolls back transactions, savepoints included', async () => {
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto('artists').values(artist('TX01')).execute();
    });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('artists').values(artist('TX02')).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');

    const trx = await database.db.startTransaction().execute();
    await trx.insertInto('artists').values(artist('TX03')).execute();
    const savepoint = await trx.savepoint('before_tx04').execute();
    await savepoint.insertInto('artists').values(artist('TX04')).execute();
    await savepoint.rollbackToSavepoint('before_tx04').execute();
    await trx.commit().execute();

    expect(await codes()).toEqual(['RT01', 'TX01', 'TX03']);
  });

  it('keeps concurrent transactions apart', async () => {
    const run = (code: string, fail: boolean) =>
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('artists').values(artist(code)).execute();
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (fail) throw new Error(`fail ${code}`);
      });
    const results = await Promise.allSettled([
      run('CC01', true),
      run('CC02', false),
      run('CC03', true),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected']);
    expect(await codes()).toEqual(['CC02', 'RT01', 'TX01', 'TX03']);
  });

  it('runs several statements in one parameterless script, as migrations do', async () => {
    await sql
      .raw('create table scratch (x int); insert into scratch values (1), (2);')
      .execute(database.db);
    const rows = await sql<{ n: number }>`select count(*)::int as n from scratch`.execute(
      database.db,
    );
    expect(rows.rows[0]?.n).toBe(2);
  });

  it('turns a SQL error into a rejected promise and stays usable', async () => {
    await expect(sql`select * from no_such_table`.execute(database.db)).rejects.toThrow(
      /no_such_table/,
    );
    const ok = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(ok.rows[0]?.one).toBe(1);
  });
});
