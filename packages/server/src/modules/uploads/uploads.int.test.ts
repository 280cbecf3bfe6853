import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  PICTURE_HEADERS,
  UPLOAD_ARTIST_UNKNOWN,
  UPLOAD_FILE_UNKNOWN,
  UPLOAD_NO_ARTIST,
  UPLOAD_NOT_A_PICTURE,
  UPLOAD_PUBLISHED_ONLY_WHEN_APPROVED,
  optionsMetadata,
  searchResponse,
  upload as uploadSchema,
  uploadPage,
  uploadTooLarge,
  uploadTooManyPixels,
  type Upload,
} from '@atelier/contracts';
import { DEMO_ACCOUNTS } from '@atelier/demo-data';
import { createTestApp, type TestContext } from '../../test/app';
import { ensureDemoAccounts } from '../../test/demo-accounts';
import { TEST_DRIVERS } from '../../test/databases';
import { applyWithSamples, newUser } from '../artist-applications/testing';
import { register, signIn, withJwt } from '../auth/testing';
import { ROYALTY_AGREEMENT } from '../artist-onboarding';
import {
  createTransfer,
  headTransfer,
  patchTransfer,
  pngBomb,
  rotatedJpeg,
  uploadBytes,
} from './testing';

type Headers = Record<string, string>;

describe.each(TEST_DRIVERS)('uploads on %s', (driver) => {
  let ctx: TestContext;
  let artist: Headers;
  let staff: Headers;
  let customer: Headers;

  const as = async (email: string, password?: string) =>
    withJwt((await signIn(ctx.app, email, password)).access);

  beforeAll(async () => {
    ctx = await createTestApp(driver, { images: 3 });
    await ensureDemoAccounts(ctx.database.db);
    artist = await as(DEMO_ACCOUNTS.artist.email, DEMO_ACCOUNTS.artist.password);
    staff = await as(DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.staff.password);
    const email = `buyer-${randomBytes(4).toString('hex')}@example.com`;
    await register(ctx.app, email);
    customer = await as(email);
  });
  afterAll(async () => ctx?.close());

  const postForm = (payload: Record<string, unknown>, headers: Headers = artist) =>
    ctx.app.inject({ method: 'POST', url: '/api/upload/', headers, payload });

  const review = (id: number, action: string, headers: Headers, payload: object = {}) =>
    ctx.app.inject({ method: 'POST', url: `/api/upload/${id}/${action}/`, headers, payload });

  /** Uploads a picture and its form; the thumbnail job has run when it answers. */
  const uploaded = async (name: string): Promise<Upload> => {
    const { id, done } = await uploadBytes(ctx.app, artist, await rotatedJpeg(640, 400));
    expect(done.statusCode).toBe(204);
    const res = await postForm({ name, file: id, keywords: ['harbour'] });
    expect(res.statusCode).toBe(201);
    await ctx.app.jobs.drain();
    const got = await ctx.app.inject({
      url: `/api/upload/${res.json<Upload>().id}/`,
      headers: artist,
    });
    return uploadSchema.parse(got.json());
  };

  describe('resumable transfers (tus)', () => {
    it('resumes after a dropped connection from the offset HEAD reports, then completes', async () => {
      const bytes = await rotatedJpeg(1200, 800);
      const created = await createTransfer(ctx.app, artist, bytes.length);
      expect(created.statusCode).toBe(201);
      const location = String(created.headers.location);
      expect(location).toMatch(/^\/api\/files\/[a-f0-9]{32}$/);

      const half = Math.floor(bytes.length / 2);
      const first = await patchTransfer(ctx.app, artist, location, 0, bytes.subarray(0, half));
      expect(first.statusCode).toBe(204);
      // The connection drops here; the client asks where to go on.
      const head = await headTransfer(ctx.app, artist, location);
      expect(head.statusCode).toBe(200);
      expect(Number(head.headers['upload-offset'])).toBe(half);

      // A PATCH at a wrong offset is refused, the right one completes the file.
      const wrong = await patchTransfer(ctx.app, artist, location, 0, bytes.subarray(half));
      expect(wrong.statusCode).toBe(409);
      const rest = await patchTransfer(ctx.app, artist, location, half, bytes.subarray(half));
      expect(rest.statusCode).toBe(204);
      expect(Number(rest.headers['upload-offset'])).toBe(bytes.length);
      // The content check's findings, EXIF orientation applied (1200 × 800 turned upright).
      expect(rest.headers).toMatchObject({
        [PICTURE_HEADERS.format]: 'jpeg',
        [PICTURE_HEADERS.width]: '800',
        [PICTURE_HEADERS.height]: '1200',
      });
      expect(
        (await stat(path.join(ctx.config.uploadDir, location.split('/').pop() as string))).size,
      ).toBe(bytes.length);
    });

    it('refuses a text file named .jpg by its content, with the reason', async () => {
      const text = Buffer.from('This is not a picture, whatever its name says.\n'.repeat(20));
      const created = await createTransfer(ctx.app, artist, text.length, 'holiday.jpg');
      const res = await patchTransfer(ctx.app, artist, String(created.headers.location), 0, text);
      expect(res.statusCode).toBe(422);
      expect(res.body).toBe(UPLOAD_NOT_A_PICTURE);
      // Its bytes are gone, and no form may name it.
      const id = String(created.headers.location).split('/').pop() as string;
      expect((await postForm({ name: 'Not a picture', file: id })).json()).toEqual({
        file: [UPLOAD_FILE_UNKNOWN],
      });
    });

    it('refuses a decompression bomb from its header, never decoding it', async () => {
      const bomb = pngBomb(30_000);
      expect(bomb.length).toBeLessThan(200_000);
      const created = await createTransfer(ctx.app, artist, bomb.length, 'bomb.png');
      const res = await patchTransfer(ctx.app, artist, String(created.headers.location), 0, bomb);
      expect(res.statusCode).toBe(422);
      expect(res.body).toBe(uploadTooManyPixels(30_000, 30_000));
    });

    it('refuses a file over the byte limit before any byte is sent', async () => {
      const res = await createTransfer(ctx.app, artist, ctx.config.uploadMaxBytes + 1);
      expect(res.statusCode).toBe(413);
      expect(res.body).toBe(uploadTooLarge(ctx.config.uploadMaxBytes));
    });

    it('deletes a transfer abandoned half-way once it is a day old, never a finished one', async () => {
      const created = await createTransfer(ctx.app, artist, 1000);
      const location = String(created.headers.location);
      await patchTransfer(ctx.app, artist, location, 0, Buffer.alloc(10));
      const finished = await uploadBytes(ctx.app, artist, await rotatedJpeg(300, 200));
      const id = location.split('/').pop() as string;
      // Not yet a day old: kept.
      await ctx.app.sweepAbandonedTransfers();
      expect((await headTransfer(ctx.app, artist, location)).statusCode).toBe(200);

      await ctx.app.sweepAbandonedTransfers(new Date(Date.now() + 60_000));
      expect((await headTransfer(ctx.app, artist, location)).statusCode).toBe(404);
      await expect(stat(path.join(ctx.config.uploadDir, id))).rejects.toThrow();
      expect((await headTransfer(ctx.app, artist, finished.location)).statusCode).toBe(200);
    });

    it('only an approved artist or staff may upload; a transfer is its uploader’s alone', async () => {
      expect((await createTransfer(ctx.app, {}, 10)).statusCode).toBe(401);
      const refused = await createTransfer(ctx.app, customer, 10);
      expect(refused.statusCode).toBe(403);
      const created = await createTransfer(ctx.app, artist, 10);
      const location = String(created.headers.location);
      expect((await headTransfer(ctx.app, staff, location)).statusCode).toBe(404);
      expect(
        (await patchTransfer(ctx.app, customer, location, 0, Buffer.alloc(10))).statusCode,
      ).toBe(403);
    });
  });

  describe('the upload form (POST/PUT /api/upload/)', () => {
    it('links a finished transfer; the job queue makes the thumbnail off the request path', async () => {
      const { id } = await uploadBytes(ctx.app, artist, await rotatedJpeg(640, 400));
      const res = await postForm({ name: 'Harbour at dawn', file: id, location: 'Lisbon' });
      expect(res.statusCode).toBe(201);
      const created = uploadSchema.parse(res.json());
      expect(created).toMatchObject({
        name: 'Harbour at dawn',
        location: 'Lisbon',
        status: 'processing',
        review: 'pending',
        approved: false,
        published: false,
        creator: DEMO_ACCOUNTS.artist.email,
        format: 'jpeg',
        // EXIF orientation 6: the 640 × 400 pixels stand upright.
        width: 400,
        height: 640,
      });
      await ctx.app.jobs.drain();
      const ready = uploadSchema.parse(
        (await ctx.app.inject({ url: `/api/upload/${created.id}/`, headers: artist })).json(),
      );
      expect(ready.status).toBe('ready');
      expect(ready.colours).toContain('red');
      const thumb = await ctx.app.inject({ url: ready.thumb as string });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/jpeg');
    });

    it('answers 400 naming each bad field, never 5xx', async () => {
      const { id } = await uploadBytes(ctx.app, artist, await rotatedJpeg(300, 200));
      expect((await postForm({ file: id })).json()).toHaveProperty('name');
      expect((await postForm({ name: 'x'.repeat(301), file: id })).json()).toHaveProperty('name');
      expect((await postForm({ name: 'A', file: 'nope' })).json()).toHaveProperty('file');
      expect((await postForm({ name: 'A', file: id, image_type: 'oil' })).json()).toHaveProperty(
        'image_type',
      );
      expect((await postForm({ name: 'A', file: id, artist: 999_999 })).json()).toEqual({
        artist: [UPLOAD_ARTIST_UNKNOWN],
      });
      expect((await postForm({ name: 'A', file: id, creator: 'me' })).statusCode).toBe(400);
      // Someone else's transfer is not theirs to name.
      expect((await postForm({ name: 'A', file: id }, staff)).json()).toEqual({
        file: [UPLOAD_FILE_UNKNOWN],
      });
    });

    it('OPTIONS describes the form (DRF SimpleMetadata) to those who may post it', async () => {
      const res = await ctx.app.inject({ method: 'OPTIONS', url: '/api/upload/', headers: artist });
      const meta = optionsMetadata.parse(res.json());
      const post = meta.actions?.POST ?? {};
      expect(post.name).toMatchObject({
        type: 'string',
        required: true,
        read_only: false,
        max_length: 300,
      });
      for (const field of ['creator', 'creator_uuid', 'published']) {
        expect(post[field]?.read_only).toBe(true);
      }
      const guest = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/upload/',
        headers: customer,
      });
      expect(guest.json()).not.toHaveProperty('actions');
    });

    it('lists an artist’s own uploads, and all of them to staff', async () => {
      const mine = await uploaded('Listed picture');
      const artistPage = uploadPage.parse(
        (await ctx.app.inject({ url: '/api/upload/?limit=100', headers: artist })).json(),
      );
      expect(artistPage.results.map((u) => u.id)).toContain(mine.id);
      expect(artistPage.results.every((u) => u.creator === DEMO_ACCOUNTS.artist.email)).toBe(true);
      const staffPage = uploadPage.parse(
        (await ctx.app.inject({ url: '/api/upload/?limit=100', headers: staff })).json(),
      );
      expect(staffPage.count).toBeGreaterThanOrEqual(artistPage.count);
      expect((await ctx.app.inject({ url: '/api/upload/', headers: customer })).statusCode).toBe(
        403,
      );
    });

    it('staff find uploads by the publisher or the artist’s name, any case, and by review', async () => {
      const tag = randomBytes(3).toString('hex');
      const { id: file } = await uploadBytes(ctx.app, staff, await rotatedJpeg(640, 400));
      const uncredited = await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/',
        headers: staff,
        payload: { name: 'Nobody’s', file },
      });
      expect(uncredited.statusCode).toBe(400);
      expect(uncredited.json()).toEqual({ artist: [UPLOAD_NO_ARTIST] });
      const forPublisher = await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/',
        headers: staff,
        payload: { name: 'Press proof', file, publisher: `Harbour Press ${tag}` },
      });
      expect(forPublisher.statusCode).toBe(201);
      const other = await uploaded('Not the press');
      const found = async (query: string) =>
        uploadPage
          .parse((await ctx.app.inject({ url: `/api/upload/${query}`, headers: staff })).json())
          .results.map((u) => u.id);
      const byPublisher = await found(`?search=harbour%20PRESS%20${tag}&limit=100`);
      expect(byPublisher).toEqual([forPublisher.json<Upload>().id]);
      expect(await found(`?search=harbour%20PRESS%20${tag}&review=approved`)).toEqual([]);
      // The artist's name finds the artist's uploads (the demo artist credits their own).
      expect(other.artist_name).toEqual(expect.any(String));
      const byArtist = await found(
        `?search=${encodeURIComponent(String(other.artist_name).toUpperCase())}&limit=1000`,
      );
      expect(byArtist).toContain(other.id);
      expect(byArtist).not.toContain(forPublisher.json<Upload>().id);
      // LIKE's wildcards are plain characters here.
      expect(await found('?search=%25&limit=1000')).toEqual([]);
    });
  });

  describe('staff review', () => {
    it('only staff approve, decline or publish; publishing needs approval', async () => {
      const mine = await uploaded('Reviewed picture');
      for (const action of ['approve', 'publish']) {
        expect((await review(mine.id, action, artist)).statusCode).toBe(403);
        expect((await review(mine.id, action, customer)).statusCode).toBe(403);
        expect((await review(mine.id, action, {})).statusCode).toBe(401);
      }
      const early = await review(mine.id, 'publish', staff);
      expect(early.statusCode).toBe(400);
      expect(early.json()).toEqual({ non_field_errors: [UPLOAD_PUBLISHED_ONLY_WHEN_APPROVED] });
      expect((await review(mine.id, 'decline', staff, {})).json()).toHaveProperty('message');
    });

    it('a declined upload carries the message; the artist’s change sends it back to review', async () => {
      const mine = await uploaded('Declined picture');
      const declined = await review(mine.id, 'decline', staff, { message: 'Too dark to print.' });
      expect(declined.json()).toMatchObject({
        review: 'declined',
        review_message: 'Too dark to print.',
      });
      const changed = await ctx.app.inject({
        method: 'PUT',
        url: `/api/upload/${mine.id}/`,
        headers: artist,
        payload: { name: 'Brighter picture', file: mine.file },
      });
      expect(changed.json()).toMatchObject({
        name: 'Brighter picture',
        review: 'pending',
        review_message: '',
      });
    });

    it('approval and publishing make it a catalogue image that search finds', async () => {
      const word = `zanzibar${randomBytes(3).toString('hex')}`;
      const mine = await uploaded(`Lighthouse ${word}`);
      expect((await review(mine.id, 'approve', staff)).json()).toMatchObject({ approved: true });
      const published = await review(mine.id, 'publish', staff);
      expect(published.json()).toMatchObject({ published: true });
      await ctx.app.jobs.drain();
      const after = uploadSchema.parse(
        (await ctx.app.inject({ url: `/api/upload/${mine.id}/`, headers: artist })).json(),
      );
      expect(after.image).not.toBeNull();
      const search = searchResponse.parse(
        (await ctx.app.inject({ url: `/content/search/v3/?q=${word}` })).json(),
      );
      expect(search.images.map((image) => Number(image.id))).toContain(after.image);
      // A published upload is settled.
      const change = await ctx.app.inject({
        method: 'PUT',
        url: `/api/upload/${mine.id}/`,
        headers: staff,
        payload: { name: 'Renamed', file: mine.file },
      });
      expect(change.statusCode).toBe(400);
    });

    it("a new artist's first published picture makes a catalogue artist on their royalty level", async () => {
      const newcomer = await newUser(
        ctx.app,
        `newcomer-${randomBytes(3).toString('hex')}@example.com`,
      );
      await applyWithSamples(ctx.app, newcomer);
      const { id } = (
        await ctx.app.inject({ url: '/api/artist-application/', headers: newcomer })
      ).json<{ id: number }>();
      const call = (method: 'POST' | 'PUT', url: string, headers: Headers, payload: object) =>
        ctx.app.inject({ method, url, headers, payload });
      await call('POST', `/api/artist-applications/${id}/decision/`, staff, {
        decision: 'approve',
      });
      const premier = await ctx.database.db
        .selectFrom('royalty_levels')
        .select(['id', 'rate_bp'])
        .where('name', '=', 'Premier')
        .executeTakeFirstOrThrow();
      const moved = await call('PUT', `/api/artist-profile/${id}/royalty-level/`, staff, {
        royalty_level: premier.id,
      });
      expect(moved.statusCode).toBe(204);
      await call('POST', '/api/artist-onboarding/royalty/', newcomer, {
        accept: true,
        version: ROYALTY_AGREEMENT.version,
      });
      const transfer = await uploadBytes(ctx.app, newcomer, await rotatedJpeg(640, 400));
      const form = await postForm({ name: 'First light', file: transfer.id }, newcomer);
      expect(form.statusCode).toBe(201);
      await ctx.app.jobs.drain();
      const uploadId = form.json<Upload>().id;
      await review(uploadId, 'approve', staff);
      await review(uploadId, 'publish', staff);
      await ctx.app.jobs.drain();
      const artist = await ctx.database.db
        .selectFrom('artist_profiles as p')
        .innerJoin('artists as a', 'a.id', 'p.artist_id')
        .select('a.royalty_rate_bp')
        .where('p.id', '=', id)
        .executeTakeFirstOrThrow();
      // What its order lines will snapshot: the level's rate, not the catalogue default.
      expect(artist.royalty_rate_bp).toBe(premier.rate_bp);
    });
  });
});
