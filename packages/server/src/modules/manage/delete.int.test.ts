import { optionsMetadata } from '@atelier/contracts';
import { sql } from 'kysely';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { testUser, type TestUser } from '../collections/testing';

describe.each(TEST_DRIVERS)('deleting art usages and publishers on %s', (driver) => {
  let ctx: TestContext;
  let staff: TestUser;
  let customer: TestUser;

  const create = async (type: string, name: string): Promise<number> => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/${type}/`,
      headers: staff.headers,
      payload: { name },
    });
    return (res.json() as { id: number }).id;
  };
  const del = (type: string, id: number | string, as: TestUser | null = staff) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/${type}/${id}/`, headers: as ? as.headers : {} });

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    staff = await testUser(ctx.app, ctx.database, 'deleter@example.com', { staff: true });
    customer = await testUser(ctx.app, ctx.database, 'viewer@example.com');
  });
  afterAll(() => ctx.close());

  it('tells staff, through OPTIONS actions.DELETE, which entities they may delete', async () => {
    const id = await create('art-usage', 'Posters');
    const forStaff = optionsMetadata.parse(
      (
        await ctx.app.inject({
          method: 'OPTIONS',
          url: `/api/art-usage/${id}/`,
          headers: staff.headers,
        })
      ).json(),
    );
    expect(forStaff.actions?.DELETE).toEqual({});
    const artist = await ctx.app.inject({
      method: 'POST',
      url: '/api/artist/',
      headers: staff.headers,
      payload: { name: 'Kept', royalty_code: 'KEPT' },
    });
    const artistOptions = optionsMetadata.parse(
      (
        await ctx.app.inject({
          method: 'OPTIONS',
          url: `/api/artist/${(artist.json() as { id: number }).id}/`,
          headers: staff.headers,
        })
      ).json(),
    );
    expect(artistOptions.actions?.DELETE).toBeUndefined();
  });

  it('deletes an unused art usage for staff only; 404 afterwards', async () => {
    const id = await create('art-usage', 'Editorial');
    expect((await del('art-usage', id, null)).statusCode).toBe(401);
    expect((await del('art-usage', id, customer)).statusCode).toBe(403);
    const res = await del('art-usage', id);
    expect(res.statusCode).toBe(204);
    expect(
      (await ctx.app.inject({ url: `/api/art-usage/${id}/`, headers: staff.headers })).statusCode,
    ).toBe(404);
    expect((await del('art-usage', id)).statusCode).toBe(404);
    expect((await del('art-usage', 'x')).statusCode).toBe(404);
  });

  it('refuses with 409 to delete an art usage a row still refers to', async () => {
    const id = await create('art-usage', 'Licensed');
    await sql`CREATE TABLE test_licences (usage_id integer REFERENCES art_usages (id))`.execute(
      ctx.database.db,
    );
    await sql`INSERT INTO test_licences VALUES (${id})`.execute(ctx.database.db);
    const res = await del('art-usage', id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'This art usage cannot be deleted: other records refer to it.',
    });
    await sql`DROP TABLE test_licences`.execute(ctx.database.db);
    expect((await del('art-usage', id)).statusCode).toBe(204);
  });

  it('refuses with 409 to delete a publisher an upload names', async () => {
    const used = await create('publisher', 'Named Press');
    const unused = await create('publisher', 'Idle Press');
    await ctx.database.db
      .insertInto('upload_files')
      .values({ id: 'f'.repeat(32), user_id: staff.id, length: 10 })
      .execute();
    await ctx.database.db
      .insertInto('uploads')
      .values({
        name: 'A print',
        publisher: 'Named Press',
        creator_id: staff.id,
        file_id: 'f'.repeat(32),
      })
      .execute();
    const refused = await del('publisher', used);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'This publisher cannot be deleted: 1 upload refer to it.',
    });
    expect(
      (await ctx.app.inject({ url: `/api/publisher/${used}/`, headers: staff.headers })).statusCode,
    ).toBe(200);
    expect((await del('publisher', unused)).statusCode).toBe(204);
  });
});
