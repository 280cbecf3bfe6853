import { parse } from 'csv-parse/sync';
import { taxReportDetail, taxReportPage, type TaxReportRow } from '@atelier/contracts';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { createFieldCipher } from '../../lib/field-encryption';
import { testUser, type TestUser } from '../collections/testing';
import { insertPayee, insertPayment, type PayeeOptions } from './testing';

describe.each(TEST_DRIVERS)('tax reporting on %s', (driver) => {
  let ctx: TestContext;
  let staff: TestUser;
  let customer: TestUser;
  const ids: Record<string, number> = {};

  const get = (url: string, who: TestUser | null = staff) =>
    ctx.app.inject({ method: 'GET', url, headers: who ? who.headers : {} });
  const report = async (query: string) => {
    const res = await get(`/api/tax-reporting/?${query}`);
    expect(res.statusCode).toBe(200);
    return taxReportPage.parse(res.json());
  };
  const rowOf = (rows: TaxReportRow[], name: string) => rows.find((r) => r.artist_name === name);

  beforeAll(async () => {
    ctx = await createTestApp(driver, {
      config: {
        taxReportingThresholds: { 2027: 210_000 },
        taxPayer: { name: 'Atelier Prints, Inc.', tin: '12-3456789', address: '1 Gallery Way' },
      },
    });
    const db = ctx.database.db;
    const cipher = createFieldCipher(ctx.config.fieldEncryptionKey);
    staff = await testUser(ctx.app, ctx.database, 'tax-staff@example.com', { staff: true });
    customer = await testUser(ctx.app, ctx.database, 'tax-customer@example.com');
    const payee = async (name: string, options: Omit<PayeeOptions, 'name'> = {}) =>
      (ids[name] = (await insertPayee(db, cipher, { ...options, name })).artistId);

    // 2025: $599.99 vs $600.00 (threshold $600).
    await payee('Under 2025', { tin: '111-22-0001' });
    await insertPayment(db, {
      artistId: ids['Under 2025']!,
      amount: 59_999,
      completedOn: '2025-06-01T12:00:00Z',
    });
    await payee('At 2025', { tin: '111-22-0002', tinType: 'SSN' });
    await insertPayment(db, {
      artistId: ids['At 2025']!,
      amount: 30_000,
      completedOn: '2025-01-01T00:00:00Z',
    });
    await insertPayment(db, {
      artistId: ids['At 2025']!,
      amount: 30_000,
      completedOn: '2025-12-31T23:59:59Z',
    });
    // Not counted in 2025: a payment completed just past the year (UTC), one never completed,
    // one completed and then returned.
    await insertPayment(db, {
      artistId: ids['At 2025']!,
      amount: 99_999,
      completedOn: '2026-01-01T00:00:00Z',
    });
    await insertPayment(db, {
      artistId: ids['Under 2025']!,
      amount: 50_000,
      status: 'IN_PROGRESS',
      createdOn: '2025-07-01T00:00:00Z',
    });
    await insertPayment(db, {
      artistId: ids['Under 2025']!,
      amount: 50_000,
      status: 'RETURNED',
      completedOn: '2025-08-01T00:00:00Z',
    });
    // A foreign payee (W-8BEN) over the threshold, and a payee with no form on file.
    await payee('Foreign 2025', { form: 'W-8BEN', tin: 'PT123456789' });
    await insertPayment(db, {
      artistId: ids['Foreign 2025']!,
      amount: 100_000,
      completedOn: '2025-03-01T00:00:00Z',
    });
    await payee('No form 2025', { form: null });
    await insertPayment(db, {
      artistId: ids['No form 2025']!,
      amount: 70_000,
      completedOn: '2025-03-01T00:00:00Z',
    });
    // A business whose name could be a formula in a spreadsheet.
    await payee('=HYPERLINK("x")', {
      tin: '12-3456789',
      tinType: 'EIN',
      businessName: '+Studio, "Quoted" LLC',
    });
    await insertPayment(db, {
      artistId: ids['=HYPERLINK("x")']!,
      amount: 80_000,
      completedOn: '2025-05-05T00:00:00Z',
    });

    // 2026: $1,999.99 vs $2,000.00 (threshold $2,000).
    await payee('Under 2026', { tin: '111-22-0003' });
    await insertPayment(db, {
      artistId: ids['Under 2026']!,
      amount: 199_999,
      completedOn: '2026-02-01T00:00:00Z',
    });
    await payee('At 2026', { tin: '111-22-0004' });
    await insertPayment(db, {
      artistId: ids['At 2026']!,
      amount: 200_000,
      completedOn: '2026-02-01T00:00:00Z',
    });

    // 2027: configured at $2,100.
    await payee('Under 2027', { tin: '111-22-0005' });
    await insertPayment(db, {
      artistId: ids['Under 2027']!,
      amount: 209_999,
      completedOn: '2027-02-01T00:00:00Z',
    });
    await payee('At 2027', { tin: '111-22-0006' });
    await insertPayment(db, {
      artistId: ids['At 2027']!,
      amount: 210_000,
      completedOn: '2027-02-01T00:00:00Z',
    });
  });
  afterAll(() => ctx.close());

  it('marks $600.00 but not $599.99 in 2025, counting only COMPLETED payments of the UTC year', async () => {
    const page = await report('year=2025');
    expect(page).toMatchObject({
      year: 2025,
      threshold: 60_000,
      threshold_source: 'table',
      time_zone: 'UTC',
    });
    expect(rowOf(page.results, 'Under 2025')).toMatchObject({
      total_paid: 59_999,
      payment_count: 1,
      over_threshold: false,
      form: 'W-9',
      form_1099_due: false,
    });
    expect(rowOf(page.results, 'At 2025')).toMatchObject({
      total_paid: 60_000,
      payment_count: 2,
      over_threshold: true,
      form_1099_due: true,
      tin_masked: '***-**-0002',
    });
    expect(rowOf(page.results, '=HYPERLINK("x")')).toMatchObject({
      tin_masked: '**-***6789',
      tin_type: 'EIN',
    });
    // Paid only in 2026: not listed in 2025.
    expect(rowOf(page.results, 'Under 2026')).toBeUndefined();
    expect(page.total_paid).toBe(59_999 + 60_000 + 100_000 + 70_000 + 80_000);
  });

  it('marks $2,000.00 but not $1,999.99 in 2026, and a configured amount in 2027', async () => {
    const y2026 = await report('year=2026');
    expect(y2026.threshold).toBe(200_000);
    expect(rowOf(y2026.results, 'Under 2026')?.over_threshold).toBe(false);
    expect(rowOf(y2026.results, 'At 2026')?.over_threshold).toBe(true);
    // The payment completed at midnight UTC on 1 January 2026 counts in 2026.
    expect(rowOf(y2026.results, 'At 2025')).toMatchObject({
      total_paid: 99_999,
      over_threshold: false,
    });
    const y2027 = await report('year=2027');
    expect(y2027).toMatchObject({ threshold: 210_000, threshold_source: 'configured' });
    expect(rowOf(y2027.results, 'Under 2027')?.over_threshold).toBe(false);
    expect(rowOf(y2027.results, 'At 2027')?.over_threshold).toBe(true);
    // Past the configuration: the latest known year's amount, said so.
    expect(await report('year=2030')).toMatchObject({
      threshold: 210_000,
      threshold_source: 'carried forward',
      threshold_from_year: 2027,
      count: 0,
    });
  });

  it('filters to the payees over the threshold', async () => {
    const over = await report('year=2025&over_threshold=true');
    expect(over.results.map((r) => r.artist_name).sort()).toEqual(
      ['=HYPERLINK("x")', 'At 2025', 'Foreign 2025', 'No form 2025'].sort(),
    );
    expect(over.over_threshold_count).toBe(4);
    const under = await report('year=2025&over_threshold=false');
    expect(under.results.map((r) => r.artist_name)).toEqual(['Under 2025']);
  });

  it('shows a W-8BEN payee with its foreign TIN masked and no 1099-NEC due', async () => {
    const page = await report('year=2025');
    expect(rowOf(page.results, 'Foreign 2025')).toMatchObject({
      form: 'W-8BEN',
      over_threshold: true,
      form_1099_due: false,
      tin_masked: '****6789',
    });
    expect(rowOf(page.results, 'No form 2025')).toMatchObject({ form: null, tin_masked: null });
  });

  it("never gives a whole TIN in the list or an artist's detail", async () => {
    const list = await get('/api/tax-reporting/?year=2025');
    for (const tin of ['111220001', '111-22-0001', '111220002', '123456789', 'PT123456789']) {
      expect(list.body).not.toContain(tin);
    }
    const detail = await get(`/api/tax-reporting/${ids['Under 2025']}/?year=2025`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain('111220001');
    const body = taxReportDetail.parse(detail.json());
    // Its payments in the year, the counted one marked: not the unfinished or returned ones.
    expect(body.payments.map((p) => [p.amount, p.status, p.counted])).toEqual([
      [59_999, 'COMPLETED', true],
      [50_000, 'IN_PROGRESS', false],
      [50_000, 'RETURNED', false],
    ]);
    expect(body.total_paid).toBe(59_999);
  });

  it('exports the 1099-NEC CSV: W-9 payees over the threshold, TINs masked, no formulas', async () => {
    const res = await get('/api/tax-reporting/1099-nec/?year=2025');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="1099-nec-2025.csv"');
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.recipient_name).sort()).toEqual(['\'=HYPERLINK("x")', 'At 2025']);
    const at = rows.find((r) => r.recipient_name === 'At 2025')!;
    expect(at).toMatchObject({
      tax_year: '2025',
      payer_name: 'Atelier Prints, Inc.',
      payer_tin: '12-3456789',
      recipient_tin: '***-**-0002',
      recipient_tin_type: 'SSN',
      box1_nonemployee_compensation: '600.00',
      recipient_state: 'IL',
    });
    const business = rows.find((r) => r.recipient_name !== 'At 2025')!;
    expect(business.recipient_business_name).toBe('\'+Studio, "Quoted" LLC');
    expect(res.body).toContain('"\'+Studio, ""Quoted"" LLC"');
    expect(res.body).not.toContain('111220002');
  });

  it('records a full-TIN export (who, when) and lists it with the year', async () => {
    const before = await report('year=2025');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/tax-reporting/1099-nec/full-tin/',
      headers: staff.headers,
      payload: { year: 2025 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ confirm: ['Confirm that this export is recorded.'] });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tax-reporting/1099-nec/full-tin/',
      headers: staff.headers,
      payload: { year: 2025, confirm: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r.recipient_name === 'At 2025')?.recipient_tin).toBe('111220002');
    const after = await report('year=2025');
    expect(after.exports.length).toBe(before.exports.length + 1);
    expect(after.exports[0]).toMatchObject({
      kind: 'full_tin',
      year: 2025,
      row_count: 2,
      created_by: 'tax-staff@example.com',
    });
    expect(Date.now() - new Date(after.exports[0]!.created).getTime()).toBeLessThan(60_000);
    // Each recipient's TIN read is on its profile's record too.
    const reads = await ctx.database.db
      .selectFrom('tin_reads')
      .innerJoin('artist_profiles', 'artist_profiles.id', 'tin_reads.artist_profile_id')
      .select(['artist_profiles.artist_id', 'tin_reads.reader_email'])
      .execute();
    expect(reads).toContainEqual({
      artist_id: ids['At 2025'],
      reader_email: 'tax-staff@example.com',
    });
    expect(reads.some((r) => r.artist_id === ids['Foreign 2025'])).toBe(false);
  });

  it('refuses bad years with 400 naming the field, and everyone but staff', async () => {
    expect((await get('/api/tax-reporting/?year=abc')).json()).toEqual({
      year: ['A valid integer is required.'],
    });
    expect((await get('/api/tax-reporting/?year=99999')).json()).toEqual({
      year: ['Ensure this value is less than or equal to 2100.'],
    });
    expect((await get('/api/tax-reporting/1099-nec/?year=abc')).statusCode).toBe(400);
    expect((await get(`/api/tax-reporting/${ids['At 2025']}/?year=99999`)).statusCode).toBe(400);
    expect((await get('/api/tax-reporting/999999/?year=2025')).statusCode).toBe(404);
    expect((await get('/api/tax-reporting/?year=2025', customer)).statusCode).toBe(403);
    expect((await get('/api/tax-reporting/1099-nec/?year=2025', null)).statusCode).toBe(401);
  });
});
