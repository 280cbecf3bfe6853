#!/usr/bin/env node
// The search engine's CPU per query kind, without HTTP and without other searches in flight
// (a shared machine makes end-to-end timings noisy; the CPU a search costs is not).
//
// Loads N synthetic images into a PostgreSQL database of its own (skipped with --reuse when
// it already holds them), builds the in-process index as the server does, and runs the
// search benchmark's workload (scripts/bench-search.mjs buildWorkload) through the search
// service with its caches off, as the benchmark's server sees it: after the same warm-up
// (buildWarmup: every kind of search, none of the workload's words), each search once, new
// to the process (the benchmark's first pass: no word, phrase or union of it built yet),
// then `--repeat` - 1 times more (the engine's own caches warm). Prints, per query kind, the
// CPU milliseconds of the first run and the median of the others, of the service and of
// the engine's parts (result sets, facet counts, page, best_match) in those first runs, and
// the sum over the kinds. With --cpu-prof pass node's own flag:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof scripts/profile-search.mjs --reuse
//
// Usage: node scripts/profile-search.mjs [--images N] [--repeat N] [--reuse] [--json FILE]
// Env: PROFILE_DATABASE_URL (admin connection; default postgres://postgres@127.0.0.1:5432/postgres),
//      PROFILE_DATABASE (default atelier_profile_search).
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildWarmup, buildWorkload } from './bench-search.mjs';
import { SERVER_DIR } from './lib/server.mjs';

const serverRequire = createRequire(path.join(SERVER_DIR, 'package.json'));
serverRequire('tsx/cjs/api').register();
const serverModule = (relative) => serverRequire(path.join(SERVER_DIR, relative));
const demoModule = (relative) =>
  serverRequire(path.join(SERVER_DIR, '..', '..', 'tools', 'demo', relative));
const demoDataModule = (relative) =>
  serverRequire(path.join(SERVER_DIR, '..', '..', 'tools', 'demo-data', relative));

const { values } = parseArgs({
  options: {
    images: { type: 'string', default: '200000' },
    repeat: { type: 'string', default: '4' },
    reuse: { type: 'boolean' },
    json: { type: 'string' },
  },
});
const IMAGES = Number(values.images.replace(/_/g, ''));
const REPEAT = Math.max(2, Number(values.repeat));
const DATABASE = process.env.PROFILE_DATABASE || 'atelier_profile_search';
if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE)) throw new Error('PROFILE_DATABASE: a lower-case name');

const pg = serverRequire('pg');
const { sql } = serverRequire('kysely');
const admin = process.env.PROFILE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const url = new URL(admin);
url.pathname = `/${DATABASE}`;
const databaseUrl = url.toString();

const { openPostgres } = serverModule('src/db/client.ts');
const { migrate } = serverModule('src/db/migrate.ts');
const { loadSyntheticCatalogue } = demoDataModule('src/synthetic.ts');
const { createSearchRepository } = serverModule('src/modules/search/query/repository.ts');
const { createSearchService } = serverModule('src/modules/search/query/service.ts');
const { createSearchIndexer } = serverModule('src/modules/search/indexer/indexer.ts');
const { searchChangeCount } = serverModule('src/modules/search/indexer/change-feed.ts');
const { CatalogueIndex } = serverModule('src/modules/search/engine/catalogue-index.ts');
const { searchQuerystring } = serverModule('src/modules/search/routes.ts');
const { parseQueryString } = demoModule('src/search-explain.ts');
const { GUEST } = serverModule('src/plugins/viewer.ts');

async function ensureCatalogue() {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  let exists = false;
  try {
    exists =
      (await client.query('select 1 from pg_database where datname = $1', [DATABASE])).rowCount > 0;
    if (exists && values.reuse) {
      const probe = new pg.Client({ connectionString: databaseUrl });
      await probe.connect();
      try {
        const { rows } = await probe.query('select count(*)::int as n from images');
        if (rows[0].n === IMAGES) return;
      } catch {
        // not loaded: load it below
      } finally {
        await probe.end();
      }
    }
    await client.query(`drop database if exists ${DATABASE} with (force)`);
    await client.query(`create database ${DATABASE}`);
    await client.query(`alter database ${DATABASE} set jit = off`);
  } finally {
    await client.end();
  }
  const database = await openPostgres(databaseUrl, { max: 4 });
  try {
    await migrate(database.db);
    const pictures = [
      {
        masterPath: 'originals/x.jpg',
        thumbPath: 'thumbs/x.jpg',
        thumbWidth: 600,
        thumbHeight: 400,
      },
    ];
    const t = performance.now();
    await loadSyntheticCatalogue(database.db, {
      images: IMAGES,
      pictures,
      parallel: 2,
      maintenanceWorkMem: '512MB',
    });
    console.log(`loaded ${IMAGES} images in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

/** Query kind of a workload search: what its q is, and its sort. */
function kindOf(search) {
  const params = new URLSearchParams(search);
  const q = params.get('q') ?? '';
  const sort = params.get('sort');
  let kind;
  if (!q) kind = 'no words';
  else if (/^".*"$/.test(q) && /[A-Z]/.test(q)) kind = 'quoted artist';
  else if (q.startsWith('"')) kind = 'phrase';
  else if (q.includes('|')) kind = 'any-of';
  else if (/(^| )-/.test(q)) kind = 'exclusion';
  else if (/\d/.test(q)) kind = 'local id';
  else if (q.includes(' ')) kind = 'several words';
  else if (['landscape', 'nature', 'city', 'flowers', 'abstract', 'ocean'].includes(q))
    kind = 'common word';
  else if (['heron', 'lighthouse', 'magnolia', 'skyline', 'dunes'].includes(q)) kind = '1 % word';
  else kind = 'long-tail word';
  return `${kind} / ${sort}`;
}

/**
 * Wraps the engine's methods to add their CPU time to `parts` (outermost calls only) while
 * `parts.on`. CPU time, not wall time: on a shared machine a preempted call would count
 * another process's work. process.cpuUsage costs 1 to 12 µs a call (more on a loaded
 * machine), so only the first runs are timed by part.
 */
function instrument(parts) {
  const proto = CatalogueIndex.prototype;
  let depth = 0;
  for (const name of ['resultSets', 'tagCounts', 'page', 'bestMatch']) {
    const original = proto[name];
    proto[name] = function (...args) {
      if (depth > 0 || !parts.on) return original.apply(this, args);
      depth += 1;
      const c = process.cpuUsage();
      try {
        return original.apply(this, args);
      } finally {
        const d = process.cpuUsage(c);
        parts[name] = (parts[name] ?? 0) + (d.user + d.system) / 1000;
        depth -= 1;
      }
    };
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor((s.length - 1) / 2)];
};

async function main() {
  await ensureCatalogue();
  const database = await openPostgres(databaseUrl, { max: 4 });
  try {
    // As the server does (app.ts): no catch-up query while no notification came.
    const repository = createSearchRepository(
      database.db,
      createSearchIndexer(database.db, searchChangeCount(database)),
    );
    const t = performance.now();
    await repository.index();
    console.log(`index built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const service = createSearchService(repository, { cacheEntries: 0 });
    const searches = await buildWorkload(database.db, sql);
    const requests = searches.map((s) => searchQuerystring.parse(parseQueryString(s)));
    // The benchmark's warm-up: the code of every kind of search compiled, none of its words.
    const warmup = await buildWarmup(searches);
    for (const s of warmup)
      await service.search(searchQuerystring.parse(parseQueryString(s)), GUEST);
    const parts = {};
    instrument(parts);
    const PARTS = ['resultSets', 'tagCounts', 'page', 'bestMatch'];
    /** Per search: CPU ms and parts of its first run (what the benchmark's first pass pays). */
    const firsts = searches.map(() => ({ cpu: 0, parts: {} }));
    /** Per search: CPU ms of each later run (the engine's own caches warm). */
    const again = searches.map(() => []);
    const response = { json: 0, gzip: 0, bytes: 0 };
    for (let r = 0; r < REPEAT; r++) {
      for (let i = 0; i < searches.length; i++) {
        for (const k of Object.keys(parts)) delete parts[k];
        parts.on = r === 0;
        const c = process.cpuUsage();
        await service.search(requests[i], GUEST);
        const d = process.cpuUsage(c);
        const cpu = (d.user + d.system) / 1000;
        parts.on = false;
        if (r === 0) firsts[i] = { cpu, parts: { ...parts } };
        else again[i].push(cpu);
        if (r === 1) {
          // The answer's own cost: serialised as the route does, gzipped at the route's level.
          const answer = await service.search(requests[i], GUEST);
          const c2 = process.cpuUsage();
          const body = JSON.stringify(answer);
          const s2 = process.cpuUsage(c2);
          gzipSync(body, { level: 1 });
          const z2 = process.cpuUsage(c2);
          response.json += (s2.user + s2.system) / 1000;
          response.gzip += (z2.user + z2.system - s2.user - s2.system) / 1000;
          response.bytes += Buffer.byteLength(body);
        }
      }
    }
    const byKind = new Map();
    for (let i = 0; i < searches.length; i++) {
      const kind = kindOf(searches[i]);
      const { cpu, parts: its } = firsts[i];
      const entry = byKind.get(kind) ?? { n: 0, cpu: 0, again: 0, parts: {}, worst: 0 };
      entry.n += 1;
      entry.cpu += cpu;
      entry.again += median(again[i]);
      for (const name of PARTS) entry.parts[name] = (entry.parts[name] ?? 0) + (its[name] ?? 0);
      entry.worst = Math.max(entry.worst, cpu);
      byKind.set(kind, entry);
    }
    const rows = [...byKind.entries()].sort(([a], [b]) => a.localeCompare(b));
    const f = (x) => x.toFixed(2).padStart(7);
    console.log(
      `\n${IMAGES.toLocaleString('en')} images; CPU ms per search (mean over the kind's searches): ` +
        `first run (new to the process, after the warm-up) and its engine parts; again: median of ${REPEAT - 1} more runs`,
    );
    console.log(
      `${'kind / sort'.padEnd(32)} ${'n'.padStart(3)} ${'first'.padStart(7)} ${'sets'.padStart(7)} ${'facets'.padStart(7)} ${'page'.padStart(7)} ${'best'.padStart(7)} ${'worst'.padStart(7)} ${'again'.padStart(7)}`,
    );
    let sum = 0;
    const out = {};
    for (const [kind, e] of rows) {
      const mean = e.cpu / e.n;
      sum += mean;
      out[kind] = { n: e.n, first: mean, again: e.again / e.n, worst: e.worst };
      console.log(
        `${kind.padEnd(32)} ${String(e.n).padStart(3)} ${f(mean)} ${PARTS.map((name) => f(e.parts[name] / e.n)).join(' ')} ${f(e.worst)} ${f(e.again / e.n)}`,
      );
    }
    const summary = (label, xs) => {
      const s = [...xs].sort((a, b) => a - b);
      const mean = s.reduce((a, b) => a + b, 0) / s.length;
      console.log(
        `${label}: mean ${mean.toFixed(2)} ms; p50 ${s[Math.floor(s.length * 0.5)].toFixed(2)} ` +
          `p95 ${s[Math.ceil(s.length * 0.95) - 1].toFixed(2)} max ${s[s.length - 1].toFixed(2)} ms`,
      );
      return mean;
    };
    console.log(`\nsum over ${rows.length} kinds ${sum.toFixed(1)} ms (first runs)`);
    const firstMean = summary(
      "first runs (the bench's first pass)",
      firsts.map((x) => x.cpu),
    );
    const partsMean =
      firsts.reduce((a, x) => a + PARTS.reduce((b, name) => b + (x.parts[name] ?? 0), 0), 0) /
      firsts.length;
    console.log(
      `  of which the engine's parts ${partsMean.toFixed(2)} ms, the rest (query, cards, related keywords, response) ${(firstMean - partsMean).toFixed(2)} ms`,
    );
    summary(`again (median of ${REPEAT - 1})`, again.map(median));
    const n = searches.length;
    console.log(
      `the answer (not in the figures above): JSON.stringify ${(response.json / n).toFixed(2)} ms, ` +
        `gzip level 1 ${(response.gzip / n).toFixed(2)} ms, ${Math.round(response.bytes / n / 1024)} KB a search`,
    );
    const slowest = searches
      .map((s, i) => [firsts[i].cpu, s])
      .sort((a, b) => b[0] - a[0])
      .slice(0, 8);
    console.log('slowest first runs:');
    for (const [ms, s] of slowest) console.log(`  ${ms.toFixed(2).padStart(7)} ms  ${s}`);
    if (values.json) writeFileSync(values.json, JSON.stringify(out, null, 2));
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
