#!/usr/bin/env node
// Checkout benchmark (`pnpm bench:commerce`, also a phase of `pnpm bench`): buyers on the real
// server over HTTP, as browsers do it. Each buyer, in a loop: a guest session
// (GET /api/v2/profile/), a cart (POST /api/v2/projects/ with cart_email), three prints added
// (POST …/items/), and a checkout by purchase order (POST …/checkout/ with an Idempotency-Key).
//
// Prints orders per second, p50/p95/p99 of add-to-cart and of checkout, for each of --runs
// passes and their median and range. Figures only: it never fails on a timing.
//
//   --buyers N     concurrent buyers (default 16)
//   --seconds N    length of each pass (default 20)
//   --runs N       passes (default 3)
//   --images N     demo catalogue size (default 300)
//
// PostgreSQL: drops and re-creates the database `atelier_bench_commerce` (BENCH_COMMERCE_DATABASE;
// BENCH_DATABASE_URL is the admin connection) and runs the server on it with
// WEB_CONCURRENCY workers (BENCH_WORKERS, default one per core).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { requestJson } from './lib/http.mjs';
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
const DATABASE = process.env.BENCH_COMMERCE_DATABASE || 'atelier_bench_commerce';
if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE)) throw new Error('BENCH_COMMERCE_DATABASE: lower case');
const WORKERS = Number(process.env.BENCH_WORKERS) || os.availableParallelism();

let BUYERS = 16;
let SECONDS = 20;
let RUNS = 3;
let IMAGES = 300;

const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '—');
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** A JSON request (the body given as an object). */
const request = (agent, url, { method = 'GET', body, headers = {} } = {}) =>
  requestJson(agent, url, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const ADDRESS = {
  name: 'Bench Buyer',
  line1: '1 Gallery Way',
  city: 'Portland',
  region: 'OR',
  postal_code: '97201',
  country: 'US',
};

/** What a buyer can put in a cart: published images with their standard sizes. */
async function loadOffers(url, agent) {
  const search = await request(agent, `${url}/content/search/v3/?limit=60&sort=popular`);
  if (search.status !== 200) throw new Error(`search answered ${search.status}`);
  const offers = [];
  for (const card of search.body.images.slice(0, 60)) {
    const image = await request(agent, `${url}/api/images/${card.id}/`);
    if (image.status !== 200 || !image.body.published) continue;
    const size = image.body.substrate_sizes.find((s) => s.prices.print !== undefined);
    if (size) offers.push({ id: image.body.id, size: size.value });
  }
  if (offers.length === 0) throw new Error('no image to buy');
  return offers;
}

/** One buyer's loop until `deadline`: a cart, three adds, a checkout. */
async function buyer(url, offers, deadline, results, index) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const origin = { origin: url };
  let round = 0;
  while (performance.now() < deadline) {
    round += 1;
    // The first cart makes the guest's session (reads make none).
    const cart = await request(agent, `${url}/api/v2/projects/`, {
      method: 'POST',
      headers: origin,
      body: { cart_email: `buyer${index}.${round}@bench.example` },
    });
    if (cart.status !== 201) {
      results.errors.push(`create ${cart.status}`);
      continue;
    }
    const headers = { ...origin, cookie: String(cart.headers['set-cookie'] ?? '').split(';')[0] };
    const token = cart.body.token;
    for (let i = 0; i < 3; i += 1) {
      const offer = offers[(index * 7 + round * 3 + i) % offers.length];
      const add = await request(agent, `${url}/api/v2/projects/${token}/items/`, {
        method: 'POST',
        headers,
        body: { imagedata: offer.id, size: offer.size, substrate: 'print', action: 'add' },
      });
      if (add.status === 201) results.add.push(add.ms);
      else results.errors.push(`add ${add.status}`);
    }
    const checkout = await request(agent, `${url}/api/v2/projects/${token}/checkout/`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: {
        email: `buyer${index}.${round}@bench.example`,
        shipping_address: ADDRESS,
        payment_method: 'purchase_order',
        po_number: `PO-${index}-${round}`,
      },
    });
    if (checkout.status === 201) {
      results.checkout.push(checkout.ms);
      results.orders += 1;
    } else results.errors.push(`checkout ${checkout.status}`);
  }
  agent.destroy();
}

async function pass(url, offers) {
  const results = { add: [], checkout: [], orders: 0, errors: [] };
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: BUYERS }, (_, i) => buyer(url, offers, deadline, results, i)),
  );
  const seconds = (performance.now() - started) / 1000;
  const add = [...results.add].sort((a, b) => a - b);
  const checkout = [...results.checkout].sort((a, b) => a - b);
  return {
    ordersPerSecond: results.orders / seconds,
    orders: results.orders,
    adds: add.length,
    addP50: percentile(add, 0.5),
    addP95: percentile(add, 0.95),
    addP99: percentile(add, 0.99),
    checkoutP50: percentile(checkout, 0.5),
    checkoutP95: percentile(checkout, 0.95),
    checkoutP99: percentile(checkout, 0.99),
    errors: results.errors,
  };
}

/** The whole benchmark; `argv` as on the command line. */
export async function runCommerceBench(argv = []) {
  const { values: args } = parseArgs({
    args: argv,
    options: {
      buyers: { type: 'string', default: String(BUYERS) },
      seconds: { type: 'string', default: String(SECONDS) },
      runs: { type: 'string', default: String(RUNS) },
      images: { type: 'string', default: String(IMAGES) },
    },
  });
  BUYERS = Number(args.buyers);
  SECONDS = Number(args.seconds);
  RUNS = Number(args.runs);
  IMAGES = Number(args.images);
  installCleanupHandlers('bench-commerce');
  const pg = serverRequire('pg');
  const admin = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = new URL(admin);
  databaseUrl.pathname = `/${DATABASE}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`drop database if exists ${DATABASE} with (force)`);
    await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }

  const runDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-commerce-'));
  onCleanup(() => rmSync(runDir, { recursive: true, force: true }), { last: true });
  const port = await freePort(Number(process.env.BENCH_PORT) || 8193);
  console.log(
    `\n== Checkout on PostgreSQL (${databaseUrl}): ${BUYERS} buyers, ${RUNS} × ${SECONDS} s, ` +
      `${WORKERS} workers, ${IMAGES} demo images ==\n`,
  );
  const server = await startServer({
    port,
    dataDir: path.join(runDir, 'data'),
    logFile: path.join(runDir, 'server.log'),
    env: {
      DATABASE_URL: databaseUrl.toString(),
      DEMO_IMAGES: String(IMAGES),
      WEB_CONCURRENCY: String(WORKERS),
      LOG_LEVEL: 'warn',
      // Every buyer comes from 127.0.0.1, at far more new carts a minute than one person
      // makes: the per-address limits would measure themselves, not checkout.
      AUTH_RATE_LIMIT: '0',
    },
  });
  const warmAgent = new http.Agent({ keepAlive: true });
  const offers = await loadOffers(server.url, warmAgent);
  warmAgent.destroy();
  // Warm-up: connections and the server's JIT, not measured.
  const warmup = { add: [], checkout: [], orders: 0, errors: [] };
  const warmDeadline = performance.now() + 3_000;
  await Promise.all(
    Array.from({ length: 4 }, (_, i) => buyer(server.url, offers, warmDeadline, warmup, 900 + i)),
  );

  const rows = [];
  const passes = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const result = await pass(server.url, offers);
    passes.push(result);
    rows.push([
      `run ${run}`,
      result.ordersPerSecond.toFixed(1),
      result.orders,
      result.adds,
      ms(result.addP50),
      ms(result.addP95),
      ms(result.addP99),
      ms(result.checkoutP50),
      ms(result.checkoutP95),
      ms(result.checkoutP99),
      result.errors.length,
    ]);
    if (result.errors.length > 0) {
      const counts = {};
      for (const error of result.errors) counts[error] = (counts[error] ?? 0) + 1;
      console.log(`run ${run} errors: ${JSON.stringify(counts)}`);
    }
  }
  table(
    [
      'pass',
      'orders/s',
      'orders',
      'adds',
      'add p50',
      'add p95',
      'add p99',
      'checkout p50',
      'checkout p95',
      'checkout p99',
      'errors',
    ],
    rows,
  );
  const pick = (key) => passes.map((p) => p[key]);
  const range = (key, digits = 1) =>
    `${median(pick(key)).toFixed(digits)} (range ${Math.min(...pick(key)).toFixed(digits)}–${Math.max(...pick(key)).toFixed(digits)})`;
  console.log(
    `\ncheckout: ${range('ordersPerSecond')} orders/s with ${BUYERS} concurrent buyers; ` +
      `add-to-cart p95 ${range('addP95')} ms (target ≤ 100); ` +
      `checkout p95 ${range('checkoutP95')} ms (target ≤ 300)  [median of ${RUNS} passes; ms]`,
  );
  await server.stop();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runCommerceBench(process.argv.slice(2))
    .catch((error) => {
      console.error(`bench-commerce: ${error.stack || error}`);
      process.exitCode = 1;
    })
    .finally(() => cleanup());
}
