import { artistEmail, artistEmailPage } from '@atelier/contracts';
import { outbox } from '../auth/testing';
import { testUser, type TestUser } from '../collections/testing';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';

describe.each(TEST_DRIVERS)('staff email to an artist on %s', (driver) => {
  let ctx: TestContext;
  let staff: TestUser;
  let artist: TestUser;
  let profileId: number;

  const post = (id: number | string, payload: unknown, as: TestUser | null = staff) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/artist-profile/${id}/email/`,
      headers: as ? as.headers : {},
      payload: payload as string,
    });

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    staff = await testUser(ctx.app, ctx.database, 'curator@example.com', { staff: true });
    artist = await testUser(ctx.app, ctx.database, 'painter@example.com');
    const row = await ctx.database.db
      .insertInto('artist_profiles')
      .values({
        user_id: artist.id,
        full_name: 'Frida K',
        email: 'studio@example.com',
        location: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    profileId = row.id;
  });
  afterAll(() => ctx.close());

  it('is for staff only, and 404 for no profile', async () => {
    const body = { subject: 'Hi', message: 'Hello' };
    expect((await post(profileId, body, null)).statusCode).toBe(401);
    expect((await post(profileId, body, artist)).statusCode).toBe(403);
    expect((await post(999999, body)).statusCode).toBe(404);
    expect((await post('abc', body)).statusCode).toBe(404);
  });

  it('names the missing or bad fields', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { subject: ['This field is required.'], message: ['This field is required.'] }],
      [{ subject: '  ', message: 'x' }, { subject: ['This field may not be blank.'] }],
      [
        { subject: 's'.repeat(201), message: 'x' },
        { subject: ['Ensure this field has no more than 200 characters.'] },
      ],
      [{ subject: 'a\nb', message: 'x' }, { subject: ['Control characters are not allowed.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await post(profileId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
    }
  });

  it('sends the message to the artist through the mailer and lists it afterwards', async () => {
    const before = (await outbox(ctx.config.outboxDir)).length;
    const res = await post(profileId, {
      subject: 'Your submission',
      message: 'Thank you for the new series.\nWe will publish it on Monday.',
    });
    expect(res.statusCode).toBe(201);
    const sent = artistEmail.parse(res.json());
    expect(sent).toMatchObject({ to: 'studio@example.com', subject: 'Your submission' });
    const mails = await outbox(ctx.config.outboxDir);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)?.text ?? '';
    expect(mail).toContain('To: studio@example.com');
    expect(mail).toContain('Subject: Your submission');
    expect(mail).toContain('Dear Frida K,');
    expect(mail).toContain('We will publish it on Monday.');

    await post(profileId, { subject: 'Second', message: 'More.' });
    const list = artistEmailPage.parse(
      (
        await ctx.app.inject({
          url: `/api/artist-profile/${profileId}/email/`,
          headers: staff.headers,
        })
      ).json(),
    );
    expect(list.count).toBe(2);
    expect(list.results.map((m) => m.subject)).toEqual(['Second', 'Your submission']);
    expect(list.results[0]?.sender).toBeTruthy();
    const denied = await ctx.app.inject({
      url: `/api/artist-profile/${profileId}/email/`,
      headers: artist.headers,
    });
    expect(denied.statusCode).toBe(403);
  });
});
