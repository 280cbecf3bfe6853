import { sql } from 'kysely';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../test/databases';
import { loadTestCatalogue } from '../testing';
import { parseTsquery } from './tsquery';
import type { CatalogueIndex, IndexQuery } from './catalogue-index';
import { IndexSync } from './index-sync';

const CATALOGUE = 40;

const everything: IndexQuery = {
  text: null,
  includeUnpublished: true,
  filters: {},
  scope: null,
  artistIds: null,
  royaltyArtistIds: null,
  imageIds: null,
  within: [],
  excludeIds: [],
};

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

    await database.db.updateTable('images').set({ popularity: 10_000 }).where('id', '=', 7).execute();
    const index = await sync.fresh();
    expect(index.idsOf(index.page(index.resultSets(everything).all, 'popular', 0, 1))).toEqual([7]);

    await database.db.deleteFrom('images').where('id', '=', 3).execute();
    expect(found(await sync.fresh(), "'wombat'")).toEqual([]);
    expect(found(await sync.fresh())).toHaveLength(CATALOGUE - 1);

    await sql`truncate images cascade`.execute(database.db);
    expect(found(await sync.fresh())).toEqual([]);
    expect(sync.stats.builds).toBe(2);
  });

  it('reads nothing while the catalogue is quiet', async () => {
    const sync = new IndexSync(database.db);
    await sync.fresh();
    const { rowsApplied } = sync.stats;
    await Promise.all([sync.fresh(), sync.fresh(), sync.fresh()]);
    expect(sync.stats.rowsApplied).toBe(rowsApplied);
  });

  if (driver === 'postgres') {
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
