#!/usr/bin/env node
// Payouts benchmark (`pnpm bench:payouts`): the real server on PostgreSQL, with 10,000
// artists (payees, tax forms, default accounts; some held back) and 1,000,000 order lines
// (250,000 orders in every status, a fifth of the paid lines already in live payments),
// bulk-loaded with generate_series. Times, as staff over HTTP:
//   - payments due: the first page with its total (GET /api/payment-due/?page=1&page_size=20)
//   - a payout preview (GET /api/payout-run/preview/)
// --runs times each (default 3), after one unmeasured warm-up, and prints the median and
// range. Figures only: it never fails on a timing (target ≤ 2 s each, docs/payouts.md).
//
//   --artists N   (default 10000)   --lines N   (default 1000000)   --runs N   (default 3)
//
// Drops and re-creates the database `atelier_bench_payouts` (BENCH_PAYOUTS_DATABASE;
// BENCH_DATABASE_URL is the admin connection, postgres://postgres@127.0.0.1:5432/postgres).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  SERVER_DIR,
  cleanup,
  freePort,
  installCleanupHandlers,
  onCleanup,
  startServer,
  table,
} from './lib/server.mjs';

const serverRequire = createRequire(path.join(SERVER_DIR, 'package.json'));
const DATABASE = process.env.BENCH_PAYOUTS_DATABASE || 'atelier_bench_payouts';
if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE)) throw new Error('BENCH_PAYOUTS_DATABASE: lower case');
const STAFF = { email: 'bench-staff@example.com', password: 'bench horse battery staple' };
const LINES_PER_ORDER = 4;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(3)} s`;

async function timed(label, fn) {
  const started = performance.now();
  const result = await fn();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** The bulk load, in one session: every row from generate_series, then ANALYZE. */
async function load(client, artists, lines) {
  const orders = Math.ceil(lines / LINES_PER_ORDER);
  const q = (text) => client.query(text);
  const base = async (table) =>
    Number((await client.query(`select coalesce(max(id), 0) as id from ${table}`)).rows[0].id);
  const bases = [];
  for (const table of [
    'users',
    'artists',
    'artist_profiles',
    'artist_identities',
    'payment_accounts',
    'projects',
    'orders',
    'order_lines',
  ]) {
    bases.push(await base(table));
  }
  const [user0, artist0, profile0, identity0, account0, project0, order0, line0] = bases;
  await timed(`${artists.toLocaleString('en-US')} artists with payees`, async () => {
    await q(`insert into users (id, email, name, password_hash)
      select ${user0} + n, 'bench-artist-' || n || '@example.com', 'Bench Artist ' || n, '!'
      from generate_series(1, ${artists}) n`);
    await q(`insert into artists (id, name, royalty_code, gaa_artist)
      select ${artist0} + n, 'Bench Artist ' || n, 'BA' || n, true
      from generate_series(1, ${artists}) n`);
    await q(`insert into artist_profiles (id, user_id, full_name, approved, artist_id)
      select ${profile0} + n, ${user0} + n, 'Bench Artist ' || n, true, ${artist0} + n
      from generate_series(1, ${artists}) n`);
    // Every 20th payee is not ACTIVATED yet; every 10th has no tax form; every 33rd account
    // is INVALID (and so not the default).
    await q(`insert into artist_identities
        (id, token, artist_profile_id, first_name, last_name, email, status)
      select ${identity0} + n, 'usr-' || gen_random_uuid(), ${profile0} + n, 'Bench', 'Artist ' || n,
             'bench-artist-' || n || '@example.com',
             case when n % 20 = 0 then 'PRE_ACTIVATED' else 'ACTIVATED' end
      from generate_series(1, ${artists}) n`);
    await q(`insert into artist_tax_forms (artist_profile_id, form, legal_name, address)
      select ${profile0} + n, 'W-9', 'Bench Artist ' || n, '{"country": "US"}'::jsonb
      from generate_series(1, ${artists}) n where n % 10 <> 0`);
    await q(`insert into payment_accounts (id, token, identity_id, type, is_default, status,
        account_holder, country, routing_number, number_encrypted, number_last4)
      select ${account0} + n, 'trm-' || gen_random_uuid(), ${identity0} + n, 'bank-accounts',
             n % 33 <> 0, case when n % 33 = 0 then 'INVALID' else 'ACTIVATED' end,
             'Bench Artist ' || n, 'US', '011000015', 'v1:bench', lpad((n % 10000)::text, 4, '0')
      from generate_series(1, ${artists}) n`);
  });
  await timed(`${orders.toLocaleString('en-US')} orders`, async () => {
    await q(`insert into projects (id, token, name, guest_email)
      select ${project0} + n, substr(md5('p' || n) || md5('q' || n), 1, 32), 'Bench order ' || n,
             'buyer@example.com'
      from generate_series(1, ${orders}) n`);
    // Statuses: 3 in 4 paid, in production or shipped; the rest placed, awaiting payment or
    // cancelled.
    await q(`insert into orders (id, order_id, token, project_id, email, status, payment_method,
        shipping_address, quantity, subtotal, volume_discount, volume_discount_rate, shipping,
        grand_total, created)
      select ${order0} + n, 5000000 + ${order0} + n, substr(md5('o' || n) || md5('r' || n), 1, 32),
             ${project0} + n, 'buyer@example.com',
             (array['paid', 'in production', 'shipped', 'paid', 'in production', 'shipped',
                    'paid', 'shipped', 'placed', 'awaiting payment', 'cancelled', 'paid'])[n % 12 + 1],
             'invoice', '{"name": "Buyer"}'::jsonb, 4, 40000, 0, 0, 0, 40000,
             now() - (n % 730) * interval '1 day'
      from generate_series(1, ${orders}) n`);
  });
  await timed(`${lines.toLocaleString('en-US')} order lines`, async () => {
    await q(`insert into order_lines (id, order_id, image_title, image_local_id, image_source,
        thumb, artist_id, artist_name, royalty_code, width, height, substrate, custom, quantity,
        unit_price, line_total, royalty_rate_bp, royalty)
      select ${line0} + n, ${order0} + ((n - 1) / ${LINES_PER_ORDER}) + 1, 'Bench work ' || n,
             'B' || n, 'INT', '/media/thumbs/none.jpg',
             ${artist0} + ((n::bigint * 7919) % ${artists})::integer + 1, 'Bench Artist', 'BA', 12, 8, 'print',
             false, 1, 10000, 10000, 2500, 100 + (n * 37) % 2900
      from generate_series(1, ${lines}) n`);
  });
  await timed('earlier payouts (a fifth of the paid lines, in live payments)', async () => {
    const run = await client.query(`insert into payout_runs (token, provider)
      values ('run-' || gen_random_uuid(), 'manual') returning id`);
    const runId = run.rows[0].id;
    await q(`insert into artist_payments (token, run_id, artist_id, identity_id,
        payment_account_id, amount, status, completed_on)
      select 'pay-' || gen_random_uuid(), ${runId}, ${artist0} + n, ${identity0} + n,
             ${account0} + n, 1, 'COMPLETED', now()
      from generate_series(1, ${artists}) n`);
    await q(`insert into artist_payment_lines (payment_id, order_line_id, amount)
      select p.id, ol.id, ol.royalty
      from order_lines ol
      join orders o on o.id = ol.order_id
      join artist_payments p on p.artist_id = ol.artist_id and p.run_id = ${runId}
      where o.status in ('paid', 'in production', 'shipped') and ol.id % 5 = 0`);
    await q(`update artist_payments p set amount = s.total
      from (select payment_id, sum(amount) as total from artist_payment_lines group by payment_id) s
      where s.payment_id = p.id`);
    await q(`update payout_runs set payment_count = ${artists},
      total = (select sum(amount) from artist_payments where run_id = ${runId}) where id = ${runId}`);
  });
  for (const t of [
    'users',
    'artists',
    'artist_profiles',
    'artist_identities',
    'payment_accounts',
    'projects',
    'orders',
    'order_lines',
  ]) {
    await q(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
  }
  // What autovacuum does to a table after a bulk load: statistics, and the visibility map
  // that lets the payout indexes (migration 0062) answer index-only.
  await timed('vacuum analyze', () => q('vacuum analyze'));
}

async function json(url, init = {}) {
  const response = await fetch(url, init);
  const body = await response.json().catch(() => null);
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      artists: { type: 'string', default: '10000' },
      lines: { type: 'string', default: '1000000' },
      runs: { type: 'string', default: '3' },
    },
  });
  const artists = Number(args.artists);
  const lines = Number(args.lines);
  const runs = Number(args.runs);
  installCleanupHandlers('bench-payouts');
  const pg = serverRequire('pg');
  const admin = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = new URL(admin);
  databaseUrl.pathname = `/${DATABASE}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  try {
    await adminClient.query(`drop database if exists ${DATABASE} with (force)`);
    await adminClient.query(`create database ${DATABASE}`);
  } finally {
    await adminClient.end();
  }

  const runDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-payouts-'));
  onCleanup(() => rmSync(runDir, { recursive: true, force: true }), { last: true });
  const port = await freePort(Number(process.env.BENCH_PORT) || 8194);
  console.log(
    `\n== Payouts on PostgreSQL (${databaseUrl}): ${artists.toLocaleString('en-US')} artists, ` +
      `${lines.toLocaleString('en-US')} order lines, ${runs} runs ==\n`,
  );
  const server = await startServer({
    port,
    dataDir: path.join(runDir, 'data'),
    logFile: path.join(runDir, 'server.log'),
    env: {
      DATABASE_URL: databaseUrl.toString(),
      DEMO_IMAGES: '0',
      WEB_CONCURRENCY: '1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '0',
    },
  });
  await json(`${server.url}/auth/users/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: STAFF.email, password: STAFF.password, name: 'Bench Staff' }),
  });
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  onCleanup(() => client.end().catch(() => undefined));
  await client.query(`update users set is_staff = true where email = '${STAFF.email}'`);
  await timed('bulk load', () => load(client, artists, lines));
  const { access } = await json(`${server.url}/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: STAFF.email, password: STAFF.password }),
  });
  const headers = { authorization: `JWT ${access}` };

  const measures = [
    {
      name: 'payments due, first page + total',
      url: `${server.url}/api/payment-due/?page=1&page_size=20`,
      check: (body) => `${body.count.toLocaleString('en-US')} artists due`,
    },
    {
      name: 'payout preview',
      url: `${server.url}/api/payout-run/preview/`,
      check: (body) =>
        `${body.payments.length.toLocaleString('en-US')} paid, ${body.held.length.toLocaleString('en-US')} held`,
    },
  ];
  const rows = [];
  for (const measure of measures) {
    await json(measure.url, { headers }); // warm-up, not measured
    const times = [];
    let note = '';
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      const body = await json(measure.url, { headers });
      times.push(performance.now() - started);
      note = measure.check(body);
    }
    rows.push([
      measure.name,
      seconds(median(times)),
      `${seconds(Math.min(...times))} – ${seconds(Math.max(...times))}`,
      note,
    ]);
  }
  console.log('');
  table(['request', 'median', 'range', 'answer'], rows);
  console.log('\nTarget: ≤ 2 s each (docs/payouts.md).');
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
