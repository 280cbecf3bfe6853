/** Helpers for payout tests: artists with payees, and orders with lines (test code only). */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB, OrderStatus } from '../../db/schema';
import type { FieldCipher } from '../../lib/field-encryption';

export interface PayeeSetup {
  /** false: the artist has no portal profile/identity at all. */
  identity?: boolean;
  identityStatus?: 'PRE_ACTIVATED' | 'ACTIVATED' | 'LOCKED' | 'FROZEN' | 'DE_ACTIVATED';
  taxForm?: boolean;
  /** The default account's status; null: the payee has no account. */
  account?: 'ACTIVATED' | 'VERIFIED' | 'INVALID' | 'DE_ACTIVATED' | null;
  /** Keep the account but not as the default. */
  notDefault?: boolean;
}

export interface TestArtist {
  id: number;
  name: string;
  royaltyCode: string;
  accountId: number | null;
  accountToken: string | null;
  identityToken: string | null;
  accountNumber: string;
}

const token32 = () => randomBytes(24).toString('base64url');

/** An artist, and (as asked) their portal profile, payee identity, tax form and account. */
export async function insertArtist(
  db: Kysely<DB>,
  cipher: FieldCipher,
  name: string,
  setup: PayeeSetup = {},
): Promise<TestArtist> {
  const code = `T${randomBytes(5).toString('hex')}`;
  const artist = await db
    .insertInto('artists')
    .values({ name, royalty_code: code, gaa_artist: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const result: TestArtist = {
    id: artist.id,
    name,
    royaltyCode: code,
    accountId: null,
    accountToken: null,
    identityToken: null,
    accountNumber: String(10_000_000 + Math.floor(Math.random() * 80_000_000)),
  };
  if (setup.identity === false) return result;
  const user = await db
    .insertInto('users')
    .values({ email: `${code.toLowerCase()}@example.com`, password_hash: '!', name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const profile = await db
    .insertInto('artist_profiles')
    .values({ user_id: user.id, full_name: name, approved: true, artist_id: artist.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const identityToken = `usr-${randomUUID()}`;
  const identity = await db
    .insertInto('artist_identities')
    .values({
      token: identityToken,
      artist_profile_id: profile.id,
      first_name: name.split(' ')[0] ?? name,
      last_name: name.split(' ').slice(1).join(' ') || 'Artist',
      email: `${code.toLowerCase()}@example.com`,
      status: setup.identityStatus ?? 'ACTIVATED',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  result.identityToken = identityToken;
  if (setup.taxForm !== false) {
    await db
      .insertInto('artist_tax_forms')
      .values({
        artist_profile_id: profile.id,
        form: 'W-9',
        legal_name: name,
        address: JSON.stringify({ line1: '1 Main St', city: 'Springfield', country: 'US' }),
        tin_type: 'SSN',
        tin_encrypted: cipher.encrypt('123456789'),
        tin_last4: '6789',
      })
      .execute();
  }
  if (setup.account !== null) {
    const status = setup.account ?? 'ACTIVATED';
    const accountToken = `trm-${randomUUID()}`;
    const account = await db
      .insertInto('payment_accounts')
      .values({
        token: accountToken,
        identity_id: identity.id,
        type: 'bank-accounts',
        is_default: !setup.notDefault && status !== 'INVALID' && status !== 'DE_ACTIVATED',
        status,
        account_holder: name,
        country: 'US',
        routing_number: '011000015',
        number_encrypted: cipher.encrypt(result.accountNumber),
        number_last4: result.accountNumber.slice(-4),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    result.accountId = account.id;
    result.accountToken = accountToken;
  }
  return result;
}

/** An order in `status` with one line per given artist royalty; answers the line ids. */
export async function insertOrder(
  db: Kysely<DB>,
  status: OrderStatus,
  lines: readonly { artist: TestArtist; royalty: number; quantity?: number }[],
): Promise<{ orderId: number; lineIds: number[] }> {
  const project = await db
    .insertInto('projects')
    .values({ token: token32(), name: 'Payout test', guest_email: 'buyer@example.com' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subtotal = lines.reduce((sum, line) => sum + line.royalty * 4, 0);
  const order = await db
    .insertInto('orders')
    .values({
      order_id: sql<number>`nextval('order_numbers')`,
      token: token32(),
      project_id: project.id,
      email: 'buyer@example.com',
      status,
      payment_method: 'invoice',
      shipping_address: JSON.stringify({ name: 'Buyer', line1: '1 Main St' }),
      quantity: lines.reduce((sum, line) => sum + (line.quantity ?? 1), 0),
      subtotal,
      volume_discount: 0,
      volume_discount_rate: 0,
      shipping: 0,
      grand_total: subtotal,
    })
    .returning(['id', 'order_id'])
    .executeTakeFirstOrThrow();
  const lineIds: number[] = [];
  for (const line of lines) {
    const row = await db
      .insertInto('order_lines')
      .values({
        order_id: order.id,
        image_title: `Work of ${line.artist.name}`,
        image_local_id: `L${randomBytes(3).toString('hex')}`,
        image_source: 'INT',
        thumb: '/media/thumbs/none.jpg',
        artist_id: line.artist.id,
        artist_name: line.artist.name,
        royalty_code: line.artist.royaltyCode,
        width: 12,
        height: 8,
        substrate: 'print',
        custom: false,
        quantity: line.quantity ?? 1,
        unit_price: line.royalty * 4,
        line_total: line.royalty * 4 * (line.quantity ?? 1),
        royalty_rate_bp: 2500,
        royalty: line.royalty,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    lineIds.push(row.id);
  }
  return { orderId: order.order_id, lineIds };
}

/** Forgets every order and payout (the artists stay). */
export async function clearMoney(db: Kysely<DB>): Promise<void> {
  await sql`DELETE FROM account_number_reads`.execute(db);
  await sql`DELETE FROM artist_payment_lines`.execute(db);
  await sql`DELETE FROM artist_payments`.execute(db);
  await sql`DELETE FROM payout_runs`.execute(db);
  await sql`DELETE FROM order_lines`.execute(db);
  await sql`DELETE FROM order_status_history`.execute(db);
  await sql`DELETE FROM checkout_keys`.execute(db);
  await sql`DELETE FROM orders`.execute(db);
}
