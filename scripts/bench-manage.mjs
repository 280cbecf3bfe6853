#!/usr/bin/env node
// The staff image list (/api/image/, what /manage/image shows) at a million images, printed
// (exits 1 only when a case's median p95 misses the target, so CI can run it):
//   drops and re-creates the database `atelier_bench_manage` on PostgreSQL, loads N synthetic
//   images (default 1,000,000) with the same bulk loader as `pnpm bench:search`
//   (bench-search.mjs loadCatalogue), makes a staff user, starts the real server and signs
//   in, then asks each case one request at a time: the first page, a deep page
//   (offset 100,000), search (artist names, title words, local ids), and the first page of
//   every ordering both ways. 3 runs; for each case the median p95 and the range of p95.
//   Target: p95 ≤ 100 ms.
//
// Usage: node scripts/bench-manage.mjs [--images N] [--requests N] [--runs N] [--keep]
//   --keep: reuse the database when it already holds N images (migrations are still applied;
//   the load is skipped), so that a change to the list can be measured without reloading.
// Env: BENCH_DATABASE_URL (an admin connection; default postgres://postgres@127.0.0.1:5432/postgres),
//      BENCH_MANAGE_DATABASE (default atelier_bench_manage), BENCH_MANAGE_IMAGES.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { demoDataModule, loadCatalogue, makePictures, serverModule } from './bench-search.mjs';
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
const DATABASE = process.env.BENCH_MANAGE_DATABASE || 'atelier_bench_manage';
if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE))
  throw new Error('BENCH_MANAGE_DATABASE: a lower-case name');
const TARGET_P95_MS = 100;
const DEEP_OFFSET = 100_000;
const PAGE = 20;
const STAFF_EMAIL = 'bench-staff@atelier.test';
const STAFF_PASSWORD = 'bench manage staff password 1';
const ORDERINGS = ['created', 'updated', 'title', 'price', 'id'];

const int = (value, fallback) => {
  if (value === undefined || value === '') return fallback;
  const n = Number(String(value).replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 1) throw new Error(`not a positive whole number: ${value}`);
  return n;
};
const ms = (value) => value.toFixed(1);
const percentile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** The cases: each a name and the paths it cycles through. */
async function buildCases(db, sql) {
  const artists = (
    await sql`select name from artists order by id offset 7 limit 5`.execute(db)
  ).rows.map((r) => r.name.split(' ').at(-1));
  const words = (
    await sql`select distinct split_part(title, ' ', 2) as word from (
      select title from images where id % 997 = 0 limit 200) t
      where length(split_part(title, ' ', 2)) >= 4 limit 5`.execute(db)
  ).rows.map((r) => r.word);
  const localIds = (
    await sql`select local_id from images
      where id in (select (m.top * k / 6)::int from (select max(id) as top from images) m, generate_series(1, 5) k)`.execute(
      db,
    )
  ).rows.map((r) => r.local_id);
  const list = (query) => `/api/image/?limit=${PAGE}${query}`;
  const cases = [
    { name: 'first page (-created)', paths: [list('')] },
    {
      name: `deep page (offset ${DEEP_OFFSET.toLocaleString('en')})`,
      paths: [list(`&offset=${DEEP_OFFSET}`)],
    },
    { name: 'page/page_size=20, page 5,000', paths: ['/api/image/?page=5000&page_size=20'] },
    {
      name: 'search: artist name',
      paths: artists.map((a) => list(`&search=${encodeURIComponent(a)}`)),
    },
    {
      name: 'search: title word',
      paths: words.map((w) => list(`&search=${encodeURIComponent(w)}`)),
    },
    {
      name: 'search: local id',
      paths: localIds.map((id) => list(`&search=${encodeURIComponent(id)}`)),
    },
  ];
  for (const key of ORDERINGS) {
    for (const prefix of ['', '-']) {
      cases.push({ name: `ordering=${prefix}${key}`, paths: [list(`&ordering=${prefix}${key}`)] });
    }
  }
  return cases;
}

async function signIn(agent, base) {
  const res = await requestJson(agent, `${base}/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: STAFF_EMAIL, password: STAFF_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access;
}

/** One run: every case `requests` times, one request at a time; p95 per case. */
async function run(agent, base, cases, requests) {
  const token = await signIn(agent, base);
  const headers = { authorization: `JWT ${token}` };
  const result = new Map();
  for (const c of cases) {
    // Two unmeasured requests: connections and the plan cache warm.
    for (const p of c.paths.slice(0, 2)) await requestJson(agent, `${base}${p}`, { headers });
    const timings = [];
    let errors = 0;
    let count = null;
    for (let i = 0; i < requests; i++) {
      const p = c.paths[i % c.paths.length];
      const res = await requestJson(agent, `${base}${p}`, { headers });
      if (res.status !== 200) errors++;
      else count ??= res.body.count;
      timings.push(res.ms);
    }
    timings.sort((a, b) => a - b);
    result.set(c.name, {
      p50: percentile(timings, 0.5),
      p95: percentile(timings, 0.95),
      errors,
      count,
    });
  }
  return result;
}

/** The image count of an existing bench database (its trigger-kept count), or null. */
async function loadedImages(pg, databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query(
      `select row_count from table_row_counts where table_name = 'images'`,
    );
    return rows.length ? Number(rows[0].row_count) : null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function runManageBench(argv = []) {
  const { values } = parseArgs({
    args: argv,
    options: {
      images: { type: 'string' },
      requests: { type: 'string' },
      runs: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
  });
  const images = int(values.images ?? process.env.BENCH_MANAGE_IMAGES, 1_000_000);
  const requests = int(values.requests, 40);
  const runs = int(values.runs, 3);
  installCleanupHandlers('bench-manage');
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-manage-'));
  onCleanup(() => rmSync(runDir, { recursive: true, force: true }), { last: true });

  const pg = serverRequire('pg');
  const admin = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(admin);
  url.pathname = `/${DATABASE}`;
  const databaseUrl = url.toString();
  console.log(
    `\n== Manage list benchmark: ${images.toLocaleString('en')} images on PostgreSQL ` +
      `(${databaseUrl}), ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} ==\n`,
  );
  const reuse = values.keep && (await loadedImages(pg, databaseUrl)) === images;
  if (reuse) console.log(`--keep: reusing ${DATABASE} (${images.toLocaleString('en')} images)`);
  else {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(`drop database if exists ${DATABASE} with (force)`);
      await client.query(`create database ${DATABASE}`);
      await client.query(`alter database ${DATABASE} set jit = off`);
    } finally {
      await client.end();
    }
  }

  const { openPostgres } = await serverModule('src/db/client.ts');
  const { migrate } = await serverModule('src/db/migrate.ts');
  const { loadSyntheticCatalogue } = await demoDataModule('src/synthetic.ts');
  const { createOrPromoteStaff } = await serverModule('src/modules/auth/staff.ts');
  const { sql } = serverRequire('kysely');
  const dataDir = path.join(runDir, 'data');
  const pictures = await makePictures(path.join(dataDir, 'media'));
  const database = await openPostgres(databaseUrl, { max: 4 });
  let cases;
  try {
    await migrate(database.db);
    if (!reuse) {
      await loadCatalogue(loadSyntheticCatalogue, database.db, images, pictures, {
        parallel: 2,
        maintenanceWorkMem: '1GB',
      });
    }
    await sql`analyze images, image_list_search`.execute(database.db);
    await createOrPromoteStaff(database.db, {
      email: STAFF_EMAIL,
      name: 'Bench Staff',
      password: STAFF_PASSWORD,
    });
    cases = await buildCases(database.db, sql);
  } finally {
    await database.close();
  }

  const port = await freePort(8292);
  const server = await startServer({
    port,
    dataDir,
    logFile: path.join(runDir, 'server.log'),
    env: {
      DATABASE_URL: databaseUrl,
      DEMO_IMAGES: '0',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: String(Math.max(1, os.availableParallelism())),
      // One address signs in once per run: the sign-in limit is not what is measured.
      TRUST_PROXY: 'true',
    },
  });
  console.log(`server up in ${server.seconds.toFixed(1)} s`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const results = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    results.push(await run(agent, server.url, cases, requests));
    console.log(
      `run ${i + 1}/${runs}: ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
        `load average ${os.loadavg()[0].toFixed(1)}`,
    );
  }
  agent.destroy();
  await server.stop();

  const rows = [];
  const misses = [];
  for (const c of cases) {
    const p95s = results.map((r) => r.get(c.name).p95);
    const p50s = results.map((r) => r.get(c.name).p50);
    const errors = results.reduce((sum, r) => sum + r.get(c.name).errors, 0);
    const mid = median(p95s);
    if (mid > TARGET_P95_MS || errors > 0) misses.push(c.name);
    rows.push([
      c.name,
      results[0].get(c.name).count?.toLocaleString('en') ?? '-',
      ms(median(p50s)),
      ms(mid),
      `${ms(Math.min(...p95s))}–${ms(Math.max(...p95s))}`,
      errors,
      mid <= TARGET_P95_MS && errors === 0 ? 'ok' : 'MISS',
    ]);
  }
  console.log(
    `\n== /api/image/ as staff, ${images.toLocaleString('en')} images: ${runs} runs of ` +
      `${requests} requests per case, one at a time (ms) ==\n`,
  );
  table(
    ['case', 'count', 'p50 (median)', 'p95 (median)', 'p95 range', 'errors', `≤ ${TARGET_P95_MS}`],
    rows,
    1,
  );
  console.log(
    misses.length === 0
      ? `\nevery case's p95 ≤ ${TARGET_P95_MS} ms`
      : `\nmissed: ${misses.join(', ')}`,
  );
  return misses.length === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runManageBench(process.argv.slice(2))
    .then((ok) => {
      if (!ok) process.exitCode = 1;
    })
    .catch((error) => {
      console.error(`bench-manage: ${error.stack || error}`);
      process.exitCode = 1;
    })
    .finally(() => cleanup());
}
