import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../test/databases';
import { readSearchChangeCount, sharedSearchChangeCount } from './change-count';

describe('the search change count in shared memory (PGlite)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('is -1 until listening, then moves before a write of images is reported done', async () => {
    const shared = sharedSearchChangeCount(database);
    const read = readSearchChangeCount(shared.buffer);
    expect(read()).toBe(-1);
    // Listening starts between two statements.
    await sql`select 1`.execute(database.db);
    const listening = read();
    expect(listening).toBeGreaterThanOrEqual(0);
    await sql`select count(*) from images`.execute(database.db);
    expect(read()).toBe(listening);
    await sql`insert into artists (name, royalty_code) values ('Ada Lane', 'ADA001')`.execute(
      database.db,
    );
    expect(read()).toBeGreaterThan(listening);
    shared.close();
    expect(read()).toBe(-1);
  });
});
