import {
  BANK_FILE_COLUMNS,
  HOLD_REASONS,
  MINIMUM_PAYOUT_CENTS,
  PAID_ORDER_STATUSES,
  PAYOUT_MESSAGES,
  artistPayment,
  artistPaymentPage,
  paymentDueDetail,
  paymentDuePage,
  payoutPreview,
  payoutRunResult,
  statusTransition,
  type ArtistPayment,
  type OrderStatus,
} from '@atelier/contracts';
import fc from 'fast-check';
import { createFieldCipher } from '../../lib/field-encryption';
import { testUser, type TestUser } from '../collections/testing';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { clearMoney, insertArtist, insertOrder, type TestArtist } from './testing';

const ORDER_STATUSES: OrderStatus[] = [
  'placed',
  'awaiting payment',
  'paid',
  'in production',
  'shipped',
  'cancelled',
];
const isPaid = (status: OrderStatus) => (PAID_ORDER_STATUSES as readonly string[]).includes(status);

describe.each(TEST_DRIVERS)('payouts on %s', (driver) => {
  let ctx: TestContext;
  let staff: TestUser;
  let customer: TestUser;
  const cipher = () => createFieldCipher(ctx.config.fieldEncryptionKey);

  const get = (url: string, as: TestUser | null = staff) =>
    ctx.app.inject({ url, headers: as ? as.headers : {} });
  const post = (url: string, payload?: unknown, as: TestUser | null = staff) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: as ? as.headers : {},
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  const dueList = async () =>
    paymentDuePage.parse((await get('/api/payment-due/?limit=1000')).json()).results;
  const runPayouts = async () => {
    const res = await post('/api/payout-run/', {});
    return { status: res.statusCode, body: res.json() as unknown };
  };
  const mark = (token: string, transitionTo: string, notes = '') =>
    post(`/api/artist-payment/${token}/status-transitions/`, { transitionTo, notes });

  beforeAll(async () => {
    ctx = await createTestApp(driver, { images: 0 });
    staff = await testUser(ctx.app, ctx.database, 'payout-staff@example.com', { staff: true });
    customer = await testUser(ctx.app, ctx.database, 'payout-customer@example.com');
  }, 120_000);
  afterAll(() => ctx.close());

  describe('access', () => {
    it.each([
      '/api/payment-due/',
      '/api/artist-payment/',
      '/api/payout-run/preview/',
      '/api/payout-run/',
    ])('%s is for staff only', async (url) => {
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, customer)).statusCode).toBe(403);
      expect((await get(url, staff)).statusCode).toBe(200);
    });

    it('the API root lists payment-due and artist-payment', async () => {
      const root = (await get('/api/', null)).json<Record<string, string>>();
      expect(root['payment-due']).toMatch(/\/api\/payment-due\/$/);
      expect(root['artist-payment']).toMatch(/\/api\/artist-payment\/$/);
    });
  });

  describe('payments due on generated order histories', () => {
    let artists: TestArtist[];
    beforeAll(async () => {
      artists = [
        await insertArtist(ctx.database.db, cipher(), 'Ada Paid'),
        await insertArtist(ctx.database.db, cipher(), 'Bea Paid'),
        await insertArtist(ctx.database.db, cipher(), 'Cy Unpaid', { identity: false }),
      ];
    });

    type Step =
      | { kind: 'order'; status: OrderStatus; lines: { artist: number; royalty: number }[] }
      | { kind: 'run' }
      | { kind: 'mark'; payment: number; to: 'COMPLETED' | 'FAILED' | 'RETURNED' | 'IN_PROGRESS' };

    const step: fc.Arbitrary<Step> = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('order' as const),
          status: fc.constantFrom(...ORDER_STATUSES),
          lines: fc.array(
            fc.record({ artist: fc.nat(2), royalty: fc.integer({ min: 0, max: 4000 }) }),
            { minLength: 1, maxLength: 3 },
          ),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'run' as const }) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('mark' as const),
          payment: fc.nat(20),
          to: fc.constantFrom('COMPLETED', 'FAILED', 'RETURNED', 'IN_PROGRESS'),
        }),
      },
    );

    it('equal the royalties of lines on paid orders minus live payments, each line paid once', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
          await clearMoney(ctx.database.db);
          /** The model: each line's artist and royalty, and the payment that holds it. */
          const lines = new Map<number, { artist: number; royalty: number; paid: boolean }>();
          const livePayment = new Map<number, string>();
          const payments: { token: string; status: string; lines: number[] }[] = [];
          const dueOf = (artist: number) =>
            [...lines.entries()]
              .filter(
                ([id, l]) => l.artist === artist && l.paid && l.royalty > 0 && !livePayment.has(id),
              )
              .map(([id]) => id);
          for (const s of steps) {
            if (s.kind === 'order') {
              const made = await insertOrder(
                ctx.database.db,
                s.status,
                s.lines.map((l) => ({ artist: artists[l.artist]!, royalty: l.royalty })),
              );
              made.lineIds.forEach((id, i) =>
                lines.set(id, {
                  artist: artists[s.lines[i]!.artist]!.id,
                  royalty: s.lines[i]!.royalty,
                  paid: isPaid(s.status),
                }),
              );
            } else if (s.kind === 'run') {
              // Artists 0 and 1 have payees; artist 2 is always held back.
              const expected = [artists[0]!, artists[1]!]
                .map((a) => ({ artist: a, due: dueOf(a.id) }))
                .filter(
                  ({ due }) =>
                    due.reduce((sum, id) => sum + lines.get(id)!.royalty, 0) >=
                    MINIMUM_PAYOUT_CENTS,
                );
              const res = await runPayouts();
              if (expected.length === 0) {
                expect(res.status).toBe(400);
                continue;
              }
              expect(res.status).toBe(201);
              const run = payoutRunResult.parse(res.body);
              expect(run.payments.map((p) => p.artist.id).sort()).toEqual(
                expected.map((e) => e.artist.id).sort(),
              );
              for (const p of run.payments) {
                const due = expected.find((e) => e.artist.id === p.artist.id)!.due;
                expect(p.amount).toBe(due.reduce((sum, id) => sum + lines.get(id)!.royalty, 0));
                due.forEach((id) => livePayment.set(id, p.token));
                payments.push({ token: p.token, status: p.status, lines: due });
              }
            } else {
              const payment = payments[s.payment % Math.max(payments.length, 1)];
              if (!payment) continue;
              const res = await mark(payment.token, s.to);
              const allowed =
                (payment.status === 'SCHEDULED' &&
                  (s.to === 'COMPLETED' || s.to === 'FAILED' || s.to === 'IN_PROGRESS')) ||
                (payment.status === 'IN_PROGRESS' && s.to !== 'IN_PROGRESS') ||
                (payment.status === 'COMPLETED' && s.to === 'RETURNED');
              expect(res.statusCode).toBe(allowed ? 201 : 400);
              if (!allowed) continue;
              payment.status = s.to;
              if (s.to === 'FAILED' || s.to === 'RETURNED') {
                payment.lines.forEach((id) => livePayment.delete(id));
              }
            }
          }
          const expectedDue = artists
            .map((a) => ({ id: a.id, ids: dueOf(a.id) }))
            .filter((a) => a.ids.length > 0)
            .map((a) => ({
              id: a.id,
              amount: a.ids.reduce((sum, id) => sum + lines.get(id)!.royalty, 0),
              lines: a.ids.length,
            }));
          const listed = (await dueList()).map((d) => ({
            id: d.id,
            amount: d.amount,
            lines: d.lines,
          }));
          expect(listed.sort((x, y) => x.id - y.id)).toEqual(
            expectedDue.sort((x, y) => x.id - y.id),
          );
          for (const due of expectedDue) {
            const detail = paymentDueDetail.parse(
              (await get(`/api/payment-due/${due.id}/?limit=1000`)).json(),
            );
            expect(detail.amount).toBe(due.amount);
            expect(detail.lines_page.results.reduce((sum, l) => sum + l.royalty, 0)).toBe(
              due.amount,
            );
          }
        }),
        { numRuns: 25 },
      );
    }, 240_000);
  });

  describe('a payout run', () => {
    let ada: TestArtist;
    let bea: TestArtist;
    beforeAll(async () => {
      await clearMoney(ctx.database.db);
      ada = await insertArtist(ctx.database.db, cipher(), 'Ada Lovelace');
      bea = await insertArtist(ctx.database.db, cipher(), 'Bea Arthur');
    });
    beforeEach(() => clearMoney(ctx.database.db));

    it('executed twice pays each line once; the second finds nobody due', async () => {
      await insertOrder(ctx.database.db, 'paid', [{ artist: ada, royalty: 3000 }]);
      const first = await runPayouts();
      expect(first.status).toBe(201);
      expect(payoutRunResult.parse(first.body).total).toBe(3000);
      const second = await runPayouts();
      expect(second.status).toBe(400);
      expect(second.body).toEqual({ non_field_errors: [PAYOUT_MESSAGES.nothingToPay] });
      expect(await dueList()).toEqual([]);
    });

    it('executed by two staff at once pays each line once', async () => {
      await insertOrder(ctx.database.db, 'shipped', [
        { artist: ada, royalty: 2600 },
        { artist: bea, royalty: 4100 },
      ]);
      const answers = await Promise.all([runPayouts(), runPayouts(), runPayouts()]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
      const payments = artistPaymentPage.parse((await get('/api/artist-payment/')).json());
      expect(payments.count).toBe(2);
      expect(payments.results.map((p) => p.amount).sort()).toEqual([2600, 4100]);
    });

    it("a FAILED payment's lines are due again, and a re-issue pays them", async () => {
      await insertOrder(ctx.database.db, 'in production', [{ artist: ada, royalty: 5000 }]);
      const run = payoutRunResult.parse((await runPayouts()).body);
      const paid = run.payments[0]!;
      expect(paid.status).toBe('SCHEDULED');
      const failed = await mark(paid.token, 'FAILED', 'Bank rejected: account closed');
      expect(failed.statusCode).toBe(201);
      expect(statusTransition.parse(failed.json())).toMatchObject({
        fromStatus: 'SCHEDULED',
        transitionTo: 'FAILED',
        notes: 'Bank rejected: account closed',
      });
      expect((await dueList()).map((d) => [d.id, d.amount])).toEqual([[ada.id, 5000]]);
      const before = artistPayment.parse((await get(`/api/artist-payment/${paid.token}/`)).json());
      expect(before.reissuable).toBe(true);

      const reissued = await post(`/api/artist-payment/${paid.token}/reissue/`);
      expect(reissued.statusCode).toBe(201);
      const again: ArtistPayment = artistPayment.parse(reissued.json());
      expect(again).toMatchObject({ amount: 5000, reissue_of: paid.token, status: 'SCHEDULED' });
      expect(await dueList()).toEqual([]);
      const after = artistPayment.parse((await get(`/api/artist-payment/${paid.token}/`)).json());
      expect(after).toMatchObject({ reissued_by: again.token, reissuable: false });
      const twice = await post(`/api/artist-payment/${paid.token}/reissue/`);
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toEqual({ non_field_errors: [PAYOUT_MESSAGES.alreadyReissued] });
    });

    it('a RETURNED payment (after COMPLETED) is due again; COMPLETED sets completed_on', async () => {
      await insertOrder(ctx.database.db, 'paid', [{ artist: bea, royalty: 2500 }]);
      const run = payoutRunResult.parse((await runPayouts()).body);
      const token = run.payments[0]!.token;
      expect((await mark(token, 'COMPLETED')).statusCode).toBe(201);
      const done = artistPayment.parse((await get(`/api/artist-payment/${token}/`)).json());
      expect(done.completed_on).not.toBeNull();
      expect(await dueList()).toEqual([]);
      expect((await mark(token, 'RETURNED', 'Returned by the bank')).statusCode).toBe(201);
      expect((await dueList()).map((d) => d.amount)).toEqual([2500]);
      const history = (await get(`/api/artist-payment/${token}/status-transitions/`)).json<{
        results: { token: string; transitionTo: string }[];
      }>();
      expect(history.results.map((t) => t.transitionTo)).toEqual([
        'CREATED',
        'SCHEDULED',
        'COMPLETED',
        'RETURNED',
      ]);
      const one = await get(
        `/api/artist-payment/${token}/status-transitions/${history.results[3]!.token}/`,
      );
      expect(one.json()).toMatchObject({ fromStatus: 'COMPLETED', transitionTo: 'RETURNED' });
    });

    it("the bank file lists the run's payments with whole account numbers, and records the read", async () => {
      await insertOrder(ctx.database.db, 'paid', [
        { artist: ada, royalty: 2750 },
        { artist: bea, royalty: 9999 },
      ]);
      const run = payoutRunResult.parse((await runPayouts()).body);
      expect(run.bank_file).toBe(`/api/payout-run/${run.token}/bank-file/`);
      const file = await get(run.bank_file!);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^text\/csv/);
      expect(file.headers['content-disposition']).toContain('attachment');
      const rows = file.body.trim().split('\r\n');
      expect(rows[0]).toBe(BANK_FILE_COLUMNS.join(','));
      expect(rows).toHaveLength(3);
      const adaRow = rows.find((row) => row.includes('Ada Lovelace'))!;
      expect(adaRow).toContain(`,${ada.accountNumber},`);
      expect(adaRow).toContain(',27.50,2750,USD,');
      const reads = await ctx.database.db
        .selectFrom('account_number_reads')
        .select(['payment_account_id', 'reader_email'])
        .execute();
      expect(reads.map((r) => r.payment_account_id).sort()).toEqual(
        [ada.accountId, bea.accountId].sort(),
      );
      expect(reads.every((r) => r.reader_email === 'payout-staff@example.com')).toBe(true);
      const audit = (await get(`/api/payout-run/${run.token}/account-reads/`)).json<{
        count: number;
        results: { account: string; reader_email: string }[];
      }>();
      expect(audit.count).toBe(2);
      expect(audit.results.map((r) => r.account).sort()).toEqual(
        [ada.accountToken, bea.accountToken].sort(),
      );
    });
  });

  describe('held back', () => {
    beforeAll(() => clearMoney(ctx.database.db));

    it.each([
      ['no_payee', { identity: false }, 3000],
      ['identity_not_activated', { identityStatus: 'PRE_ACTIVATED' }, 3000],
      ['missing_tax_data', { taxForm: false }, 3000],
      ['no_default_account', { account: null }, 3000],
      ['no_default_account', { notDefault: true }, 3000],
      ['account_invalid', { account: 'INVALID' }, 3000],
      ['account_deactivated', { account: 'DE_ACTIVATED' }, 3000],
      ['below_minimum', {}, MINIMUM_PAYOUT_CENTS - 1],
    ] as const)('%s (%j)', async (reason, setup, royalty) => {
      const artist = await insertArtist(ctx.database.db, cipher(), `Held ${reason}`, setup);
      await insertOrder(ctx.database.db, 'paid', [{ artist, royalty }]);
      const preview = payoutPreview.parse((await get('/api/payout-run/preview/')).json());
      const held = preview.held.find((h) => h.artist.id === artist.id);
      expect(held).toEqual({
        artist: { id: artist.id, name: artist.name, royalty_code: artist.royaltyCode },
        amount: royalty,
        lines: 1,
        reason,
        reason_text: HOLD_REASONS[reason],
      });
      expect(preview.payments.find((p) => p.artist.id === artist.id)).toBeUndefined();
    });

    it('an INVALID account fixed by staff (ACTIVATED) is paid by the next run', async () => {
      await clearMoney(ctx.database.db);
      const artist = await insertArtist(ctx.database.db, cipher(), 'Fixed Account', {
        account: 'INVALID',
      });
      await insertOrder(ctx.database.db, 'paid', [{ artist, royalty: 4000 }]);
      expect((await runPayouts()).status).toBe(400);
      const fixed = await post(
        `/api/artist-identity/${artist.identityToken}/bank-accounts/${artist.accountToken}/status-transitions/`,
        { transitionTo: 'ACTIVATED', notes: 'Artist corrected the number' },
      );
      expect(fixed.statusCode).toBe(201);
      const run = await runPayouts();
      expect(run.status).toBe(201);
      const result = payoutRunResult.parse(run.body);
      expect(result.payments.map((p) => [p.artist.id, p.amount, p.account?.display])).toEqual([
        [artist.id, 4000, `•••• ${artist.accountNumber.slice(-4)}`],
      ]);
    });
  });

  describe('bad input', () => {
    it.each([
      ['/api/payment-due/?limit=abc', 'limit'],
      ['/api/payment-due/?page=0', 'page'],
      ['/api/artist-payment/?status=PAID', 'status'],
      ['/api/artist-payment/?artist=x', 'artist'],
      ['/api/payout-run/preview/?provider=wire', 'provider'],
      ['/api/payment-due/1/?offset=-1', 'offset'],
    ])('GET %s names %s', async (url, field) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual([field]);
    });

    it('POST a run with an unknown provider names the field', async () => {
      const res = await post('/api/payout-run/', { provider: 'wire' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['provider']);
    });

    it('a status change to nothing, to an unknown or to an unreachable status names transitionTo', async () => {
      await clearMoney(ctx.database.db);
      const artist = await insertArtist(ctx.database.db, cipher(), 'Bad Input');
      await insertOrder(ctx.database.db, 'paid', [{ artist, royalty: 3000 }]);
      const token = payoutRunResult.parse((await runPayouts()).body).payments[0]!.token;
      for (const body of [
        {},
        { transitionTo: 'PAID' },
        { transitionTo: 'RETURNED' },
        { transitionTo: 'SCHEDULED' },
      ]) {
        const res = await post(`/api/artist-payment/${token}/status-transitions/`, body);
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json())).toEqual(['transitionTo']);
      }
      const notReleased = await post(`/api/artist-payment/${token}/reissue/`);
      expect(notReleased.json()).toEqual({ non_field_errors: [PAYOUT_MESSAGES.notReissuable] });
    });

    it('unknown tokens and ids are 404', async () => {
      expect(
        (await get('/api/artist-payment/pay-00000000-0000-0000-0000-000000000000/')).statusCode,
      ).toBe(404);
      expect((await get('/api/artist-payment/nonsense/')).statusCode).toBe(404);
      expect(
        (await get('/api/payout-run/run-00000000-0000-0000-0000-000000000000/')).statusCode,
      ).toBe(404);
      expect((await get('/api/payment-due/999999/')).statusCode).toBe(404);
    });
  });
});
