import { payee, taxFormView } from '@atelier/contracts';
import { DEMO_ACCOUNTS } from '@atelier/demo-data';
import { ROYALTY_AGREEMENT } from '@atelier/server/src/modules/artist-onboarding';
import { createTestApp, type TestContext } from '@atelier/server/src/test/app';
import { TEST_DRIVERS } from '@atelier/server/src/test/databases';
import { signIn, withJwt } from '@atelier/server/src/modules/auth/testing';
import { ensureDemoAccounts } from './accounts';

describe.each(TEST_DRIVERS)('demo accounts on %s', (driver) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('creates the customer, the artist and the staff user once (idempotent)', async () => {
    const created = await ensureDemoAccounts(ctx.database.db);
    expect(created.sort()).toEqual(
      ['artist@example.com', 'customer@example.com', 'staff@example.com'].sort(),
    );
    expect(await ensureDemoAccounts(ctx.database.db)).toEqual([]);
    const users = await ctx.database.db.selectFrom('users').select(['email', 'is_staff']).execute();
    expect(users).toHaveLength(3);
    expect(await ctx.database.db.selectFrom('artist_profiles').select('id').execute()).toHaveLength(
      1,
    );
    expect(
      await ctx.database.db
        .selectFrom('profiles')
        .select('id')
        .where('user_id', 'is not', null)
        .execute(),
    ).toHaveLength(1);
    expect(users.filter((u) => u.is_staff).map((u) => u.email)).toEqual(['staff@example.com']);
  });

  it('lets each demo account sign in with its documented password', async () => {
    await ensureDemoAccounts(ctx.database.db);
    expect(DEMO_ACCOUNTS).toMatchObject({
      customer: { email: 'customer@example.com', password: 'demo-customer-pass' },
      artist: { email: 'artist@example.com', password: 'demo-artist-pass' },
      staff: { email: 'staff@example.com', password: 'demo-staff-pass' },
    });
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const { access } = await signIn(ctx.app, account.email, account.password);
      const me = await ctx.app.inject({ url: '/auth/users/me/', headers: withJwt(access) });
      expect(me.json()).toMatchObject({
        email: account.email,
        is_staff: account.email === 'staff@example.com',
      });
    }
  });

  it('makes the artist an artist: an approved artist profile and a completed onboarding', async () => {
    await ensureDemoAccounts(ctx.database.db);
    const { access } = await signIn(
      ctx.app,
      DEMO_ACCOUNTS.artist.email,
      DEMO_ACCOUNTS.artist.password,
    );
    const me = (await ctx.app.inject({ url: '/auth/users/me/', headers: withJwt(access) })).json<{
      uuid: string;
    }>();
    const profiles = await ctx.app.inject({
      url: `/api/artist-profile/?user_uuid=${me.uuid}`,
      headers: withJwt(access),
    });
    expect(profiles.json()).toMatchObject({
      count: 1,
      results: [
        { full_name: DEMO_ACCOUNTS.artist.name, approved: true, email: 'artist@example.com' },
      ],
    });
    const profile = await ctx.app.inject({ url: '/api/v2/profile/', headers: withJwt(access) });
    expect(profile.json()).toMatchObject({ user_id: me.uuid, application_stage: 'payment' });
  });

  it('onboards the demo artist: agreement, W-9 (TIN encrypted), ACTIVATED payee, default bank', async () => {
    await ensureDemoAccounts(ctx.database.db);
    const { access } = await signIn(
      ctx.app,
      DEMO_ACCOUNTS.artist.email,
      DEMO_ACCOUNTS.artist.password,
    );
    const artist = withJwt(access);
    const royalty = await ctx.app.inject({
      url: '/api/artist-onboarding/royalty/',
      headers: artist,
    });
    expect(royalty.json()).toMatchObject({ accepted_version: ROYALTY_AGREEMENT.version });
    const tax = taxFormView.parse(
      (await ctx.app.inject({ url: '/api/artist-onboarding/tax/', headers: artist })).json(),
    );
    expect(tax).toMatchObject({ form: 'W-9', tin_type: 'SSN', tin_masked: '***-**-6789' });
    const mine = payee.parse(
      (await ctx.app.inject({ url: '/api/artist-payee/', headers: artist })).json(),
    );
    expect(mine.identity?.status).toBe('ACTIVATED');
    expect(mine.accounts).toMatchObject([
      { type: 'bank-accounts', default: true, status: 'ACTIVATED', bankAccountId: '•••• 6789' },
    ]);
    // Encrypted at rest like any other artist's, never in the clear.
    const row = await ctx.database.db
      .selectFrom('artist_tax_forms')
      .select('tin_encrypted')
      .executeTakeFirstOrThrow();
    expect(row.tin_encrypted).toMatch(/^v2:[0-9a-f]{8}:/);
    expect(row.tin_encrypted).not.toContain('123456789');
  });

  it('finishes an onboarding a killed seeding left half done, once', async () => {
    const db = ctx.database.db;
    await ensureDemoAccounts(db);
    // As if the seeding died after the payee, before the bank account.
    await db.deleteFrom('payment_accounts').execute();
    await ensureDemoAccounts(db);
    await ensureDemoAccounts(db);
    const accounts = await db.selectFrom('payment_accounts').select('is_default').execute();
    expect(accounts).toEqual([{ is_default: true }]);
    expect(await db.selectFrom('artist_tax_forms').select('form').execute()).toHaveLength(1);
    expect(await db.selectFrom('artist_identities').select('status').execute()).toEqual([
      { status: 'ACTIVATED' },
    ]);
  });

  it('leaves an existing account as it is', async () => {
    await ctx.database.db
      .updateTable('users')
      .set({ name: 'Renamed' })
      .where('email', '=', DEMO_ACCOUNTS.customer.email)
      .execute();
    await ensureDemoAccounts(ctx.database.db);
    const row = await ctx.database.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', DEMO_ACCOUNTS.customer.email)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Renamed');
  });
});
