import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../test/databases';
import { loadTestCatalogue } from '../search/testing';
import { createBatchingPopularityRecorder } from './recorder';

describe.each(TEST_DRIVERS)('batching popularity recorder on %s', (driver) => {
  let database: TestDatabase;
  const popularity = async (ids: number[]) =>
    (
      await database.db
        .selectFrom('images')
        .select(['id', 'popularity'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute()
    ).map((row) => row.popularity);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await loadTestCatalogue(database.db, 10);
  }, 60_000);
  afterAll(async () => {
    await database.dispose();
  });

  it('adds up bumps per image and writes them in one statement', async () => {
    const recorder = createBatchingPopularityRecorder(database.db, { intervalMs: 60_000 });
    const before = await popularity([1, 2, 3]);
    for (let i = 0; i < 10; i += 1) recorder.record(1, 1);
    recorder.record(2, 3);
    recorder.record(2, 2);
    recorder.record(999_999, 1); // no such image: harmless
    recorder.record(3, 0); // nothing to add
    recorder.record(3, -4);
    expect(recorder.pending).toBe(3);
    expect(await popularity([1, 2, 3])).toEqual(before); // nothing written before its time
    await recorder.flush();
    expect(recorder.stats.writes).toBe(1);
    expect(recorder.pending).toBe(0);
    expect(await popularity([1, 2, 3])).toEqual([
      (before[0] as number) + 10,
      (before[1] as number) + 5,
      before[2],
    ]);
    await recorder.flush(); // nothing waiting: no statement
    expect(recorder.stats.writes).toBe(1);
    await recorder.close();
  });

  it('writes on its own every interval, and what is left on close', async () => {
    const recorder = createBatchingPopularityRecorder(database.db, { intervalMs: 20 });
    const [before] = await popularity([4]);
    recorder.record(4, 2);
    for (let i = 0; i < 100 && recorder.stats.writes === 0; i += 1) await sleep(10);
    expect(await popularity([4])).toEqual([(before as number) + 2]);
    recorder.record(4, 1);
    await recorder.close();
    expect(await popularity([4])).toEqual([(before as number) + 3]);
  });

  it('keeps the bumps of a failed write for the next, within its bound', async () => {
    const errors: unknown[] = [];
    const recorder = createBatchingPopularityRecorder(database.db, {
      intervalMs: 60_000,
      maxPending: 2,
      onError: (error) => errors.push(error),
    });
    const before = await popularity([5, 6, 7]);
    await sql`alter table images rename to images_away`.execute(database.db);
    try {
      recorder.record(5, 1);
      recorder.record(6, 1);
      await recorder.flush();
      expect(errors).toHaveLength(1);
      expect(recorder.pending).toBe(2);
      recorder.record(5, 1); // added to the kept one
      recorder.record(7, 1); // beyond the bound: dropped
      expect(recorder.pending).toBe(2);
      expect(recorder.stats.dropped).toBe(1);
    } finally {
      await sql`alter table images_away rename to images`.execute(database.db);
    }
    await recorder.close();
    expect(await popularity([5, 6, 7])).toEqual([
      (before[0] as number) + 2,
      (before[1] as number) + 1,
      before[2],
    ]);
  });
});
