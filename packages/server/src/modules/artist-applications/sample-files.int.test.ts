import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { artistApplication, staffApplicationPage } from '@atelier/contracts';
import sharp from 'sharp';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { createSampleFiles, PRIVATE_DIR_NAME, SAMPLE_URL_BUCKET_S } from './sample-files';
import { applyWithSamples, newStaff, newUser, type Headers } from './testing';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe.each(TEST_DRIVERS)('artist sample pictures are private on %s', (driver) => {
  let ctx: TestContext;
  let applicant: Headers;
  let staff: Headers;
  let stranger: Headers;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    applicant = await newUser(ctx.app, 'sampler@example.com');
    staff = await newStaff(ctx.app, 'curator@example.com');
    stranger = await newUser(ctx.app, 'stranger@example.com');
    await applyWithSamples(ctx.app, applicant);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const samples = async (headers: Headers) =>
    artistApplication.parse(
      (await ctx.app.inject({ url: '/api/artist-application/', headers })).json(),
    ).samples;

  it('the applicant gets signed, expiring URLs outside /media, cached only privately', async () => {
    const [sample] = await samples(applicant);
    expect(sample?.url).toMatch(/^\/api\/artist-samples\/\d+\/\?expires=\d+&signature=[\w-]+$/);
    const res = await ctx.app.inject({ url: sample?.url ?? '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(SAMPLE_URL_BUCKET_S - 5);
    expect(maxAge).toBeLessThanOrEqual(2 * SAMPLE_URL_BUCKET_S);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    // The file is in DATA_DIR/private, never under the public media folder.
    const rows = await ctx.app.database.db.selectFrom('artist_samples').selectAll().execute();
    for (const row of rows) {
      expect(row.storage).toBe('private');
      expect(await exists(path.join(ctx.config.dataDir, PRIVATE_DIR_NAME, row.path))).toBe(true);
      expect(await exists(path.join(ctx.config.mediaDir, row.path))).toBe(false);
      expect((await ctx.app.inject({ url: `/media/${row.path}` })).statusCode).toBe(404);
    }
  });

  it('staff see the same pictures from the review list', async () => {
    const page = staffApplicationPage.parse(
      (await ctx.app.inject({ url: '/api/artist-applications/', headers: staff })).json(),
    );
    const url = page.results[0]?.samples[0]?.url ?? '';
    expect((await ctx.app.inject({ url })).statusCode).toBe(200);
  });

  it('another user and a guest get 404 without a valid signature', async () => {
    const [sample] = await samples(applicant);
    const id = sample?.id ?? 0;
    const url = new URL(sample?.url ?? '', 'http://x');
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature') ?? '';
    const bare = `/api/artist-samples/${id}/`;
    const cases: Array<[string, Headers]> = [
      [bare, {}],
      [bare, stranger],
      [`${bare}?expires=${expires}&signature=${signature.slice(0, -2)}xx`, stranger],
      // A valid signature moved to another sample, or another expiry, is no signature.
      [`/api/artist-samples/${id + 1}/?expires=${expires}&signature=${signature}`, {}],
      [`${bare}?expires=${expires + SAMPLE_URL_BUCKET_S}&signature=${signature}`, {}],
      [`${bare}?expires=abc&signature=${signature}`, {}],
    ];
    for (const [target, headers] of cases) {
      const res = await ctx.app.inject({ url: target, headers });
      expect([target, res.statusCode]).toEqual([target, res.statusCode === 400 ? 400 : 404]);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
    // The applicant and staff, signed in, need no signature.
    expect((await ctx.app.inject({ url: bare, headers: applicant })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: bare, headers: staff })).statusCode).toBe(200);
  });

  it('an expired URL stops working', () => {
    const files = createSampleFiles({
      mediaDir: '/m',
      privateDir: '/p',
      secret: Buffer.from('k'.repeat(32)),
    });
    const now = Date.UTC(2026, 0, 1, 10, 30);
    const url = new URL(files.url(5, now), 'http://x');
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature') ?? '';
    expect(files.check(5, expires, signature, now)).toBe(90 * 60);
    expect(files.check(5, expires, signature, now + 89 * 60_000)).toBe(60);
    expect(files.check(5, expires, signature, now + 90 * 60_000)).toBeNull();
    expect(files.check(6, expires, signature, now)).toBeNull();
  });

  it('samples stored in MEDIA_DIR before migration 0080 move out at start', async () => {
    const db = ctx.app.database.db;
    const profile = await db.selectFrom('artist_profiles').select('id').executeTakeFirstOrThrow();
    const relative = 'artist-samples/legacy-sample.jpg';
    await mkdir(path.join(ctx.config.mediaDir, 'artist-samples'), { recursive: true });
    const jpeg = await sharp({
      create: { width: 20, height: 10, channels: 3, background: '#123456' },
    })
      .jpeg()
      .toBuffer();
    await writeFile(path.join(ctx.config.mediaDir, relative), jpeg);
    const legacy = await db
      .insertInto('artist_samples')
      .values({
        artist_profile_id: profile.id,
        name: 'old.jpg',
        path: relative,
        width: 20,
        height: 10,
        storage: 'media',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A second row whose file was moved by a start killed before its row was updated.
    const half = 'artist-samples/half-moved.jpg';
    await mkdir(path.join(ctx.config.dataDir, PRIVATE_DIR_NAME, 'artist-samples'), {
      recursive: true,
    });
    await writeFile(path.join(ctx.config.dataDir, PRIVATE_DIR_NAME, half), jpeg);
    const halfRow = await db
      .insertInto('artist_samples')
      .values({
        artist_profile_id: profile.id,
        name: 'half.jpg',
        path: half,
        width: 20,
        height: 10,
        storage: 'media',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await ctx.app.inject({ url: `/media/${relative}` })).statusCode).toBe(200);

    const files = createSampleFiles({
      mediaDir: ctx.config.mediaDir,
      privateDir: path.join(ctx.config.dataDir, PRIVATE_DIR_NAME),
      secret: Buffer.from('any secret of the test'),
    });
    expect(await files.moveToPrivate(db, ctx.app.log)).toBe(2);
    expect(await files.moveToPrivate(db, ctx.app.log)).toBe(0);

    expect((await ctx.app.inject({ url: `/media/${relative}` })).statusCode).toBe(404);
    const rows = await db
      .selectFrom('artist_samples')
      .select(['id', 'storage'])
      .where('id', 'in', [legacy.id, halfRow.id])
      .execute();
    expect(rows.map((r) => r.storage)).toEqual(['private', 'private']);
    for (const id of [legacy.id, halfRow.id]) {
      const res = await ctx.app.inject({ url: `/api/artist-samples/${id}/`, headers: applicant });
      expect(res.statusCode).toBe(200);
    }
  });
});
