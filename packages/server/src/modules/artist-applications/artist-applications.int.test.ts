import {
  APPLICATION_DECLINED,
  SAMPLE_NOT_IMAGE,
  SAMPLE_TOO_MANY_PIXELS,
  SAMPLES_COUNT_MESSAGE,
  artistApplication,
} from '@atelier/contracts';
import sharp from 'sharp';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { outbox } from '../auth/testing';
import { APPLICATION_LOCKED, NOT_AWAITING_REVIEW } from './service';
import {
  APPLICATION_INFO,
  applyWithSamples,
  newStaff,
  newUser,
  pictureBase64,
  type Headers,
} from './testing';

describe.each(TEST_DRIVERS)('artist application on %s', (driver) => {
  let ctx: TestContext;
  let staff: Headers;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    staff = await newStaff(ctx.app, 'reviewer@example.com');
  });
  afterAll(async () => {
    await ctx.close();
  });

  const stage = async (headers: Headers) =>
    (await ctx.app.inject({ url: '/api/v2/profile/', headers })).json<{
      application_stage: string | null;
    }>().application_stage;
  const application = async (headers: Headers) =>
    artistApplication.parse(
      (await ctx.app.inject({ url: '/api/artist-application/', headers })).json(),
    );
  const addSample = (headers: Headers, data: string, name = 'x.jpg') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/artist-application/samples/',
      headers,
      payload: { name, data },
    });
  const decide = (headers: Headers, id: number, decision: string, message = '') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/artist-applications/${id}/decision/`,
      headers,
      payload: { decision, message },
    });

  it('walks info → samples → applied, refusing a submit with fewer than 3 samples', async () => {
    const me = await newUser(ctx.app, 'walker@example.com');
    expect(await stage(me)).toBeNull();
    const info = await ctx.app.inject({
      method: 'PUT',
      url: '/api/artist-application/',
      headers: me,
      payload: APPLICATION_INFO,
    });
    expect(info.statusCode).toBe(200);
    expect(await stage(me)).toBe('sample');
    const data = await pictureBase64('png');
    for (let i = 0; i < 2; i++) expect((await addSample(me, data)).statusCode).toBe(201);
    const early = await ctx.app.inject({
      method: 'POST',
      url: '/api/artist-application/submit/',
      headers: me,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ samples: [SAMPLES_COUNT_MESSAGE] });
    expect((await addSample(me, await pictureBase64('webp'))).statusCode).toBe(201);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/artist-application/submit/',
      headers: me,
    });
    expect(sent.statusCode).toBe(200);
    expect(await stage(me)).toBe('applied');
    const mine = await application(me);
    expect(mine.samples).toHaveLength(3);
    expect(mine.samples[0]?.url).toMatch(/^\/api\/artist-samples\/\d+\/\?expires=/);
    // Sent: no more changes.
    const late = await ctx.app.inject({
      method: 'PUT',
      url: '/api/artist-application/',
      headers: me,
      payload: APPLICATION_INFO,
    });
    expect(late.json()).toEqual({ non_field_errors: [APPLICATION_LOCKED] });
  });

  it('checks samples by content: a text file named .jpg, a pixel bomb, more than 10', async () => {
    const me = await newUser(ctx.app, 'checker@example.com');
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/artist-application/',
      headers: me,
      payload: APPLICATION_INFO,
    });
    const text = Buffer.from('not a picture at all').toString('base64');
    const fake = await addSample(me, text, 'photo.jpg');
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ data: [SAMPLE_NOT_IMAGE] });
    // A small file of 42 million pixels (a decompression bomb): refused before decoding it.
    const bomb = await sharp({
      create: { width: 20_000, height: 2_100, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const refused = await addSample(me, bomb.toString('base64'), 'big.png');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ data: [SAMPLE_TOO_MANY_PIXELS] });
    const data = await pictureBase64();
    for (let i = 0; i < 10; i++) expect((await addSample(me, data)).statusCode).toBe(201);
    expect((await addSample(me, data)).json()).toEqual({ data: [SAMPLES_COUNT_MESSAGE] });
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/artist-application/samples/',
      headers: me,
      payload: { name: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ data: ['This field is required.'] });
  });

  it('lets only staff decide, only an application awaiting review', async () => {
    const applicant = await newUser(ctx.app, 'hopeful@example.com');
    const other = await newUser(ctx.app, 'bystander@example.com');
    await applyWithSamples(ctx.app, applicant);
    const { id } = await application(applicant);
    if (id === null) throw new Error('no application');
    expect((await decide(applicant, id, 'approve')).statusCode).toBe(403);
    expect((await decide(other, id, 'approve')).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/artist-applications/${id}/decision/` }))
        .statusCode,
    ).toBe(401);
    expect(await stage(applicant)).toBe('applied');
    const bad = await decide(staff, id, 'maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ decision: ['"maybe" is not a valid choice.'] });

    const waiting = await ctx.app.inject({
      url: '/api/artist-applications/?waiting=true',
      headers: staff,
    });
    expect(waiting.json<{ results: { id: number }[] }>().results.map((a) => a.id)).toContain(id);

    const one = await ctx.app.inject({ url: `/api/artist-applications/${id}/`, headers: staff });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id,
      full_name: APPLICATION_INFO.full_name,
      practice: APPLICATION_INFO.practice,
      links: APPLICATION_INFO.links,
      samples: [
        expect.objectContaining({ url: expect.stringMatching(/^\/api\/artist-samples\/\d+\/\?/) }),
        expect.anything(),
        expect.anything(),
      ],
    });
    // Staff's review screen shows each sample from its signed, private address.
    const sampleUrl = one.json<{ samples: { url: string }[] }>().samples[0]!.url;
    const picture = await ctx.app.inject({ url: sampleUrl, headers: staff });
    expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(
      (await ctx.app.inject({ url: `/api/artist-applications/${id}/`, headers: applicant }))
        .statusCode,
    ).toBe(403);
    const unsent = await newUser(ctx.app, 'unsent@example.com');
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/artist-application/',
      headers: unsent,
      payload: APPLICATION_INFO,
    });
    const unsentId = (await application(unsent)).id;
    expect(
      (await ctx.app.inject({ url: `/api/artist-applications/${unsentId}/`, headers: staff }))
        .statusCode,
    ).toBe(404);

    const approved = await decide(staff, id, 'approve', 'Welcome aboard!');
    expect(approved.statusCode).toBe(200);
    expect(await stage(applicant)).toBe('royalty');
    expect(await application(applicant)).toMatchObject({
      decision: 'approved',
      decision_message: 'Welcome aboard!',
    });
    // The applicant is told by email too, with the staff message.
    const emails = await outbox(ctx.config.outboxDir);
    const email = emails.find((e) => e.text.includes('Welcome aboard!'));
    expect(email?.text).toMatch(/^To: noor@example\.com$/m);
    expect(email?.text).toMatch(/^Subject: Your artist application is approved$/m);
    expect((await decide(staff, id, 'decline')).json()).toEqual({
      non_field_errors: [NOT_AWAITING_REVIEW],
    });
  });

  it('a declined applicant sees the decision and the message', async () => {
    const applicant = await newUser(ctx.app, 'declined@example.com');
    await applyWithSamples(ctx.app, applicant);
    const { id } = await application(applicant);
    await decide(staff, id ?? 0, 'decline', 'Not a fit for our catalogue yet.');
    expect(await stage(applicant)).toBe('declined');
    expect(await application(applicant)).toMatchObject({
      decision: 'declined',
      decision_message: 'Not a fit for our catalogue yet.',
    });
    const onboarding = await ctx.app.inject({
      url: '/api/artist-onboarding/royalty/',
      headers: applicant,
    });
    expect(onboarding.statusCode).toBe(404);
  });

  it('a declined applicant cannot apply again: every change is refused with the reason', async () => {
    const applicant = await newUser(ctx.app, 'again@example.com');
    await applyWithSamples(ctx.app, applicant);
    const { id, samples } = await application(applicant);
    await decide(staff, id ?? 0, 'decline', 'Not yet.');
    const refused = { non_field_errors: [APPLICATION_DECLINED] };
    const attempts = [
      { method: 'PUT' as const, url: '/api/artist-application/', payload: APPLICATION_INFO },
      {
        method: 'POST' as const,
        url: '/api/artist-application/samples/',
        payload: { name: 'again.jpg', data: await pictureBase64() },
      },
      { method: 'DELETE' as const, url: `/api/artist-application/samples/${samples[0]?.id}/` },
      { method: 'POST' as const, url: '/api/artist-application/submit/' },
    ];
    for (const attempt of attempts) {
      const res = await ctx.app.inject({ ...attempt, headers: applicant });
      expect([attempt.url, res.statusCode, res.json()]).toEqual([attempt.url, 400, refused]);
    }
    // Nothing moved: still declined, the same samples, not back in the review queue.
    expect(await stage(applicant)).toBe('declined');
    expect((await application(applicant)).samples).toHaveLength(3);
    const queue = await ctx.app.inject({
      url: '/api/artist-applications/?waiting=true',
      headers: staff,
    });
    expect(queue.json<{ results: Array<{ id: number }> }>().results.map((r) => r.id)).not.toContain(
      id,
    );
  });

  it('lists those awaiting review first and filters staff’s queue by state', async () => {
    const approvedOne = await newUser(ctx.app, 'queue-approved@example.com');
    const declinedOne = await newUser(ctx.app, 'queue-declined@example.com');
    const waitingOne = await newUser(ctx.app, 'queue-waiting@example.com');
    // The waiting one applied first, so newest-first alone would list it last.
    await applyWithSamples(ctx.app, waitingOne);
    await applyWithSamples(ctx.app, approvedOne);
    await applyWithSamples(ctx.app, declinedOne);
    const ids = {
      waiting: (await application(waitingOne)).id,
      approved: (await application(approvedOne)).id,
      declined: (await application(declinedOne)).id,
    };
    await decide(staff, ids.approved ?? 0, 'approve');
    await decide(staff, ids.declined ?? 0, 'decline', 'Not yet.');
    const list = async (query: string) => {
      const res = await ctx.app.inject({
        url: `/api/artist-applications/${query}`,
        headers: staff,
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ results: { id: number; decision: string | null }[] }>().results;
    };
    const all = await list('?limit=1000');
    const firstDecided = all.findIndex((a) => a.decision !== null);
    expect(all.slice(firstDecided).every((a) => a.decision !== null)).toBe(true);
    expect(all.findIndex((a) => a.id === ids.waiting)).toBeLessThan(firstDecided);
    const pending = await list('?state=pending&limit=1000');
    expect(pending.map((a) => a.id)).toContain(ids.waiting);
    expect(pending.every((a) => a.decision === null)).toBe(true);
    const approved = await list('?state=approved&limit=1000');
    expect(approved.map((a) => a.id)).toContain(ids.approved);
    expect(approved.every((a) => a.decision === 'approved')).toBe(true);
    const declined = (await list('?state=declined&limit=1000')).map((a) => a.id);
    expect(declined).toContain(ids.declined);
    expect(declined).not.toContain(ids.approved);
    const bad = await ctx.app.inject({
      url: '/api/artist-applications/?state=maybe',
      headers: staff,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ state: ['Select a valid choice.'] });
  });
});
