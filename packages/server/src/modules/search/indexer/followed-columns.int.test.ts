import { setTimeout as sleep } from 'node:timers/promises';
import { searchResponse, type SearchResponse } from '@atelier/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { createTestApp, type TestContext } from '../../../test/app';
import { TEST_DRIVERS } from '../../../test/databases';
import { GENERATED_SOURCES, SEARCH_FOLLOWED_COLUMNS } from './followed-columns';
import { loadTestCatalogue } from '../testing';

describe.each(TEST_DRIVERS)('the columns search follows on %s', (driver) => {
  let ctx: TestContext;
  const search = async (query: string): Promise<SearchResponse> => {
    const res = await ctx.app.inject({ url: `/content/search/v3/?${query}` });
    expect(res.statusCode).toBe(200);
    return searchResponse.parse(res.json());
  };

  /**
   * An UPDATE as another worker makes it: on PostgreSQL from a connection of its own, so
   * that only the change feed (0008's notification) can tell this server about it; PGlite
   * has one process, whose own pool writes.
   */
  const update = async (id: number, column: string, value: unknown): Promise<void> => {
    if (driver === 'pglite') {
      await sql`update images set ${sql.ref(column)} = ${value} where id = ${id}::int`.execute(
        ctx.database.db,
      );
      return;
    }
    const other = new pg.Client({ connectionString: ctx.database.url as string });
    await other.connect();
    try {
      await other.query(`update images set "${column}" = $1 where id = $2`, [value, id]);
    } finally {
      await other.end();
    }
  };
  /** Searches until `done` holds (another worker's change arrives within milliseconds). */
  const eventually = async (
    query: string,
    done: (response: SearchResponse) => boolean,
  ): Promise<SearchResponse> => {
    let response = await search(query);
    for (let i = 0; i < 300 && !done(response); i++) {
      await sleep(10);
      response = await search(query);
    }
    return response;
  };

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    await loadTestCatalogue(ctx.database.db, 30);
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
  });

  it('has a trigger that names exactly the columns the index and its cards read', async () => {
    const { rows } = await sql<{ column: string }>`
      select a.attname as column
      from pg_trigger t
        join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr::int2[])
      where t.tgrelid = 'images'::regclass and t.tgname = 'images_search_xid'
      order by a.attname`.execute(ctx.database.db);
    expect(rows.map((row) => row.column)).toEqual([...SEARCH_FOLLOWED_COLUMNS]);
  });

  it('knows what each generated column the index reads is made of', async () => {
    const { rows } = await sql<{ generated: string; base: string }>`
      select g.attname as generated, b.attname as base
      from pg_attrdef ad
        join pg_attribute g on g.attrelid = ad.adrelid and g.attnum = ad.adnum
        join pg_depend d on d.classid = 'pg_attrdef'::regclass and d.objid = ad.oid
        join pg_attribute b on b.attrelid = d.refobjid and b.attnum = d.refobjsubid
      where ad.adrelid = 'images'::regclass and g.attgenerated = 's'
        and d.refobjid = 'images'::regclass and d.refobjsubid > 0 and b.attnum <> g.attnum
      order by 1, 2`.execute(ctx.database.db);
    const catalog: Record<string, string[]> = {};
    for (const row of rows) (catalog[row.generated] ??= []).push(row.base);
    const declared = Object.fromEntries(
      Object.entries(GENERATED_SOURCES).map(([column, bases]) => [column, [...bases].sort()]),
    );
    expect(catalog).toEqual(declared);
  });

  it('shows a new thumbnail, `updated` or substrates without a restart', async () => {
    const image = await ctx.database.db
      .selectFrom('images')
      .select(['id', 'local_id', 'substrates'])
      .where('published', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const byId = `q=${encodeURIComponent(image.local_id)}`;
    const card = async (response: Promise<SearchResponse> | SearchResponse) =>
      (await response).images.find((found) => found.id === image.id);
    const before = await card(search(byId));
    if (!before) throw new Error('the image is not found by its local id');

    await update(image.id, 'thumb_path', 'thumbs/99/retouched.jpg');
    const rethumbed = await card(
      eventually(byId, (r) => r.images.some((i) => i.thumb.endsWith('/retouched.jpg'))),
    );
    expect(rethumbed?.thumb).toMatch(/\/thumbs\/99\/retouched\.jpg$/);

    const updated = '2031-02-03T04:05:06.789Z';
    await update(image.id, 'updated', updated);
    expect(
      await card(eventually(byId, (r) => r.images.some((i) => i.updated === updated))),
    ).toMatchObject({ updated, thumb: rethumbed?.thumb, title: before.title });

    // Substrates are a filter (search_tags): one taken away no longer finds the image.
    const [dropped, ...kept] = image.substrates;
    if (!dropped) throw new Error('the image has no substrates');
    const filtered = `${byId}&substrate=${encodeURIComponent(dropped)}`;
    expect((await search(filtered)).images.map((i) => i.id)).toContain(image.id);
    await update(image.id, 'substrates', kept);
    const after = await eventually(filtered, (r) => !r.images.some((i) => i.id === image.id));
    expect(after.images.map((i) => i.id)).not.toContain(image.id);
  });
});
