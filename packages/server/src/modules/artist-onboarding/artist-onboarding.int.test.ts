import {
  IBAN_INVALID,
  ROUTING_NUMBER_INVALID,
  TIN_EIN_INVALID,
  TIN_SSN_INVALID,
  payee,
  taxFormView,
} from '@atelier/contracts';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { applyWithSamples, newStaff, newUser, type Headers } from '../artist-applications/testing';
import { ROYALTY_AGREEMENT } from './agreement';
import { ACCEPT_AGREEMENT_FIRST, NOT_APPROVED } from './service';

const W9 = {
  form: 'W-9',
  legal_name: 'Noor Painter',
  business_name: 'Noor Studio LLC',
  tax_classification: 'individual',
  address: {
    line1: '1 Main St',
    city: 'Springfield',
    region: 'IL',
    postal_code: '62701',
    country: 'US',
  },
  tin_type: 'SSN',
  tin: '123-45-6789',
  certify: true,
};
const US_BANK = {
  type: 'bank-accounts',
  country: 'US',
  accountHolder: 'Noor Painter',
  routingNumber: '011000015',
  accountNumber: '000123456789',
};

describe.each(TEST_DRIVERS)('artist onboarding on %s', (driver) => {
  let ctx: TestContext;
  let staff: Headers;
  let artist: Headers;
  let artistProfileId: number;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const stage = async (headers: Headers) =>
    (await call('GET', '/api/v2/profile/', headers)).json<{ application_stage: string | null }>()
      .application_stage;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    staff = await newStaff(ctx.app, 'onboarding-staff@example.com');
    artist = await newUser(ctx.app, 'onboarding-artist@example.com');
    await applyWithSamples(ctx.app, artist);
    const app = (await call('GET', '/api/artist-application/', artist)).json<{ id: number }>();
    artistProfileId = app.id;
    await call('POST', `/api/artist-applications/${artistProfileId}/decision/`, staff, {
      decision: 'approve',
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('refuses onboarding to a user who was never approved', async () => {
    const stranger = await newUser(ctx.app, 'stranger@example.com');
    for (const url of [
      '/api/artist-onboarding/royalty/',
      '/api/artist-onboarding/tax/',
      '/api/artist-payee/',
    ]) {
      const res = await call('GET', url, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: NOT_APPROVED });
    }
  });

  it('royalty: shows the default level and records the accepted agreement with its date', async () => {
    expect(await stage(artist)).toBe('royalty');
    const early = await call('PUT', '/api/artist-onboarding/tax/', artist, W9);
    expect(early.json()).toEqual({ non_field_errors: [ACCEPT_AGREEMENT_FIRST] });
    const before = await call('GET', '/api/artist-onboarding/royalty/', artist);
    expect(before.json()).toMatchObject({
      level: { name: 'Standard', rate_bp: 2500, is_default: true },
      accepted_at: null,
    });
    const refused = await call('POST', '/api/artist-onboarding/royalty/', artist, {
      accept: false,
      version: 'x',
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['accept']);
    const accepted = await call('POST', '/api/artist-onboarding/royalty/', artist, {
      accept: true,
      version: ROYALTY_AGREEMENT.version,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ accepted_version: ROYALTY_AGREEMENT.version });
    expect(Date.parse(accepted.json<{ accepted_at: string }>().accepted_at)).toBeGreaterThan(
      Date.now() - 60_000,
    );
    expect(await stage(artist)).toBe('tax');
  });

  it('tax: validates the TIN, stores it encrypted, never answers it whole', async () => {
    const badSsn = await call('PUT', '/api/artist-onboarding/tax/', artist, {
      ...W9,
      tin: '666-12-3456',
    });
    expect(badSsn.json()).toEqual({ tin: [TIN_SSN_INVALID] });
    const badEin = await call('PUT', '/api/artist-onboarding/tax/', artist, {
      ...W9,
      tin_type: 'EIN',
      tin: '07-1234567',
    });
    expect(badEin.json()).toEqual({ tin: [TIN_EIN_INVALID] });
    const noCountry = await call('PUT', '/api/artist-onboarding/tax/', artist, {
      ...W9,
      address: { ...W9.address, country: 'usa' },
    });
    expect(noCountry.statusCode).toBe(400);
    expect(Object.keys(noCountry.json())).toEqual(['address']);

    const saved = await call('PUT', '/api/artist-onboarding/tax/', artist, W9);
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('123456789');
    expect(saved.body).not.toContain('123-45-6789');
    expect(taxFormView.parse(saved.json())).toMatchObject({
      tin_type: 'SSN',
      tin_masked: '***-**-6789',
    });
    const read = await call('GET', '/api/artist-onboarding/tax/', artist);
    expect(read.body).not.toContain('123456789');
    const row = await ctx.database.db
      .selectFrom('artist_tax_forms')
      .select(['tin_encrypted', 'tin_last4'])
      .where('artist_profile_id', '=', artistProfileId)
      .executeTakeFirstOrThrow();
    expect(row.tin_last4).toBe('6789');
    expect(row.tin_encrypted).toMatch(/^v2:[0-9a-f]{8}:/);
    expect(row.tin_encrypted).not.toContain('123456789');
    expect(await stage(artist)).toBe('payee');
  });

  it('switches to W-8BEN for a person outside the US', async () => {
    const w8 = {
      form: 'W-8BEN',
      legal_name: 'Noor Painter',
      country_of_citizenship: 'PT',
      address: { line1: 'Rua A 1', city: 'Porto', country: 'PT' },
      foreign_tin: '123456789',
      date_of_birth: '1990-02-03',
      certify: true,
    };
    const bad = await call('PUT', '/api/artist-onboarding/tax/', artist, {
      ...w8,
      date_of_birth: 'soon',
    });
    expect(Object.keys(bad.json())).toEqual(['date_of_birth']);
    const saved = await call('PUT', '/api/artist-onboarding/tax/', artist, w8);
    expect(saved.json()).toMatchObject({
      form: 'W-8BEN',
      tin_type: null,
      foreign_tin_masked: '****6789',
    });
    expect(saved.body).not.toContain('123456789');
    await call('PUT', '/api/artist-onboarding/tax/', artist, W9);
  });

  it('records every staff read of a TIN, and only staff may read one', async () => {
    const url = `/api/artist-tax/${artistProfileId}/tin/`;
    expect((await call('GET', url, artist)).statusCode).toBe(403);
    const revealed = await call('GET', url, staff);
    expect(revealed.json()).toEqual({ tin_type: 'SSN', tin: '123456789' });
    await call('GET', url, staff);
    const reads = await call('GET', `/api/artist-tax/${artistProfileId}/tin-reads/`, staff);
    expect(reads.json()).toMatchObject({
      count: 2,
      results: [
        { reader_email: 'onboarding-staff@example.com' },
        { reader_email: 'onboarding-staff@example.com' },
      ],
    });
  });

  it('payment: checks routing numbers and IBANs, masks numbers, completes onboarding', async () => {
    const noPayee = await call('POST', '/api/artist-payee/accounts/', artist, US_BANK);
    expect(noPayee.statusCode).toBe(400);
    const identity = await call('PUT', '/api/artist-payee/', artist, {
      firstName: 'Noor',
      lastName: 'Painter',
      email: 'payouts@noor.example',
    });
    expect(payee.parse(identity.json()).identity).toMatchObject({ status: 'PRE_ACTIVATED' });
    expect(await stage(artist)).toBe('payee');

    const badRouting = await call('POST', '/api/artist-payee/accounts/', artist, {
      ...US_BANK,
      routingNumber: '011000016',
    });
    expect(badRouting.json()).toEqual({ routingNumber: [ROUTING_NUMBER_INVALID] });
    const badIban = await call('POST', '/api/artist-payee/accounts/', artist, {
      type: 'bank-accounts',
      country: 'IBAN',
      accountHolder: 'Noor',
      iban: 'DE89 3704 0044 0532 0130 01',
    });
    expect(badIban.json()).toEqual({ iban: [IBAN_INVALID] });

    const added = await call('POST', '/api/artist-payee/accounts/', artist, US_BANK);
    expect(added.statusCode).toBe(201);
    expect(added.body).not.toContain('000123456789');
    const result = payee.parse(added.json());
    expect(result.accounts).toEqual([
      expect.objectContaining({
        type: 'bank-accounts',
        default: true,
        status: 'ACTIVATED',
        bankAccountId: '•••• 6789',
      }),
    ]);
    expect(result.identity?.status).toBe('ACTIVATED');
    expect(await stage(artist)).toBe('payment');

    const iban = await call('POST', '/api/artist-payee/accounts/', artist, {
      type: 'bank-accounts',
      country: 'IBAN',
      accountHolder: 'Noor',
      iban: 'de89 3704 0044 0532 0130 00',
      default: true,
    });
    const accounts = payee.parse(iban.json()).accounts;
    expect(accounts.map((a) => [a.bankAccountId, a.default])).toEqual([
      ['•••• 6789', false],
      ['DE89•••• 3000', true],
    ]);
    expect(iban.body).not.toContain('370400440532013000');
  });

  it('records each status change with its own token, readable by staff only', async () => {
    const mine = payee.parse((await call('GET', '/api/artist-payee/', artist)).json());
    const token = mine.identity?.token ?? '';
    const account = mine.accounts[0];
    if (!account) throw new Error('no account');
    expect((await call('GET', `/api/artist-identity/${token}/`, artist)).statusCode).toBe(403);
    const list = await call('GET', '/api/artist-identity/', staff);
    expect(list.json<{ results: { token: string }[] }>().results.map((i) => i.token)).toContain(
      token,
    );

    const frozen = await call('POST', `/api/artist-identity/${token}/status-transitions/`, staff, {
      transitionTo: 'FROZEN',
      notes: 'Tax review',
    });
    expect(frozen.statusCode).toBe(201);
    const bad = await call('POST', `/api/artist-identity/${token}/status-transitions/`, staff, {
      transitionTo: 'ASLEEP',
    });
    expect(bad.json()).toEqual({ transitionTo: ['"ASLEEP" is not a valid choice.'] });
    const history = await call('GET', `/api/artist-identity/${token}/status-transitions/`, staff);
    const transitions = history.json<{
      results: { token: string; fromStatus: string | null; transitionTo: string }[];
    }>().results;
    expect(transitions.map((t) => [t.fromStatus, t.transitionTo])).toEqual([
      [null, 'PRE_ACTIVATED'],
      ['PRE_ACTIVATED', 'ACTIVATED'],
      ['ACTIVATED', 'FROZEN'],
    ]);
    expect(new Set(transitions.map((t) => t.token)).size).toBe(3);
    const one = await call(
      'GET',
      `/api/artist-identity/${token}/status-transitions/${transitions[2]?.token}/`,
      staff,
    );
    expect(one.json()).toMatchObject({ transitionTo: 'FROZEN', notes: 'Tax review' });

    const banks = await call('GET', `/api/artist-identity/${token}/bank-accounts/`, staff);
    expect(banks.json<{ count: number }>().count).toBe(2);
    expect(
      (await call('GET', `/api/artist-identity/${token}/paypal-accounts/`, staff)).json(),
    ).toMatchObject({ count: 0 });
    expect(
      (await call('GET', `/api/artist-identity/${token}/cash-accounts/`, staff)).statusCode,
    ).toBe(404);
    const verified = await call(
      'POST',
      `/api/artist-identity/${token}/bank-accounts/${account.token}/status-transitions/`,
      staff,
      { transitionTo: 'VERIFIED' },
    );
    expect(verified.json()).toMatchObject({ fromStatus: 'ACTIVATED', transitionTo: 'VERIFIED' });
    const accountHistory = await call(
      'GET',
      `/api/artist-identity/${token}/bank-accounts/${account.token}/status-transitions/`,
      staff,
    );
    expect(
      accountHistory
        .json<{ results: { transitionTo: string }[] }>()
        .results.map((t) => t.transitionTo),
    ).toEqual(['ACTIVATED', 'VERIFIED']);
    // The artist removes an account: de-activated, recorded.
    const removed = await call('DELETE', `/api/artist-payee/accounts/${account.token}/`, artist);
    expect(payee.parse(removed.json()).accounts[0]).toMatchObject({
      status: 'DE_ACTIVATED',
      default: false,
    });
  });

  it('lets staff edit royalty levels; an artist on a level gets its rate', async () => {
    const levels = await call('GET', '/api/royalty-levels/', staff);
    expect(levels.json<{ results: { name: string }[] }>().results.map((l) => l.name)).toEqual([
      'Standard',
      'Featured',
      'Premier',
    ]);
    expect((await call('GET', '/api/royalty-levels/', artist)).statusCode).toBe(403);
    const bad = await call('POST', '/api/royalty-levels/', staff, {
      name: 'Top',
      rate_percent: 200,
    });
    expect(bad.json()).toEqual({
      rate_percent: ['Ensure this value is less than or equal to 100.'],
    });
    const made = await call('POST', '/api/royalty-levels/', staff, {
      name: 'Top',
      rate_percent: 40,
    });
    expect(made.statusCode).toBe(201);
    const { id } = made.json<{ id: number }>();
    const moved = await call(
      'PUT',
      `/api/artist-profile/${artistProfileId}/royalty-level/`,
      staff,
      { royalty_level: id },
    );
    expect(moved.statusCode).toBe(204);
    expect((await call('GET', '/api/artist-onboarding/royalty/', artist)).json()).toMatchObject({
      level: { name: 'Top', rate_bp: 4000 },
    });
  });
});
