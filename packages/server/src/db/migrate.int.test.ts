import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../test/databases';
import { migrate, MIGRATIONS_DIR, readMigrations } from './migrate';

describe.each(TEST_DRIVERS)('migrations on %s', (driver) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(driver, { migrated: false });
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('applies every numbered migration once, then nothing: idempotent', async () => {
    const files = await readMigrations();
    expect(files.map((m) => m.version)).toEqual(expect.arrayContaining(['0001']));

    const first = await migrate(database.db);
    expect(first).toEqual(files.map((m) => m.version));
    const second = await migrate(database.db);
    expect(second).toEqual([]);

    const rows = await database.db.selectFrom('schema_migrations').selectAll().execute();
    expect(rows.map((r) => r.version)).toEqual(files.map((m) => m.version));
  });

  it('creates the catalogue tables, the search column and its indexes', async () => {
    const artist = await database.db
      .insertInto('artists')
      .values({ name: 'Ada Lovelace', royalty_code: 'ALOV0001' })
      .returning(['id', 'active', 'gaa_artist'])
      .executeTakeFirstOrThrow();
    expect(artist).toMatchObject({ active: true, gaa_artist: false });

    await database.db
      .insertInto('images')
      .values({
        local_id: 'GAA000001',
        source: 'GAA',
        artist_id: artist.id,
        title: 'Harbour at Dawn',
        caption: 'Boats resting in a quiet bay',
        keywords: ['lighthouse', 'sailing'],
        max_width: 1600,
        max_height: 1067,
        orientation: 'horizontal',
        image_type: 'photography',
        master_path: 'originals/x.jpg',
        thumb_path: 'thumbs/x.jpg',
        thumb_width: 600,
        thumb_height: 400,
      })
      .execute();

    const match = async (q: string): Promise<number> => {
      const result = await sql<{ n: number }>`
        select count(*)::int as n from images where search @@ websearch_to_tsquery('english', ${q})`.execute(
        database.db,
      );
      return result.rows[0]?.n ?? -1;
    };
    expect(await match('harbours')).toBe(1); // title, stemmed
    expect(await match('lighthouse')).toBe(1); // keyword
    expect(await match('bay')).toBe(1); // caption
    expect(await match('GAA000001')).toBe(1); // local id
    expect(await match('desert')).toBe(0);

    const indexes = await sql<{ indexname: string }>`
      select indexname from pg_indexes where tablename = 'images'`.execute(database.db);
    expect(indexes.rows.map((r) => r.indexname)).toEqual(
      expect.arrayContaining([
        'images_search_idx',
        'images_created_idx',
        'images_source_local_id_key',
      ]),
    );
  });

  it('rejects a duplicate (source, local_id) and a price outside 1–4', async () => {
    const artist = await database.db.selectFrom('artists').select('id').executeTakeFirstOrThrow();
    const row = {
      local_id: 'GAA000001',
      source: 'GAA',
      artist_id: artist.id,
      max_width: 10,
      max_height: 10,
      orientation: 'square' as const,
      image_type: 'fine art' as const,
      master_path: 'a',
      thumb_path: 'b',
      thumb_width: 400,
      thumb_height: 400,
    };
    await expect(database.db.insertInto('images').values(row).execute()).rejects.toThrow(
      /unique|duplicate/i,
    );
    await expect(
      database.db
        .insertInto('images')
        .values({ ...row, local_id: 'other', price: 5 })
        .execute(),
    ).rejects.toThrow(/check/i);
  });

  it('fails loudly when an applied migration file was edited', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'atelier-migrations-'));
    try {
      await cp(MIGRATIONS_DIR, dir, { recursive: true });
      const file = path.join(dir, '0001_catalogue.sql');
      await writeFile(file, `${await readFile(file, 'utf8')}\n-- edited\n`);
      await expect(migrate(database.db, dir)).rejects.toThrow(/edited after it was applied/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.each(TEST_DRIVERS)('a failing migration on %s', (driver) => {
  it('rolls back every migration of the run', async () => {
    const database = await createTestDatabase(driver, { migrated: false });
    const dir = await mkdtemp(path.join(tmpdir(), 'atelier-migrations-'));
    try {
      await cp(MIGRATIONS_DIR, dir, { recursive: true });
      await writeFile(
        path.join(dir, '9999_broken.sql'),
        'create table half_done (x int);\nselect 1 / 0;\n',
      );
      await expect(migrate(database.db, dir)).rejects.toThrow(/division by zero/);
      const tables = await sql<{ n: number }>`
        select count(*)::int as n from information_schema.tables
        where table_name in ('images', 'artists', 'half_done', 'schema_migrations')`.execute(
        database.db,
      );
      expect(tables.rows[0]?.n).toBe(0);
      // The failed run left nothing behind: every migration applies again from the start.
      const versions = (await readMigrations()).map((m) => m.version);
      expect(await migrate(database.db)).toEqual(versions);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await database.dispose();
    }
  });
});
