import { createTestApp, type TestContext } from '../test/app';
import { TEST_DRIVERS } from '../test/databases';
import { applyWithSamples, newStaff, newUser } from '../modules/artist-applications/testing';
import { ROYALTY_AGREEMENT } from '../modules/artist-onboarding';
import { createFieldCipher, FieldDecryptionError, fieldKeyId } from './field-encryption';
import { countPending, rotateFields } from './field-rotation';

const OLD = Buffer.alloc(32, 11);
const NEW = Buffer.alloc(32, 22);
const ACCOUNTS = ['000123456789', '000987654321', '55555555'];

describe.each(TEST_DRIVERS)('pnpm fields:rotate on %s', (driver) => {
  let ctx: TestContext;

  const stored = async () => {
    const db = ctx.app.database.db;
    const tins = await db.selectFrom('artist_tax_forms').select('tin_encrypted').execute();
    const numbers = await db
      .selectFrom('payment_accounts')
      .select('number_encrypted')
      .where('number_encrypted', 'is not', null)
      .orderBy('id')
      .execute();
    return [...tins.map((t) => t.tin_encrypted), ...numbers.map((n) => n.number_encrypted)].map(
      (v) => v ?? '',
    );
  };

  beforeAll(async () => {
    // The app writes with the OLD key, as a server did before the rotation.
    ctx = await createTestApp(driver, { config: { fieldEncryptionKey: OLD } });
    const staff = await newStaff(ctx.app, 'rotation-staff@example.com');
    const artist = await newUser(ctx.app, 'rotation-artist@example.com');
    await applyWithSamples(ctx.app, artist);
    const call = (method: 'POST' | 'PUT', url: string, payload: object, headers = artist) =>
      ctx.app.inject({ method, url, headers, payload });
    const { id } = (
      await ctx.app.inject({ url: '/api/artist-application/', headers: artist })
    ).json<{
      id: number;
    }>();
    await call('POST', `/api/artist-applications/${id}/decision/`, { decision: 'approve' }, staff);
    await call('POST', '/api/artist-onboarding/royalty/', {
      accept: true,
      version: ROYALTY_AGREEMENT.version,
    });
    const tax = await call('PUT', '/api/artist-onboarding/tax/', {
      form: 'W-9',
      legal_name: 'Rota Tion',
      tax_classification: 'individual',
      address: { line1: '1 Main St', city: 'Springfield', country: 'US' },
      tin_type: 'SSN',
      tin: '123-45-6789',
      certify: true,
    });
    expect(tax.statusCode).toBe(200);
    await call('PUT', '/api/artist-payee/', {
      firstName: 'Rota',
      lastName: 'Tion',
      email: 'payouts@rotation.example',
    });
    for (const accountNumber of ACCOUNTS) {
      const added = await call('POST', '/api/artist-payee/accounts/', {
        type: 'bank-accounts',
        country: 'US',
        accountHolder: 'Rota Tion',
        routingNumber: '011000015',
        accountNumber,
      });
      expect(added.statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a wrong key fails loudly before anything is written', async () => {
    const before = await stored();
    expect(before).toHaveLength(1 + ACCOUNTS.length);
    for (const value of before) expect(value.startsWith(`v2:${fieldKeyId(OLD)}:`)).toBe(true);
    const error = await rotateFields(ctx.app.database.db, createFieldCipher(NEW)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FieldDecryptionError);
    expect((error as Error).message).toMatch(
      /^artist_tax_forms\.tin_encrypted of artist_profile_id \d+ cannot be read: .*Nothing was changed; .*FIELD_ENCRYPTION_OLD_KEYS/,
    );
    expect(await stored()).toEqual(before);
  });

  it('a killed run resumes; then every value is on the new key and reads the same', async () => {
    const db = ctx.app.database.db;
    const rotation = createFieldCipher(NEW, [OLD]);
    // Killed after its first batch of one.
    const killed = await rotateFields(db, rotation, {
      batch: 1,
      onProgress: () => {
        throw new Error('killed');
      },
    }).catch((e: unknown) => e);
    expect((killed as Error).message).toBe('killed');
    expect(await countPending(db, rotation)).toBe(ACCOUNTS.length);

    const counts = await rotateFields(db, rotation, { batch: 2 });
    expect(counts).toEqual([
      { table: 'artist_tax_forms', column: 'tin_encrypted', rotated: 0 },
      { table: 'payment_accounts', column: 'number_encrypted', rotated: ACCOUNTS.length },
    ]);
    expect(await countPending(db, rotation)).toBe(0);
    const after = await stored();
    for (const value of after) expect(value.startsWith(`v2:${fieldKeyId(NEW)}:`)).toBe(true);
    // The new key alone now reads everything, and the values are unchanged.
    const newOnly = createFieldCipher(NEW);
    expect(after.map((v) => newOnly.decrypt(v))).toEqual(['123456789', ...ACCOUNTS]);
    // Run again: nothing to do.
    expect((await rotateFields(db, rotation)).map((c) => c.rotated)).toEqual([0, 0]);
  });
});
