#!/usr/bin/env node
// Search at scale, printed only (never fails on a timing):
//  1. PostgreSQL: drops and re-creates the database `atelier_bench`, loads N synthetic images
//     (default 1,000,000) with the bulk loader (tools/demo/src/synthetic.ts),
//     starts the real server on it and runs a fixed mixed set of searches over HTTP, 16 at a
//     time: words, phrases, any-of, exclusions, artist names, local ids, every filter and
//     facet, all three sorts, deep offsets. Twice: "first" (every search new to the server,
//     so its counts and facets are computed) and "again" (the same searches: counts and
//     facets come from the server's cache, pages are still queried). Prints p50/p95/p99,
//     searches per second, the CPU milliseconds a search cost the server's processes and
//     this client, and EXPLAIN (ANALYZE, BUFFERS) of the slowest search's SQL.
//     Then, with writes (PostgreSQL; `--skip-writes` leaves it out): the same searches again
//     twice, quiet and while visitors mark images popular 50 times a second
//     (PATCH /content/edit/{id}/ {"popular": true}, each from its own session and client
//     address), and while another connection writes 50 bumps a second in one UPDATE a
//     second as the recorder does, and while shoppers add 50 prints a second to their carts
//     (POST /api/v2/projects/{token}/items/); prints p95 of each and their ratios: popularity reaches
//     the index in batches and must cost searches nothing measurable.
//  2. PGlite: the same with 100,000 images (--pglite-images; the target is set at 1,000,000)
//     in a temporary DATA_DIR, loaded through PGlite (or kept: --pglite-data).
//
// Usage: node scripts/bench-search.mjs [--images N] [--pglite-images N] [--concurrency N]
//          [--skip-postgres] [--skip-pglite] [--with-writes | --skip-writes]
//          [--pglite-data DIR] [--keep-database] [--skip-explain]
// --skip-explain leaves out the EXPLAIN of the slowest search (it builds the index once more
// in this process: minutes at a million images on a busy machine).
// --keep-database: when BENCH_DATABASE already holds --images images (a bench's earlier
// load), it is searched as it is instead of dropped and loaded again.
// --pglite-data keeps PGlite's data directory (DIR/pglite, pictures in DIR/media) between
// runs: the catalogue is loaded once, when DIR holds no images yet (a million images load
// through PGlite's one thread in a quarter of an hour or more); a later run searches it as
// it is. Without it the catalogue is loaded into a temporary directory and removed.
// Env: BENCH_DATABASE_URL (an admin connection; default postgres://postgres@127.0.0.1:5432/postgres),
//      BENCH_DATABASE (the database dropped and re-created for the run; default atelier_bench),
//      BENCH_SEARCH_IMAGES, BENCH_SEARCH_PGLITE_IMAGES (the defaults of the two sizes),
//      BENCH_WORKERS (the PostgreSQL server's WEB_CONCURRENCY; default one per core).
// `pnpm bench:search` runs this alone; `pnpm bench` runs it after its other figures.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { requestJson } from './lib/http.mjs';
import { machineSpeedLine, processGroupCpuMs } from './lib/machine.mjs';
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
const DEMO_DIR = path.join(SERVER_DIR, '..', '..', 'tools', 'demo');
const DEMO_DATA_DIR = path.join(SERVER_DIR, '..', '..', 'tools', 'demo-data');
const BENCH_DATABASE = process.env.BENCH_DATABASE || 'atelier_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DATABASE))
  throw new Error('BENCH_DATABASE: a lower-case name');
const PICTURES = 12;

/** A TypeScript module of the server (CommonJS), required through tsx's require hook. */
let tsxRegistered = false;
export async function serverModule(relative) {
  if (!tsxRegistered) {
    serverRequire('tsx/cjs/api').register();
    tsxRegistered = true;
  }
  return serverRequire(path.join(SERVER_DIR, relative));
}

/** A TypeScript module of @atelier/demo (tools/demo: the EXPLAIN harness). */
async function demoModule(relative) {
  await serverModule('package.json'); // registers tsx
  return serverRequire(path.join(DEMO_DIR, relative));
}

/** A TypeScript module of @atelier/demo-data (tools/demo-data: the generators, the bulk loader). */
export async function demoDataModule(relative) {
  await serverModule('package.json'); // registers tsx
  return serverRequire(path.join(DEMO_DATA_DIR, relative));
}

const int = (value, fallback) => {
  if (value === undefined || value === '') return fallback;
  const n = Number(String(value).replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new Error(`not a whole number: ${value}`);
  return n;
};

/** HTTP workers of the PostgreSQL server (WEB_CONCURRENCY): one per core, as deployed. */
const WORKERS = Math.max(1, int(process.env.BENCH_WORKERS, os.availableParallelism()));

const ms = (value) => value.toFixed(1);

function percentile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

// ---------------------------------------------------------------------------------------
// Pictures: a small pool of real files that every synthetic image points at.
export async function makePictures(mediaDir) {
  const { createPlanner } = await demoDataModule('src/plan.ts');
  const { renderMaster } = await demoDataModule('src/render.ts');
  const sharp = serverRequire('sharp');
  const planner = createPlanner({ seed: 7 });
  const pictures = [];
  for (let i = 0; pictures.length < PICTURES && i < 500; i++) {
    const picture = planner.picture(i);
    if (picture.sizeClass !== 'standard') continue;
    const name = `bench-${String(i).padStart(3, '0')}.jpg`;
    const masterPath = `originals/bench/${name}`;
    const thumbPath = `thumbs/bench/${name}`;
    mkdirSync(path.join(mediaDir, 'originals', 'bench'), { recursive: true });
    mkdirSync(path.join(mediaDir, 'thumbs', 'bench'), { recursive: true });
    await renderMaster(picture, path.join(mediaDir, masterPath));
    const thumb = await sharp(path.join(mediaDir, masterPath))
      .resize({ height: 400 })
      .jpeg({ quality: 78 })
      .toFile(path.join(mediaDir, thumbPath));
    pictures.push({ masterPath, thumbPath, thumbWidth: thumb.width, thumbHeight: thumb.height });
  }
  return pictures;
}

// ---------------------------------------------------------------------------------------
// The fixed workload: the same searches in the same order on every run.
export async function buildWorkload(db, sql) {
  const { longTailWord } = await demoDataModule('src/synthetic.ts');
  const sample = async (query) => (await query.execute(db)).rows;
  const localIds = (
    await sample(sql`select local_id from images where published order by id limit 3 offset 1234`)
  ).map((r) => r.local_id);
  const [artist] = await sample(sql`
    select a.name, a.royalty_code from artists a
    where exists (select 1 from images i where i.artist_id = a.id and i.published)
    order by a.id limit 1 offset 3`);
  const words = [
    // words in a tenth of the catalogue or more
    'landscape',
    'nature',
    'city',
    'flowers',
    'abstract',
    'ocean',
    // in about one percent
    'heron',
    'lighthouse',
    'magnolia',
    'skyline',
    'dunes',
    // the long tail
    longTailWord(40),
    longTailWord(3000),
    longTailWord(12000),
    longTailWord(29000),
    // several words
    'city night',
    'sea boats',
    'garden bloom',
    'quiet harbour fog',
  ];
  const syntax = [
    '"quiet harbour"',
    '"oil on canvas"',
    '"the lighthouse"',
    '"still life"',
    'heron|lighthouse',
    'tulips|peonies|orchid',
    'sunset|sunrise beach',
    'landscape -sunset',
    'city -night',
    'flowers -garden',
    '-abstract',
    `"${artist.name}"`,
    ...localIds,
    '',
    '',
  ];
  const filters = [
    '',
    'colours=red',
    'colours=pastel',
    'image_type=photography&people=true',
    'orientation=panoramic,square',
    'substrate=mural',
    'price=4',
    'price=1,2&orientation=vertical',
    'minimum_size=xx_large',
    'minimum_size=large&substrate=acrylic',
    'sources=GET,GETRM',
    'api=internal',
    'api=external',
    `royalty_code=${artist.royalty_code}`,
    'colours=blue,green&price=3&image_type=fine%20art',
    'colours=black%20and%20white&minimum_size=x_large&people=false',
  ];
  const sorts = ['newest', 'best_match', 'popular'];
  const offsets = [500, 2000, 5000, 9900];
  const searches = [];
  const queries = [...words, ...syntax];
  let n = 0;
  for (let round = 0; round < 6; round++) {
    for (let i = 0; i < queries.length; i++) {
      const q = queries[i];
      const filter = filters[(i * 5 + round * 3) % filters.length];
      const sort = sorts[(i + round) % sorts.length];
      const offset = n % 7 === 6 ? offsets[Math.floor(n / 7) % offsets.length] : 0;
      const parts = [];
      if (q) parts.push(`q=${encodeURIComponent(q)}`);
      if (filter) parts.push(filter);
      parts.push(`sort=${sort}`);
      if (offset) parts.push(`offset=${offset}`);
      searches.push(parts.join('&'));
      n += 1;
    }
  }
  return searches;
}

const STOP_WORDS = new Set(['a', 'an', 'and', 'in', 'of', 'on', 'the']);

/** Long-tail words the workload uses (buildWorkload): the warm-up never does. */
const WORKLOAD_LONG_TAIL = new Set([40, 3000, 12000, 29000]);

/**
 * Warm-up searches: each search of the workload in the same shape (syntax, filters, sort,
 * offset) with every word of its q replaced by a stand-in the workload never uses, a word
 * always by the same one (a search without words gets one): a catalogue word (a theme's
 * keyword, in thousands of images) for a catalogue word, a long-tail word for any other
 * but a stop word.
 * A server that has run for a while has compiled the code of every kind of search, for
 * common words and rare ones; this one has too before the measured passes, and no measured
 * search is answered early (its words, counts and pages are all new to the server).
 */
export async function buildWarmup(searches) {
  const { longTailWord } = await demoDataModule('src/synthetic.ts');
  const { THEMES } = await demoDataModule('src/words.ts');
  const wordsOf = (text) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const used = new Set(
    searches.flatMap((search) => wordsOf(new URLSearchParams(search).get('q') ?? '')),
  );
  const catalogueWords = new Set(
    THEMES.flatMap((theme) => [...theme.keywords, ...theme.nouns].flatMap(wordsOf)),
  );
  const common = [...catalogueWords].filter((word) => !used.has(word));
  const stand = new Map();
  let rare = 0;
  const standIn = (word) => {
    const key = word.toLowerCase();
    // Stop words stay: they shape phrases ('oil on canvas') and match nothing themselves.
    if (STOP_WORDS.has(key)) return word;
    if (!stand.has(key)) {
      if (catalogueWords.has(key) && common.length > 0) {
        stand.set(key, common[stand.size % common.length]);
      } else {
        let k = 7 + rare * 53;
        while (WORKLOAD_LONG_TAIL.has(k)) k += 1;
        rare += 1;
        stand.set(key, longTailWord(k));
      }
    }
    return stand.get(key);
  };
  return searches.map((search) => {
    const params = new URLSearchParams(search);
    // A search without words gets one: the same filters alone would be answered early.
    const q = params.get('q') || '*';
    params.set('q', q === '*' ? standIn('*') : q.replace(/[\p{L}\p{N}]+/gu, standIn));
    return params.toString();
  });
}

/**
 * One GET, its whole body read but left compressed as a browser receives it: decompressing
 * (as fetch does) cost the benchmark's client a CPU millisecond per search, taken from the
 * server it shares the machine with. Resolves to the status, -1 when the request failed.
 */
function get(agent, url) {
  return new Promise((resolve) => {
    const request = http.get(
      url,
      { agent, headers: { 'accept-encoding': 'br, gzip' } },
      (response) => {
        // 'close' also comes when the connection breaks mid-body: then it is incomplete.
        response.on('error', () => resolve(-1));
        response.on('close', () => resolve(response.complete ? (response.statusCode ?? 0) : -1));
        response.resume();
      },
    );
    request.on('error', () => resolve(-1));
  });
}

/**
 * `count` clients, each with one keep-alive connection of its own, opened one after another
 * (a search each, on a word no workload search uses): node's cluster hands a new connection
 * to the next worker free to take it, so connections opened in turn are shared out evenly
 * (8 and 8 for 16 clients on 2 workers). Opened all at once, a worker still busy with the
 * first handshakes got 7 and the other 9: that worker's clients then queued behind more
 * searches, and the split changed from run to run.
 */
export async function openClients(url, count) {
  const clients = [];
  for (let i = 0; i < count; i++) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await get(agent, `${url}/content/search/v3/?q=benchclient${i}&limit=1`);
    clients.push(agent);
  }
  return clients;
}

/**
 * The searches, `concurrency` at a time: over `clients` (openClients: client k sends its
 * searches over its own connection) when given, else over a new agent's keep-alive
 * connections, closed at the end.
 */
export async function runPass(url, searches, concurrency, clients = null) {
  const timings = [];
  let next = 0;
  let errors = 0;
  const own = clients === null;
  const shared = own ? new http.Agent({ keepAlive: true, maxSockets: concurrency }) : null;
  const started = performance.now();
  const worker = async (k) => {
    const agent = shared ?? clients[k % clients.length];
    while (next < searches.length) {
      const search = searches[next++];
      const t = performance.now();
      const status = await get(agent, `${url}/content/search/v3/?${search}`);
      const elapsed = performance.now() - t;
      if (status !== 200) errors += 1;
      timings.push({ search, ms: elapsed, status });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, k) => worker(k)));
  const seconds = (performance.now() - started) / 1000;
  shared?.destroy();
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  return {
    timings,
    errors,
    seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1],
    perSecond: timings.length / seconds,
  };
}

/** Popularity bumps a second during the pass with writes. */
const BUMPS_PER_SECOND = 50;
/** Visitors (a session and a client address each) sending them. */
const BUMP_VISITORS = 400;
/** Guest carts the add-to-cart writes go to (the first visitors', one each). */
const CART_SHOPPERS = 100;

function request(agent, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve) => {
    const req = http.request(url, { agent, method, headers }, (response) => {
      response.on('error', () => resolve({ status: -1, headers: {} }));
      response.on('close', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers }),
      );
      response.resume();
    });
    req.on('error', () => resolve({ status: -1, headers: {} }));
    req.end(body);
  });
}

/** A pass with writes lasts at least this long (the workload repeated), so that it spans batches. */
const WRITES_PASS_SECONDS = 8;

/**
 * The searches three more times (counts already cached by `measure`'s passes), each pass
 * the workload repeated to last WRITES_PASS_SECONDS: quiet; while BUMPS_PER_SECOND
 * {"popular": true} arrive over HTTP (BUMP_VISITORS visitors, each with its session and
 * address: the server trusts X-Forwarded-For, as behind a load balancer, so the
 * per-client limit is not what is measured), for random images of the first `images`
 * ids; and while another process writes BUMPS_PER_SECOND bumps a second directly, one
 * statement a second as the recorder does (the index's own cost, without the requests').
 */
async function measureWithWrites(url, searches, concurrency, images, databaseUrl) {
  const clients = await openClients(url, concurrency);
  const writer = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const visitors = [];
  for (let i = 0; i < BUMP_VISITORS; i++) {
    const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`;
    // A guest's session comes with their first cart (reads make none): each visitor has one.
    const res = await requestJson(writer, `${url}/api/v2/projects/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': address },
      body: JSON.stringify({ cart_email: `visitor${i}@bench.example` }),
    });
    const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0];
    if (res.status !== 201 || !cookie.startsWith('sessionid=')) {
      throw new Error(`no guest cart and session (${res.status})`);
    }
    visitors.push({ address, cookie, token: res.body.token });
  }
  // Shoppers: the first visitors, with their carts; images they can add with a standard size.
  const shoppers = visitors.slice(0, CART_SHOPPERS);
  const offers = [];
  for (let i = 0; offers.length < 100 && i < 400; i++) {
    const id = 1 + Math.floor(((i * 2654435761) >>> 0) % images);
    const res = await requestJson(writer, `${url}/api/images/${id}/`);
    const size = res.body?.published
      ? res.body.substrate_sizes.find((s) => s.prices.print !== undefined)
      : undefined;
    if (size) offers.push({ id, size: size.value });
  }
  if (offers.length === 0) throw new Error('no image to add to a cart');
  const warm = await runPass(url, await buildWarmup(searches), concurrency, clients);
  const once = await runPass(url, searches, concurrency, clients);
  const repeats = Math.min(50, Math.max(1, Math.ceil(WRITES_PASS_SECONDS / once.seconds)));
  const workload = Array.from({ length: repeats }, () => searches).flat();
  void warm;
  const quiet = await runPass(url, workload, concurrency, clients);

  let random = 12345;
  const next = () => (random = (Math.imul(random, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  /** Runs the pass while `write(n)` is called on schedule, `perTick` at a time. */
  const whileWriting = async (write, everyMs, perTick) => {
    const inFlight = new Set();
    const latencies = [];
    const statuses = new Map();
    let sent = 0;
    const started = performance.now();
    const timer = setInterval(() => {
      const due = Math.floor((performance.now() - started) / everyMs) * perTick;
      while (sent < due) {
        const n = Math.min(perTick, due - sent);
        sent += n;
        const t = performance.now();
        const p = write(n)
          .then((status) => {
            latencies.push(performance.now() - t);
            statuses.set(status, (statuses.get(status) ?? 0) + n);
          })
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
    }, 5);
    let pass;
    try {
      pass = await runPass(url, workload, concurrency, clients);
    } finally {
      clearInterval(timer);
    }
    const seconds = (performance.now() - started) / 1000;
    await Promise.all([...inFlight]);
    latencies.sort((a, b) => a - b);
    return {
      pass,
      sent,
      perSecond: sent / seconds,
      statuses: Object.fromEntries([...statuses].sort(([a], [b]) => String(a).localeCompare(b))),
      p95: percentile(latencies, 0.95),
    };
  };

  // 1. Over HTTP, one request each, on schedule whatever the server's latency.
  const http50 = await whileWriting(
    async () => {
      const visitor = visitors[Math.floor(next() * visitors.length)];
      const id = 1 + Math.floor(next() * images);
      const res = await request(writer, `${url}/content/edit/${id}/`, {
        method: 'PATCH',
        headers: {
          'content-type': 'application/json',
          cookie: visitor.cookie,
          'x-forwarded-for': visitor.address,
        },
        body: '{"popular":true}',
      });
      return res.status;
    },
    1000 / BUMPS_PER_SECOND,
    1,
  );
  // 2. Add-to-carts over HTTP (each one also bumps the image's popularity through the
  //    server's batching recorder), on schedule whatever the server's latency.
  const carts50 = await whileWriting(
    async () => {
      const shopper = shoppers[Math.floor(next() * shoppers.length)];
      const offer = offers[Math.floor(next() * offers.length)];
      const res = await request(writer, `${url}/api/v2/projects/${shopper.token}/items/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: shopper.cookie,
          origin: url,
          'x-forwarded-for': shopper.address,
        },
        body: JSON.stringify({
          imagedata: offer.id,
          size: offer.size,
          substrate: 'print',
          action: 'add',
        }),
      });
      return res.status;
    },
    1000 / BUMPS_PER_SECOND,
    1,
  );
  // 3. Directly: a second's bumps in one statement, as the recorder writes them.
  const pg = serverRequire('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let sql50;
  try {
    sql50 = await whileWriting(
      async (n) => {
        const ids = Array.from({ length: n }, () => 1 + Math.floor(next() * images));
        await client.query(
          `update images set popularity = popularity + v.by
           from unnest($1::int[], $2::int[]) as v(id, by) where images.id = v.id`,
          [ids, ids.map(() => 1)],
        );
        return 'update';
      },
      1000,
      BUMPS_PER_SECOND,
    );
  } finally {
    await client.end();
  }
  for (const client of clients) client.destroy();
  writer.destroy();
  for (const [label, w] of [
    ['HTTP {"popular": true}', http50],
    ['HTTP add to cart', carts50],
    ['batched UPDATE', sql50],
  ]) {
    console.log(
      `\nwith writes (${label}): ${w.sent} bumps (${w.perSecond.toFixed(1)}/s; ` +
        `${JSON.stringify(w.statuses)}; their p95 ${ms(w.p95)} ms); ${workload.length} ` +
        `searches p95 quiet ${ms(quiet.p95)} ms, with writes ${ms(w.pass.p95)} ms: ` +
        `ratio ${(w.pass.p95 / quiet.p95).toFixed(2)}`,
    );
  }
  return { quiet, http: http50, carts: carts50, sql: sql50 };
}

/**
 * A pass (`run`) with the CPU it cost, per search: the server's (its process group, every
 * worker) and this client's own, which shares the machine's cores with it. Latency moves
 * with the machine's speed and with the queue; CPU a search is what the code costs.
 */
async function withCpu(run, serverGroup) {
  const server = processGroupCpuMs(serverGroup);
  const client = process.cpuUsage();
  const pass = await run();
  const clientUsed = process.cpuUsage(client);
  const serverAfter = processGroupCpuMs(serverGroup);
  const searches = Math.max(1, pass.timings.length);
  return {
    ...pass,
    serverCpuMs: server === null || serverAfter === null ? null : (serverAfter - server) / searches,
    clientCpuMs: (clientUsed.user + clientUsed.system) / 1000 / searches,
  };
}

async function measure(label, url, searches, concurrency, serverGroup) {
  // The passes share the warm-up's connections, as a browser keeps its own: a pass times
  // searches, not the opening of 16 connections at once (which alone held the first
  // searches of a pass for up to 300 ms). One per client, opened in turn (openClients).
  const clients = await openClients(url, concurrency);
  // Warm-up: connections, JIT of the server's code; not the workload's searches.
  await runPass(url, await buildWarmup(searches), concurrency, clients);
  const first = await withCpu(() => runPass(url, searches, concurrency, clients), serverGroup);
  const again = await withCpu(() => runPass(url, searches, concurrency, clients), serverGroup);
  for (const client of clients) client.destroy();
  const slowest = [...first.timings].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(`\n${label}: the 5 slowest searches of the first pass`);
  for (const t of slowest) console.log(`  ${ms(t.ms).padStart(8)} ms  ${t.search}`);
  return { first, again, slowest: slowest[0] };
}

function printPlans(statements) {
  for (const [i, statement] of statements.entries()) {
    const params = JSON.stringify(statement.parameters, (_, v) =>
      Array.isArray(v) && v.length > 12 ? [...v.slice(0, 12), `… ${v.length - 12} more`] : v,
    );
    console.log(
      `\n-- statement ${i + 1} (${ms(statement.ms)} ms in the search)\n` +
        `${statement.sql.replace(/\s+/g, ' ').trim()}\n-- parameters: ${params}`,
    );
    for (const line of statement.plan) console.log(`   ${line}`);
  }
}

function loadAverage() {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

// ---------------------------------------------------------------------------------------
/** Images in the bench database when it exists and has them (0 otherwise). */
async function imagesInDatabase(pg, databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from images');
    return rows[0]?.n ?? 0;
  } catch {
    return 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function postgresBench({ images, concurrency, runDir, withWrites, keepDatabase, explain }) {
  const pg = serverRequire('pg');
  const admin = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(admin);
  url.pathname = `/${BENCH_DATABASE}`;
  const databaseUrl = url.toString();
  console.log(
    `\n== Search on PostgreSQL: ${images.toLocaleString('en')} images (${databaseUrl}), ` +
      `${WORKERS} workers ==\n`,
  );

  // --keep-database: a database already holding this many images is searched as it is.
  const kept = keepDatabase && (await imagesInDatabase(pg, databaseUrl)) === images;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    if (!kept) await client.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    if (!kept) await client.query(`create database ${BENCH_DATABASE}`);
    // Settings for a search database (docs/search.md): JIT compiles a big query for tens of
    // milliseconds, the wrong trade for short searches; bitmaps of common words need more
    // than the default 4 MB of work_mem to stay exact (lossy ones recheck whole pages).
    await client.query(`alter database ${BENCH_DATABASE} set jit = off`);
    await client.query(`alter database ${BENCH_DATABASE} set work_mem = '32MB'`);
    const settings = await client.query(
      `select name, setting, unit from pg_settings where name in
        ('server_version', 'shared_buffers', 'work_mem', 'effective_cache_size',
         'random_page_cost', 'max_parallel_workers_per_gather') order by name`,
    );
    console.log(
      'server: ' +
        settings.rows.map((r) => `${r.name}=${r.setting}${r.unit ? ` ${r.unit}` : ''}`).join(', ') +
        '; for the database: jit=off, work_mem=32MB',
    );
  } finally {
    await client.end();
  }

  const { openPostgres } = await serverModule('src/db/client.ts');
  const { migrate } = await serverModule('src/db/migrate.ts');
  const { loadSyntheticCatalogue } = await demoDataModule('src/synthetic.ts');
  const { sql } = serverRequire('kysely');
  const dataDir = path.join(runDir, 'postgres');
  const pictures = await makePictures(path.join(dataDir, 'media'));
  const database = await openPostgres(databaseUrl, { max: 4 });
  let load;
  let searches;
  try {
    await migrate(database.db);
    if (kept) {
      console.log(`kept database ${BENCH_DATABASE}: ${images.toLocaleString('en')} images`);
      load = { seconds: 0 };
    } else {
      load = await loadCatalogue(loadSyntheticCatalogue, database.db, images, pictures, {
        parallel: 2,
        maintenanceWorkMem: '1GB',
      });
    }
    searches = await buildWorkload(database.db, sql);
  } finally {
    await database.close();
  }

  const port = await freePort(8291);
  const server = await startServer({
    port,
    dataDir,
    logFile: path.join(runDir, 'server-postgres.log'),
    // As docker-compose.yml runs it: a worker per core.
    env: {
      DATABASE_URL: databaseUrl,
      DEMO_IMAGES: '0',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: String(WORKERS),
      // The pass with writes sends each visitor's address in X-Forwarded-For.
      TRUST_PROXY: 'true',
    },
  });
  console.log(`server up in ${server.seconds.toFixed(1)} s; load average ${loadAverage()}`);
  const result = await measure('PostgreSQL', server.url, searches, concurrency, server.pid);
  if (withWrites) {
    result.withWrites = await measureWithWrites(
      server.url,
      searches,
      concurrency,
      images,
      databaseUrl,
    );
  }
  await server.stop();

  if (!explain)
    return { database: 'PostgreSQL', images, load, searches: searches.length, ...result };
  const { explainSearch } = await demoModule('src/search-explain.ts');
  console.log(
    `\nPostgreSQL: EXPLAIN (ANALYZE, BUFFERS) of the slowest search: ${result.slowest.search}`,
  );
  printPlans(await explainSearch({ databaseUrl }, result.slowest.search));
  return { database: 'PostgreSQL', images, load, searches: searches.length, ...result };
}

/** Images in a PGlite catalogue already loaded (0 when it has none). */
async function imagesIn(db, sql) {
  try {
    const { rows } = await sql`select count(*)::int as n from images`.execute(db);
    return rows[0]?.n ?? 0;
  } catch {
    return 0;
  }
}

async function pgliteBench({ images, concurrency, runDir, keptDir, explain }) {
  console.log(`\n== Search on PGlite: ${images.toLocaleString('en')} images ==\n`);
  const { openPglite } = await serverModule('src/db/client.ts');
  const { migrate } = await serverModule('src/db/migrate.ts');
  const { loadSyntheticCatalogue } = await demoDataModule('src/synthetic.ts');
  const { sql } = serverRequire('kysely');
  // A kept data directory (--pglite-data) is loaded once: PGlite loads on one thread
  // (about 1,000 images a second on an idle core), so a million images take a quarter of
  // an hour or more, which a second run need not pay again.
  const dataDir = keptDir ?? path.join(runDir, 'pglite');
  const pgliteDir = path.join(dataDir, 'pglite');
  const database = await openPglite({ dataDir: pgliteDir });
  let load;
  let searches;
  try {
    await migrate(database.db);
    const present = keptDir ? await imagesIn(database.db, sql) : 0;
    if (present === images) {
      console.log(`kept catalogue in ${pgliteDir}: ${images.toLocaleString('en')} images`);
      load = { seconds: 0 };
    } else {
      if (present > 0) throw new Error(`${pgliteDir} holds ${present} images, not ${images}`);
      const pictures = await makePictures(path.join(dataDir, 'media'));
      load = await loadCatalogue(loadSyntheticCatalogue, database.db, images, pictures, {
        parallel: 1,
        maintenanceWorkMem: '256MB',
      });
    }
    searches = await buildWorkload(database.db, sql);
  } finally {
    await database.close();
  }

  const port = await freePort(8292);
  const server = await startServer({
    port,
    dataDir,
    logFile: path.join(runDir, 'server-pglite.log'),
    env: { DATABASE_URL: undefined, DEMO_IMAGES: '0', LOG_LEVEL: 'warn' },
  });
  console.log(`server up in ${server.seconds.toFixed(1)} s; load average ${loadAverage()}`);
  const result = await measure('PGlite', server.url, searches, concurrency, server.pid);
  await server.stop();

  if (!explain) return { database: 'PGlite', images, load, searches: searches.length, ...result };
  const { explainSearch } = await demoModule('src/search-explain.ts');
  console.log(
    `\nPGlite: EXPLAIN (ANALYZE, BUFFERS) of the slowest search: ${result.slowest.search}`,
  );
  printPlans(await explainSearch({ pgliteDir }, result.slowest.search));
  return { database: 'PGlite', images, load, searches: searches.length, ...result };
}

export async function loadCatalogue(loadSyntheticCatalogue, db, images, pictures, options) {
  let reported = 0;
  const started = performance.now();
  const result = await loadSyntheticCatalogue(db, {
    images,
    pictures,
    ...options,
    onProgress: (message) => {
      const now = performance.now();
      if (now - reported > 10_000 || message.startsWith('index')) {
        reported = now;
        console.log(`  ${((now - started) / 1000).toFixed(1).padStart(6)} s  ${message}`);
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const phases = Object.entries(result.phases)
    .map(([name, value]) => `${name} ${(value / 1000).toFixed(1)} s`)
    .join(', ');
  console.log(
    `loaded ${result.images.toLocaleString('en')} images by ${result.artists.toLocaleString('en')} ` +
      `artists in ${seconds.toFixed(1)} s (${phases})`,
  );
  return { seconds };
}

// ---------------------------------------------------------------------------------------
export async function runSearchBench(argv = []) {
  const { values } = parseArgs({
    args: argv,
    options: {
      images: { type: 'string' },
      'pglite-images': { type: 'string' },
      'pglite-data': { type: 'string' },
      'keep-database': { type: 'boolean' },
      'skip-explain': { type: 'boolean' },
      concurrency: { type: 'string' },
      'skip-postgres': { type: 'boolean' },
      'skip-pglite': { type: 'boolean' },
      'with-writes': { type: 'boolean' },
      'skip-writes': { type: 'boolean' },
    },
  });
  // Part of the PostgreSQL run unless skipped (two more passes of the searches).
  const withWrites = Boolean(values['with-writes']) || !values['skip-writes'];
  const images = int(values.images ?? process.env.BENCH_SEARCH_IMAGES, 1_000_000);
  const pgliteImages = int(
    values['pglite-images'] ?? process.env.BENCH_SEARCH_PGLITE_IMAGES,
    100_000,
  );
  const concurrency = int(values.concurrency, 16);
  installCleanupHandlers('bench-search');
  console.log(
    `\n== Search benchmark: ${os.cpus().length} cores, node ${process.version}, ` +
      `${concurrency} searches at a time; load average ${loadAverage()} ==`,
  );
  // Figures from machines of different speeds are not comparable: each run says its own.
  const speedBefore = machineSpeedLine('machine speed before');
  console.log(speedBefore);
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-search-'));
  onCleanup(() => rmSync(runDir, { recursive: true, force: true }), { last: true });

  const results = [];
  if (!values['skip-postgres'])
    results.push(
      await postgresBench({
        images,
        concurrency,
        runDir,
        withWrites,
        keepDatabase: Boolean(values['keep-database']),
        explain: !values['skip-explain'],
      }),
    );
  if (!values['skip-pglite'])
    results.push(
      await pgliteBench({
        images: pgliteImages,
        concurrency,
        runDir,
        keptDir: values['pglite-data'] ? path.resolve(values['pglite-data']) : null,
        explain: !values['skip-explain'],
      }),
    );

  console.log(`\n== Search benchmark summary (${concurrency} at a time, latency in ms) ==\n`);
  const rows = [];
  for (const r of results) {
    for (const [pass, p] of [
      ['first', r.first],
      ['again', r.again],
      ...(r.withWrites
        ? [
            ['quiet', r.withWrites.quiet],
            [`${BUMPS_PER_SECOND}/s popular`, r.withWrites.http.pass],
            [`${BUMPS_PER_SECOND}/s add to cart`, r.withWrites.carts.pass],
            [`${BUMPS_PER_SECOND}/s UPDATE`, r.withWrites.sql.pass],
          ]
        : []),
    ]) {
      rows.push([
        r.database,
        r.images.toLocaleString('en'),
        `${r.load.seconds.toFixed(0)} s`,
        pass,
        p.timings.length,
        ms(p.p50),
        ms(p.p95),
        ms(p.p99),
        ms(p.max),
        p.perSecond.toFixed(1),
        p.serverCpuMs == null ? '–' : p.serverCpuMs.toFixed(2),
        p.clientCpuMs == null ? '–' : p.clientCpuMs.toFixed(2),
        p.errors,
      ]);
    }
  }
  table(
    [
      'database',
      'images',
      'load',
      'pass',
      'searches',
      'p50',
      'p95',
      'p99',
      'max',
      'per s',
      'server CPU',
      'client CPU',
      'errors',
    ],
    rows,
    1,
  );
  console.log(`\n${speedBefore}\n${machineSpeedLine('machine speed after')}`);
  console.log(
    '\ntargets on 2 cores: first-pass p95 ≤ 50 ms at 1,000,000 images, PostgreSQL and PGlite ' +
      '(first: counts and facets computed; again: from the cache); server CPU and client CPU: ' +
      "milliseconds of CPU a search, the server's processes and this client (same cores)",
  );
  for (const r of results) {
    if (!r.withWrites) continue;
    const { quiet, http: viaHttp, carts, sql: viaSql } = r.withWrites;
    const ratio = (w) => (w.pass.p95 / quiet.p95).toFixed(2);
    console.log(
      `${r.database}: search p95 ${ms(quiet.p95)} ms quiet; ` +
        `${ms(carts.pass.p95)} ms with ${carts.perSecond.toFixed(1)} add-to-carts/s over HTTP ` +
        `(ratio ${ratio(carts)}, target ≤ 1.20; the adds' p95 ${ms(carts.p95)} ms, ` +
        `${JSON.stringify(carts.statuses)}); ` +
        `${ms(viaHttp.pass.p95)} ms with ${viaHttp.perSecond.toFixed(1)} {"popular": true}/s ` +
        `over HTTP (ratio ${ratio(viaHttp)}; the requests' p95 ${ms(viaHttp.p95)} ms); ` +
        `${ms(viaSql.pass.p95)} ms with ${viaSql.perSecond.toFixed(1)} bumps/s as batched ` +
        `UPDATEs (ratio ${ratio(viaSql)})`,
    );
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runSearchBench(process.argv.slice(2))
    .catch((error) => {
      console.error(`bench-search: ${error.stack || error}`);
      process.exitCode = 1;
    })
    .finally(() => cleanup());
}
