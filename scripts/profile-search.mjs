#!/usr/bin/env node
// The search engine's CPU per query kind, without HTTP and without other searches in flight
// (a shared machine makes end-to-end timings noisy; the CPU a search costs is not).
//
// Loads N synthetic images into a PostgreSQL database of its own (skipped with --reuse when
// it already holds them), builds the in-process index as the server does, and runs the
// search benchmark's workload (scripts/bench-search.mjs buildWorkload) through the search
// service with its caches off, so that every search is a first pass. Each search runs
// `--repeat` times (first one dropped: warm-up); prints, per query kind, the median CPU
// milliseconds of the service and of the engine's parts (result sets, facet counts, page,
// best_match), and the sum over the kinds. With --cpu-prof pass node's own flag:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof scripts/profile-search.mjs --reuse
//
// Usage: node scripts/profile-search.mjs [--images N] [--repeat N] [--reuse] [--json FILE]
// Env: PROFILE_DATABASE_URL (admin connection; default postgres://postgres@127.0.0.1:5432/postgres),
//      PROFILE_DATABASE (default atelier_profile_search).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildWorkload } from './bench-search.mjs';
import { SERVER_DIR } from './lib/server.mjs';

const serverRequire = createRequire(path.join(SERVER_DIR, 'package.json'));
serverRequire('tsx/cjs/api').register();
const serverModule = (relative) => serverRequire(path.join(SERVER_DIR, relative));
const demoModule = (relative) =>
  serverRequire(path.join(SERVER_DIR, '..', '..', 'tools', 'demo', relative));

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
const { loadSyntheticCatalogue } = demoModule('src/synthetic.ts');
const { createSearchRepository } = serverModule('src/modules/search/query/repository.ts');
const { createSearchService } = serverModule('src/modules/search/query/service.ts');
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
 * Wraps the engine's methods to add their time to `parts` (outermost calls only). Wall time,
 * which is CPU time for a synchronous call unless the machine preempts it: process.cpuUsage
 * per call cost more than some of the parts.
 */
function instrument(parts) {
  const proto = CatalogueIndex.prototype;
  let depth = 0;
  for (const name of ['resultSets', 'tagCounts', 'page', 'bestMatch']) {
    const original = proto[name];
    proto[name] = function (...args) {
      if (depth > 0) return original.apply(this, args);
      depth += 1;
      const t = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        parts[name] = (parts[name] ?? 0) + performance.now() - t;
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
    const repository = createSearchRepository(database.db, database.changes);
    let t = performance.now();
    await repository.index();
    console.log(`index built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const service = createSearchService(repository, { cacheEntries: 0 });
    const searches = await buildWorkload(database.db, sql);
    const requests = searches.map((s) => searchQuerystring.parse(parseQueryString(s)));
    const parts = {};
    instrument(parts);
    // Per search: [cpu ms, parts] for each repetition after the first.
    const runs = searches.map(() => []);
    /** Per search: CPU ms of its first run (what a server pays for a search new to it). */
    const firsts = searches.map(() => 0);
    for (let r = 0; r < REPEAT; r++) {
      for (let i = 0; i < searches.length; i++) {
        for (const k of Object.keys(parts)) delete parts[k];
        const c = process.cpuUsage();
        await service.search(requests[i], GUEST);
        const d = process.cpuUsage(c);
        if (r > 0) runs[i].push({ cpu: (d.user + d.system) / 1000, parts: { ...parts } });
        else firsts[i] = (d.user + d.system) / 1000;
      }
    }
    const byKind = new Map();
    for (let i = 0; i < searches.length; i++) {
      const kind = kindOf(searches[i]);
      const cpu = median(runs[i].map((x) => x.cpu));
      const entry = byKind.get(kind) ?? { n: 0, cpu: 0, parts: {}, worst: 0, worstSearch: '' };
      entry.n += 1;
      entry.cpu += cpu;
      for (const name of ['resultSets', 'tagCounts', 'page', 'bestMatch']) {
        entry.parts[name] =
          (entry.parts[name] ?? 0) + median(runs[i].map((x) => x.parts[name] ?? 0));
      }
      if (cpu > entry.worst) {
        entry.worst = cpu;
        entry.worstSearch = searches[i];
      }
      byKind.set(kind, entry);
    }
    const rows = [...byKind.entries()].sort(([a], [b]) => a.localeCompare(b));
    const f = (x) => x.toFixed(2).padStart(7);
    console.log(
      `\n${IMAGES.toLocaleString('en')} images; median of ${REPEAT - 1} runs; CPU ms per search (mean over the kind's searches)`,
    );
    console.log(
      `${'kind / sort'.padEnd(32)} ${'n'.padStart(3)} ${'total'.padStart(7)} ${'sets'.padStart(7)} ${'facets'.padStart(7)} ${'page'.padStart(7)} ${'best'.padStart(7)} ${'worst'.padStart(7)}`,
    );
    let sum = 0;
    let all = 0;
    const out = {};
    for (const [kind, e] of rows) {
      const mean = e.cpu / e.n;
      sum += mean;
      all += e.cpu;
      out[kind] = { n: e.n, mean, worst: e.worst, worstSearch: e.worstSearch };
      console.log(
        `${kind.padEnd(32)} ${String(e.n).padStart(3)} ${f(mean)} ${f(e.parts.resultSets / e.n)} ${f(e.parts.tagCounts / e.n)} ${f(e.parts.page / e.n)} ${f(e.parts.bestMatch / e.n)} ${f(e.worst)}`,
      );
    }
    const all95 = runs.map((r) => median(r.map((x) => x.cpu))).sort((a, b) => a - b);
    console.log(
      `\nsum over ${rows.length} kinds ${sum.toFixed(1)} ms; mean per search ${(all / searches.length).toFixed(2)} ms; ` +
        `p50 ${all95[Math.floor(all95.length * 0.5)].toFixed(2)} p95 ${all95[Math.ceil(all95.length * 0.95) - 1].toFixed(2)} max ${all95[all95.length - 1].toFixed(2)} ms`,
    );
    const firstSorted = [...firsts].sort((a, b) => a - b);
    console.log(
      `first runs (new to the process): mean ${(firsts.reduce((a, b) => a + b, 0) / firsts.length).toFixed(2)} ms; ` +
        `p95 ${firstSorted[Math.ceil(firstSorted.length * 0.95) - 1].toFixed(2)} max ${firstSorted[firstSorted.length - 1].toFixed(2)} ms; slowest: ` +
        searches[firsts.indexOf(firstSorted[firstSorted.length - 1])],
    );
    const slowest = searches
      .map((s, i) => [median(runs[i].map((x) => x.cpu)), s])
      .sort((a, b) => b[0] - a[0])
      .slice(0, 8);
    console.log('slowest:');
    for (const [ms, s] of slowest) console.log(`  ${ms.toFixed(2).padStart(7)} ms  ${s}`);
    if (values.json) writeFileSync(values.json, JSON.stringify(out, null, 2));
    t = performance.now();
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
