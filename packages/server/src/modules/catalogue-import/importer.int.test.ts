import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { substratesFor } from '@atelier/contracts';
import sharp from 'sharp';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../test/databases';
import { THUMB_HEIGHT } from './files';
import { sql } from 'kysely';
import {
  ImportFailed,
  importFile,
  importLines,
  nothingRead,
  summary,
  type ImportReport,
} from './importer';

const NOW = new Date('2025-06-01T00:00:00Z');

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

const solid = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } });

/** A valid record; `overrides` replace fields (undefined removes one). */
function line(overrides: Record<string, unknown> = {}): string {
  const record: Record<string, unknown> = {
    source: 'GAA',
    local_id: 'GAA000001',
    title: 'Blue Hour',
    caption: 'A harbour before dawn.',
    artist: { name: 'Ada Lind', royalty_code: 'ALIN0001', gaa_artist: true },
    keywords: ['harbour', 'dawn'],
    image_type: 'photography',
    people: false,
    price: 3,
    published: true,
    created: '2024-03-01T10:00:00Z',
    file: 'pictures/blue.jpg',
    ...overrides,
  };
  for (const [key, value] of Object.entries(record)) if (value === undefined) delete record[key];
  return JSON.stringify(record);
}

describe.each(TEST_DRIVERS)('catalogue import on %s', (driver) => {
  let database: TestDatabase;
  let dir: string;
  let mediaDir: string;
  let file: string;
  let first: ImportReport;

  const run = (name = file, options: { move?: boolean } = {}) =>
    importFile(database.db, name, { mediaDir, now: () => NOW, batchSize: 4, ...options });
  const imageRow = (localId: string) =>
    database.db
      .selectFrom('images')
      .innerJoin('artists', 'artists.id', 'images.artist_id')
      .selectAll('images')
      .select(['artists.name as artist', 'artists.royalty_code', 'artists.gaa_artist'])
      .where('local_id', '=', localId)
      .executeTakeFirst();

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    dir = await mkdtemp(path.join(tmpdir(), 'atelier-import-'));
    mediaDir = path.join(dir, 'media');
    const pictures = path.join(dir, 'pictures');
    await mkdir(pictures);
    await solid(600, 400, '#1e5ac8').jpeg().toFile(path.join(pictures, 'blue.jpg'));
    await solid(300, 900, '#c81e1e').png().toFile(path.join(pictures, 'red.png'));
    await solid(1200, 400, '#f0f0f0').webp().toFile(path.join(pictures, 'pano.webp'));
    await solid(60, 60, '#1e5ac8').png().toFile(path.join(pictures, 'tiny.png'));
    await solid(200, 200, '#1e5ac8').tiff().toFile(path.join(pictures, 'scan.tiff'));
    await writeFile(path.join(pictures, 'notes.jpg'), 'these are not pixels');
    // A real JPEG cut in half: the header reads, the pixels do not.
    const noisy = Buffer.alloc(400 * 300 * 3);
    for (let i = 0; i < noisy.length; i++) noisy[i] = (i * 7919) % 251;
    const jpeg = await sharp(noisy, { raw: { width: 400, height: 300, channels: 3 } })
      .jpeg()
      .toBuffer();
    await writeFile(path.join(pictures, 'cut.jpg'), jpeg.subarray(0, jpeg.length / 2));

    file = path.join(dir, 'catalogue.jsonl');
    await writeFile(
      file,
      [
        /* 1 */ line({ colours: ['red', 'gold'] }), // colours are measured, never taken
        /* 2 */ line({
          source: 'GET',
          local_id: '1000000042',
          title: 'Red Door',
          image_type: 'fine art',
          people: true,
          price: 1,
          artist: { name: 'Bo Stern', royalty_code: 'BSTE0002' },
          file: 'pictures/red.png',
          dimensions: { width: 300, height: 900 },
          static_sets: ['government'],
          created: undefined,
        }),
        /* 3 */ '',
        /* 4 */ '{"source": "GAA", "local_id": ',
        /* 5 */ line({ local_id: 'GAA000005', title: undefined, image_type: undefined }),
        /* 6 */ line({ local_id: 'GAA000006', source: 'FLICKR' }),
        /* 7 */ line({ local_id: 'GAA000007', file: 'pictures/missing.jpg' }),
        /* 8 */ line({ local_id: 'GAA000008', file: 'pictures/cut.jpg' }),
        /* 9 */ line({ local_id: 'GAA000009', file: 'pictures/notes.jpg' }),
        /* 10 */ line({ local_id: 'GAA000010', file: 'pictures/tiny.png' }),
        /* 11 */ line({ local_id: 'GAA000011', file: 'pictures/scan.tiff' }),
        /* 12 */ line({ local_id: 'GAA000012', dimensions: { width: 601, height: 400 } }),
        /* 13 */ line({ title: 'Blue Hour, again' }),
        /* 14 */ line({ local_id: 'GAA000014', price: 5, created: 'yesterday' }),
        /* 15 */ '[1, 2, 3]',
        /* 16 */ line({
          local_id: 'BJOR77',
          source: 'BJOR',
          title: 'Long Light',
          file: path.join(pictures, 'pano.webp'), // absolute
          keywords: ['sky', 'sky', 'light'],
        }),
      ].join('\n') + '\n',
    );
    first = await run();
  });
  afterAll(async () => {
    await database.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('loads the good lines and reports every rejected one with its line number and reason', () => {
    expect(first).toMatchObject({ lines: 15, inserted: 3, updated: 0, unchanged: 0 });
    expect(first.artists).toEqual({ created: 2, updated: 0 });
    const reasons = Object.fromEntries(first.rejected.map((r) => [r.line, r.reason]));
    expect(Object.keys(reasons).map(Number)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(reasons[4]).toMatch(/^invalid JSON: /);
    expect(reasons[5]).toBe('title is required; image_type is required');
    expect(reasons[6]).toMatch(/^source must be one of GAA, .*GETRM \(got "FLICKR"\)$/);
    expect(reasons[7]).toMatch(/^file not found: .*pictures\/missing\.jpg$/);
    expect(reasons[8]).toMatch(/^picture cannot be decoded \(.+\): .*cut\.jpg$/);
    expect(reasons[9]).toMatch(/^not a picture \(unknown or corrupt content\): .*notes\.jpg$/);
    expect(reasons[10]).toBe('picture is 60x60 px; each side must be at least 100 px');
    expect(reasons[11]).toMatch(/^not a JPEG, PNG or WebP picture \(tiff content\)/);
    expect(reasons[12]).toBe('dimensions 601x400 do not match the file (600x400 px)');
    expect(reasons[13]).toBe('GAA/GAA000001 is already given on line 1');
    expect(reasons[14]).toMatch(/^price: .*4.*; created must be a date/);
    expect(reasons[15]).toBe('a line must hold one JSON object');
    expect(summary(first)).toMatch(/^15 lines: 3 inserted, 0 updated, 0 unchanged, 12 rejected;/);
    expect(nothingRead(first)).toBe(false);
  });

  it('stores the fields, the real pixel size, derived orientation and substrates, measured colours', async () => {
    const blue = await imageRow('GAA000001');
    expect(blue).toMatchObject({
      source: 'GAA',
      title: 'Blue Hour',
      caption: 'A harbour before dawn.',
      keywords: ['harbour', 'dawn'],
      artist: 'Ada Lind',
      royalty_code: 'ALIN0001',
      gaa_artist: true,
      image_type: 'photography',
      people: false,
      price: 3,
      published: true,
      popularity: 0,
      static_sets: [],
      max_width: 600,
      max_height: 400,
      orientation: 'horizontal',
      substrates: substratesFor(600, 400),
      colours: ['blue'],
    });
    expect(blue?.created.toISOString()).toBe('2024-03-01T10:00:00.000Z');
    expect(blue?.updated.toISOString()).toBe('2024-03-01T10:00:00.000Z');
    const red = await imageRow('1000000042');
    expect(red).toMatchObject({
      source: 'GET',
      max_width: 300,
      max_height: 900,
      orientation: 'panoramic', // 1:3
      substrates: ['print', 'canvas', 'aluminum', 'window film'], // no mural: not wide
      colours: ['red'],
      people: true,
      static_sets: ['government'],
    });
    expect(red?.created.toISOString()).toBe(NOW.toISOString()); // no date given: now
    const pano = await imageRow('BJOR77');
    expect(pano).toMatchObject({
      orientation: 'panoramic',
      colours: ['black and white', 'white'],
      keywords: ['sky', 'light'],
    });
  });

  it('writes master and thumbnail into MEDIA_DIR under content-hash names', async () => {
    const blue = await imageRow('GAA000001');
    const sha = blue?.file_sha256 ?? '';
    expect(sha).toMatch(/^[0-9a-f]{64}$/);
    expect(blue?.master_path).toBe(`originals/${sha.slice(0, 2)}/${sha}.jpg`);
    expect(blue?.thumb_path).toBe(`thumbs/${sha.slice(0, 2)}/${sha}.jpg`);
    const original = await readFile(path.join(dir, 'pictures', 'blue.jpg'));
    expect(await readFile(path.join(mediaDir, blue?.master_path ?? ''))).toEqual(original);
    const thumb = await sharp(path.join(mediaDir, blue?.thumb_path ?? '')).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['jpeg', 600, THUMB_HEIGHT]);
    expect([blue?.thumb_width, blue?.thumb_height]).toEqual([600, THUMB_HEIGHT]);
    const red = await imageRow('1000000042');
    expect(red?.master_path).toMatch(/\.png$/);
    const redThumb = await sharp(path.join(mediaDir, red?.thumb_path ?? '')).metadata();
    expect([redThumb.width, redThumb.height]).toEqual([133, 400]);
    // The source files stay where they were (copied, not moved).
    expect(await exists(path.join(dir, 'pictures', 'blue.jpg'))).toBe(true);
  });

  it('changes nothing when the same file is imported again, and says so', async () => {
    const before = await database.db.selectFrom('images').selectAll().orderBy('id').execute();
    const again = await run();
    expect(again).toMatchObject({ lines: 15, inserted: 0, updated: 0, unchanged: 3 });
    expect(again.artists).toEqual({ created: 0, updated: 0 });
    expect(again.rejected.map((r) => r.line)).toEqual(first.rejected.map((r) => r.line));
    const after = await database.db.selectFrom('images').selectAll().orderBy('id').execute();
    expect(after).toEqual(before);
  });

  it('updates an image whose fields or picture changed, and re-measures a new picture', async () => {
    await solid(600, 400, '#1eb43c')
      .jpeg()
      .toFile(path.join(dir, 'pictures', 'green.jpg'));
    const changed = path.join(dir, 'changed.jsonl');
    const artist = { name: 'Ada Lind-Berg', royalty_code: 'ALIN0001' };
    await writeFile(
      changed,
      [
        line({ title: 'Blue Hour (restored)', keywords: ['harbour'], price: 4, artist }),
        line({
          source: 'BJOR',
          local_id: 'BJOR77',
          title: 'Long Light',
          file: 'pictures/green.jpg',
          artist,
        }),
        line({ local_id: 'GAA000099', title: 'Same picture', file: 'pictures/blue.jpg', artist }),
      ].join('\n'),
    );
    const before = await imageRow('BJOR77');
    const report = await run(changed);
    expect(report).toMatchObject({ lines: 3, inserted: 1, updated: 2, unchanged: 0, rejected: [] });
    expect(report.artists).toEqual({ created: 0, updated: 1 });
    const blue = await imageRow('GAA000001');
    expect(blue).toMatchObject({
      title: 'Blue Hour (restored)',
      keywords: ['harbour'],
      price: 4,
      artist: 'Ada Lind-Berg',
    });
    expect(blue?.updated.toISOString()).toBe(NOW.toISOString());
    const green = await imageRow('BJOR77');
    expect(green).toMatchObject({
      max_width: 600,
      max_height: 400,
      orientation: 'horizontal',
      colours: ['green'],
      substrates: substratesFor(600, 400),
    });
    expect(green?.id).toBe(before?.id);
    expect(green?.master_path).not.toBe(before?.master_path);
    expect(green?.file_sha256).not.toBe(before?.file_sha256);
    // Two images of one picture share its stored files.
    const neighbour = await imageRow('GAA000099');
    expect(neighbour?.master_path).toBe(blue?.master_path);
  });

  it('moves the files when asked (the demo generator) and imports records from memory', async () => {
    const staged = path.join(dir, 'staged.jpg');
    await solid(500, 500, '#8c3cb4').jpeg().toFile(staged);
    const report = await importLines(
      database.db,
      [
        {
          line: 1,
          value: JSON.parse(
            line({ local_id: 'GAA000500', file: staged, image_type: 'fine art' }),
          ) as unknown,
        },
      ],
      { mediaDir, baseDir: dir, move: true, now: () => NOW },
    );
    expect(report).toMatchObject({ inserted: 1, rejected: [] });
    expect(await exists(staged)).toBe(false);
    const row = await imageRow('GAA000500');
    expect(row).toMatchObject({ orientation: 'square', colours: ['purple'] });
    expect(await exists(path.join(mediaDir, row?.master_path ?? ''))).toBe(true);
  });

  it('reads nothing from a file that is all rejects, and fails on a file it cannot open', async () => {
    const bad = path.join(dir, 'bad.jsonl');
    await writeFile(bad, 'nope\n{"source": "GAA"}\n');
    const report = await run(bad);
    expect(report.rejected.map((r) => r.line)).toEqual([1, 2]);
    expect(nothingRead(report)).toBe(true);
    await expect(run(path.join(dir, 'absent.jsonl'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe.each(TEST_DRIVERS)('values the database cannot take, on %s', (driver) => {
  let database: TestDatabase;
  let dir: string;
  const write = async (name: string, lines: string[]): Promise<string> => {
    const file = path.join(dir, name);
    await writeFile(file, lines.join('\n') + '\n');
    return file;
  };
  const run = (file: string) =>
    importFile(database.db, file, {
      mediaDir: path.join(dir, 'media'),
      now: () => NOW,
      batchSize: 4,
    });
  const localIds = async () =>
    (await database.db.selectFrom('images').select('local_id').orderBy('local_id').execute()).map(
      (row) => row.local_id,
    );

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    dir = await mkdtemp(path.join(tmpdir(), 'atelier-import-faults-'));
    await mkdir(path.join(dir, 'pictures'));
    await solid(600, 400, '#1e5ac8')
      .jpeg()
      .toFile(path.join(dir, 'pictures', 'blue.jpg'));
  });
  afterAll(async () => {
    await database.dispose();
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await database.db.deleteFrom('images').execute();
  });

  it('rejects a NUL character or an impossible date on its line and loads every other line', async () => {
    const file = await write('nul.jsonl', [
      /* 1 */ line({ local_id: 'OK1' }),
      /* 2 */ line({ local_id: 'NUL2', title: 'Blue\u0000Hour' }),
      /* 3 */ line({ local_id: 'DATE3', created: '0000-01-01' }),
      /* 4 */ line({
        local_id: 'DATE4',
        artist: { name: 'Old', royalty_code: 'OLD1', created: '0000-01-01' },
      }),
      /* 5 */ line({ local_id: 'NUL5', keywords: ['sea', 'night\u0000'] }),
      /* 6 */ line({ local_id: 'OK6', created: '1000-01-01', updated: '9999-12-31T23:59:59Z' }),
      /* 7 */ line({ local_id: 'NUL7' }).replace('Blue Hour', 'Blue\u0000Hour'), // a raw NUL byte
      /* 8 */ line({ local_id: 'DATE8', created: '2023-02-29' }),
      /* 9 */ line({ local_id: 'OK9', caption: 'Blue\ud800' }),
      /* 10 */ line({ local_id: 'OK10' }),
    ]);
    const report = await run(file);
    const reasons = Object.fromEntries(report.rejected.map((r) => [r.line, r.reason]));
    expect(reasons).toEqual({
      2: 'title contains a NUL character',
      3: 'created: 0000-01-01 is not a valid date (years 1000–9999)',
      4: 'artist.created: 0000-01-01 is not a valid date (years 1000–9999)',
      5: 'keywords.1 contains a NUL character',
      7: expect.stringMatching(/^invalid JSON: /),
      8: expect.stringMatching(/^created must be a date/),
      9: 'caption contains an unpaired UTF-16 surrogate (not valid Unicode)',
    });
    expect(report).toMatchObject({ lines: 10, inserted: 3 });
    expect(await localIds()).toEqual(['OK1', 'OK10', 'OK6']);
    const early = await database.db
      .selectFrom('images')
      .select(['created', 'updated'])
      .where('local_id', '=', 'OK6')
      .executeTakeFirstOrThrow();
    expect(early.created.toISOString()).toBe('1000-01-01T00:00:00.000Z');
    expect(early.updated.toISOString()).toBe('9999-12-31T23:59:59.000Z');
  });

  it('names the line a database refuses, writes none of it, and loads the rest', async () => {
    await sql`alter table images add constraint test_refused check (title <> 'Refused')`.execute(
      database.db,
    );
    try {
      const file = await write('refused.jsonl', [
        line({ local_id: 'A1' }),
        line({ local_id: 'A2', title: 'Refused', artist: { name: 'New', royalty_code: 'NEW1' } }),
        line({ local_id: 'A3' }),
        line({ local_id: 'A4' }),
        line({ local_id: 'A5' }),
      ]);
      const report = await run(file);
      expect(report.rejected).toEqual([
        {
          line: 2,
          reason: expect.stringMatching(
            /^the database refused it: .*test_refused.*\(SQLSTATE 23514\)$/,
          ),
        },
      ]);
      expect(report).toMatchObject({ inserted: 4, artists: { created: 0 } });
      expect(await localIds()).toEqual(['A1', 'A3', 'A4', 'A5']);
      // The refused line's new artist was rolled back with it.
      const artist = await database.db
        .selectFrom('artists')
        .select('id')
        .where('royalty_code', '=', 'NEW1')
        .executeTakeFirst();
      expect(artist).toBeUndefined();
    } finally {
      await sql`alter table images drop constraint test_refused`.execute(database.db);
    }
  });

  it('stops on a failure of the database itself, naming the line, with the lines before it loaded', async () => {
    await sql`
      create function test_fail() returns trigger language plpgsql as $$
      begin raise exception 'disk on fire'; end $$`.execute(database.db);
    await sql`
      create trigger test_fail before insert on images for each row
      when (new.title = 'Boom') execute function test_fail()`.execute(database.db);
    try {
      const file = await write('boom.jsonl', [
        ...['B1', 'B2', 'B3', 'B4'].map((id) => line({ local_id: id })),
        line({ local_id: 'B5' }),
        line({ local_id: 'B6', title: 'Boom' }),
      ]);
      const failed = run(file);
      await expect(failed).rejects.toBeInstanceOf(ImportFailed);
      await expect(failed).rejects.toThrow(
        /^line 6: the database failed: disk on fire \(SQLSTATE P0001\)$/,
      );
      expect(await localIds()).toEqual(['B1', 'B2', 'B3', 'B4', 'B5']);
    } finally {
      await sql`drop trigger test_fail on images`.execute(database.db);
      await sql`drop function test_fail()`.execute(database.db);
    }
  });
});
