import { sql } from 'kysely';
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../test/databases';
import { loadTestCatalogue } from '../testing';
import { parseTsquery } from '../engine/tsquery';
import { indexQuery, type CatalogueIndex } from '../engine/catalogue-index';
import { LISTENER_APPLICATION_NAME } from '../../../db/postgres-listener';
import { searchChangeCount } from './change-feed';
import { IndexSync } from './index-sync';

const CATALOGUE = 40;

const everything = indexQuery({ includeUnpublished: true });

const found = (index: CatalogueIndex, text: string | null = null): number[] => {
  const { all } = index.resultSets({ ...everything, text: text ? parseTsquery(text) : null });
  return index.idsOf(index.page(all, 'newest', 0, 10_000)).sort((a, b) => a - b);
};

describe.each(TEST_DRIVERS)('search index sync on %s', (driver) => {
  let database: TestDatabase;
  const retitle = (id: number, title: string) =>
    database.db.updateTable('images').set({ title }).where('id', '=', id).execute();

  beforeEach(async () => {
    database = await createTestDatabase(driver);
    await loadTestCatalogue(database.db, CATALOGUE);
  }, 60_000);
  afterEach(async () => {
    await database.dispose();
  });

  it('builds from the catalogue, then sees each committed change on the next call', async () => {
    const sync = new IndexSync(database.db);
    expect(found(await sync.fresh())).toHaveLength(CATALOGUE);

    await retitle(3, 'Wombat');
    expect(found(await sync.fresh(), "'wombat'")).toEqual([3]);

    await database.db
      .updateTable('images')
      .set({ popularity: 10_000 })
      .where('id', '=', 7)
      .execute();
    const index = await sync.fresh();
    expect(index.idsOf(index.page(index.resultSets(everything).all, 'popular', 0, 1))).toEqual([7]);

    await database.db.deleteFrom('images').where('id', '=', 3).execute();
    expect(found(await sync.fresh(), "'wombat'")).toEqual([]);
    expect(found(await sync.fresh())).toHaveLength(CATALOGUE - 1);

    await sql`truncate images cascade`.execute(database.db);
    expect(found(await sync.fresh())).toEqual([]);
    expect(sync.stats.builds).toBe(2);
  });

  it('takes a batch of popularity changes into the popular order, counts untouched', async () => {
    const sync = new IndexSync(database.db);
    const popularIds = (index: CatalogueIndex) =>
      index.idsOf(index.page(index.resultSets(everything).all, 'popular', 0, 10_000));
    const before = await sync.fresh();
    const setsVersion = before.setsVersion;
    const newest = before.idsOf(
      before.page(before.resultSets(everything).all, 'newest', 0, 10_000),
    );
    // One statement for a batch, as the popularity recorder writes a second's bumps.
    const top = Math.max(
      ...(await database.db.selectFrom('images').select('popularity').execute()).map(
        (r) => r.popularity,
      ),
    );
    await sql`update images set popularity = v.by
      from unnest(${[7, 19, 33]}::int[], ${[top + 30, top + 20, top + 10]}::int[]) as v(id, by)
      where images.id = v.id`.execute(database.db);
    const index = await sync.fresh();
    const want = (
      await database.db
        .selectFrom('images')
        .select('id')
        .orderBy('popularity', 'desc')
        .orderBy('created', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => r.id);
    expect(popularIds(index)).toEqual(want);
    expect(want.slice(0, 3)).toEqual([7, 19, 33]);
    expect(index.setsVersion).toBe(setsVersion);
    expect(index.idsOf(index.page(index.resultSets(everything).all, 'newest', 0, 10_000))).toEqual(
      newest,
    );
  });

  it('reads nothing while the catalogue is quiet', async () => {
    const sync = new IndexSync(database.db);
    await sync.fresh();
    const { rowsApplied } = sync.stats;
    await Promise.all([sync.fresh(), sync.fresh(), sync.fresh()]);
    expect(sync.stats.rowsApplied).toBe(rowsApplied);
  });

  it('skips the catch-up query while an embedded database’s write count stands still', async () => {
    let writes = 0;
    const sync = new IndexSync(database.db, () => writes);
    await sync.fresh();
    await retitle(4, 'Narwhal');
    // The count did not move (as if nothing had written): the index is answered as is.
    expect(found(await sync.fresh(), "'narwhal'")).toEqual([]);
    writes += 1;
    expect(found(await sync.fresh(), "'narwhal'")).toEqual([4]);
  });

  /** The change count, once it listens (PGlite: at once; PostgreSQL: once connected). */
  /** Waits until the change count has not moved for 300 ms (5 s at most). */
  const settled = async (count: () => number): Promise<void> => {
    let last = count();
    for (let still = 0, waited = 0; still < 300 && waited < 5000; still += 20, waited += 20) {
      await sleep(20);
      if (count() !== last) {
        last = count();
        still = -20;
      }
    }
  };

  const listening = async (count: () => number): Promise<number> => {
    for (let i = 0; i < 200 && count() < 0; i++) await sleep(10);
    expect(count()).toBeGreaterThanOrEqual(0);
    return count();
  };

  it('moves its change count with its own writes to images and artists before they resolve, not with reads or other tables', async () => {
    const count = searchChangeCount(database);
    let seen = await listening(count);
    await sql`select id from images where id = ${1}`.execute(database.db);
    // Carts, orders and sessions write all day: no catch-up for them.
    await database.db.insertInto('collections').values({ name: 'Not followed' }).execute();
    expect(count()).toBe(seen);
    await retitle(5, 'Okapi');
    expect(count()).toBeGreaterThan(seen);
    seen = count();
    await sql`with changed as (update images set popularity = popularity + 1 where id = ${5} returning id)
      select id from changed`.execute(database.db);
    expect(count()).toBeGreaterThan(seen);
    seen = count();
    await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('artists').set({ name: 'Renamed' }).where('id', '=', 1).execute();
    });
    expect(count()).toBeGreaterThan(seen);
  });

  if (driver === 'postgres') {
    /** A write on a connection of its own, as another process makes it. */
    const retitleElsewhere = async (id: number, title: string): Promise<void> => {
      const other = new pg.Client({ connectionString: database.url as string });
      await other.connect();
      try {
        await other.query('update images set title = $1 where id = $2', [title, id]);
      } finally {
        await other.end();
      }
    };

    it('sees another process’s commit once its notification arrives, with no query before', async () => {
      const count = searchChangeCount(database);
      const sync = new IndexSync(database.db, count);
      await listening(count);
      await sync.fresh();
      await retitleElsewhere(6, 'Quokka');
      let seen: number[] = [];
      for (let i = 0; i < 200 && seen.length === 0; i++) {
        seen = found(await sync.fresh(), "'quokka'");
        if (seen.length === 0) await sleep(10);
      }
      expect(seen).toEqual([6]);
      // Quiet again: searches ask nothing of the database. A notification of an earlier
      // write may still arrive late on a loaded machine (and rightly cost one catch-up):
      // quiet means once the count has stood still.
      await settled(count);
      await sync.fresh();
      const { catchUps } = sync.stats;
      await Promise.all([sync.fresh(), sync.fresh()]);
      expect(sync.stats.catchUps).toBe(catchUps);
    });

    it('asks on every call while its listening connection is lost, and listens again', async () => {
      const count = searchChangeCount(database);
      const sync = new IndexSync(database.db, count);
      const before = await listening(count);
      await sync.fresh();
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database()
          and application_name = ${LISTENER_APPLICATION_NAME}`.execute(database.db);
      for (let i = 0; i < 200 && count() >= 0; i++) await sleep(10);
      expect(count()).toBe(-1);
      // Nobody listens for another process's commit meanwhile: the catch-up queries.
      await retitleElsewhere(8, 'Tapir');
      expect(found(await sync.fresh(), "'tapir'")).toEqual([8]);
      expect(await listening(count)).toBeGreaterThan(before);
    });

    it('does not miss a change committed after a later one was read', async () => {
      const sync = new IndexSync(database.db);
      await sync.fresh();
      // An older transaction writes first and commits last.
      const slow = await database.db.startTransaction().execute();
      await slow.updateTable('images').set({ title: 'Aardvark' }).where('id', '=', 1).execute();
      await retitle(2, 'Pangolin');
      expect(found(await sync.fresh(), "'pangolin'")).toEqual([2]);
      expect(found(await sync.fresh(), "'aardvark'")).toEqual([]);
      await slow.commit().execute();
      expect(found(await sync.fresh(), "'aardvark'")).toEqual([1]);
    });
  }
});
