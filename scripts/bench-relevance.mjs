#!/usr/bin/env node
// Search relevance on a real museum catalogue, printed only (never fails on a score):
//  1. reads the Tate collection's metadata (a local copy of github.com/tategallery/collection,
//     CC0; artworks/**/*.json) and converts each artwork to a catalogue import line
//     (packages/server/src/relevance/tate.ts) with a picture drawn to its aspect ratio;
//  2. imports them with `catalogue:import` into a fresh DATA_DIR (PGlite) or a fresh
//     database `atelier_relevance` (--database-url, an admin connection to PostgreSQL);
//  3. starts the real server and runs the judged queries of scripts/relevance/queries.json
//     with sort=best_match; an object is relevant when the query's rule, read from the
//     Tate metadata alone (packages/server/src/relevance/judgement.ts), says so;
//  4. prints precision@5 and mean reciprocal rank (first 20 results) per kind and overall,
//     then every query short of P@5 = 1 with its top 5 titles.
//
// Usage: pnpm bench:relevance -- --collection DIR [--limit N] [--database-url URL]
//          [--queries FILE] [--keep]
// --limit N imports N artworks (default: all): up to 25 relevant works of every query, then
// the others by a hash of their accession number.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { requestJson } from './lib/http.mjs';
import {
  REPO_ROOT,
  SERVER_DIR,
  cleanup,
  freePort,
  installCleanupHandlers,
  onCleanup,
  startServer,
  table,
} from './lib/server.mjs';

const serverRequire = createRequire(path.join(SERVER_DIR, 'package.json'));
const DATABASE = 'atelier_relevance';
const K = 5;
/** Results read per query: the reciprocal rank counts a first relevant result up to here. */
const DEPTH = 20;
/** With --limit: relevant works of each query always imported (up to this many). */
const KEPT_PER_QUERY = 25;
/** The short side of every generated picture (the import's minimum), in pixels. */
const SHORT_SIDE = 100;

let tsxRegistered = false;
function serverModule(relative) {
  if (!tsxRegistered) {
    serverRequire('tsx/cjs/api').register();
    tsxRegistered = true;
  }
  return serverRequire(path.join(SERVER_DIR, relative));
}

function* jsonFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* jsonFiles(full);
    else if (entry.name.endsWith('.json')) yield full;
  }
}

/** The artworks of a collection directory (its artworks/ folder when it has one). */
function readArtworks(collection) {
  let root = path.join(collection, 'artworks');
  try {
    readdirSync(root);
  } catch {
    root = collection;
  }
  const artworks = [];
  for (const file of jsonFiles(root)) {
    const value = JSON.parse(readFileSync(file, 'utf8'));
    if (value && typeof value.acno === 'string' && typeof value.title === 'string')
      artworks.push(value);
  }
  if (artworks.length === 0)
    throw new Error(`no Tate artwork JSON files (with acno and title) under ${root}`);
  return artworks.sort((a, b) => a.acno.localeCompare(b.acno));
}

const hashOf = (text) => createHash('sha256').update(text).digest('hex');

/** A picture for every distinct size: SHORT_SIDE px on its short side, to the aspect ratio. */
async function drawPictures(records, dir) {
  const sharp = serverRequire('sharp');
  mkdirSync(dir, { recursive: true });
  const drawn = new Map();
  for (const item of records) {
    const landscape = item.aspect >= 1;
    const width = landscape ? Math.round(SHORT_SIDE * item.aspect) : SHORT_SIDE;
    const height = landscape ? SHORT_SIDE : Math.round(SHORT_SIDE / item.aspect);
    const name = `${width}x${height}.png`;
    if (!drawn.has(name)) {
      // A soft diagonal gradient: a real picture with the work's shape, neutral colours.
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
        '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
        '<stop offset="0" stop-color="#d8cfc0"/><stop offset="1" stop-color="#6f6a62"/>' +
        `</linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/></svg>`;
      await sharp(Buffer.from(svg)).png().toFile(path.join(dir, name));
      drawn.set(name, { width, height });
    }
    item.record.file = path.join(dir, name);
    item.record.dimensions = drawn.get(name);
  }
  return drawn.size;
}

function run(command, args, { cwd, env, logPrefix }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = [];
    const keep = (chunk) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(line);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(lines);
      else reject(new Error(`${logPrefix} exited with ${code}:\n${lines.slice(-20).join('\n')}`));
    });
  });
}

async function freshDatabase(adminUrl) {
  const pg = serverRequire('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${DATABASE} with (force)`);
    await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

function loadQueries(file, checkRule) {
  const parsed = JSON.parse(readFileSync(file, 'utf8'));
  const queries = parsed.queries;
  if (!Array.isArray(queries) || queries.length === 0) throw new Error(`${file}: no queries`);
  const seen = new Set();
  return queries.map((query, i) => {
    const where = `${path.basename(file)} queries[${i}]`;
    if (typeof query.q !== 'string' || !query.q.trim()) throw new Error(`${where}: no q`);
    if (typeof query.kind !== 'string') throw new Error(`${where}: no kind`);
    if (seen.has(query.q)) throw new Error(`${where}: "${query.q}" is given twice`);
    seen.add(query.q);
    return { ...query, relevant: checkRule(query.relevant, `${where}.relevant`) };
  });
}

const fixed = (value, digits = 2) => value.toFixed(digits);
const mean = (values) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

export async function runRelevanceBench(argv = []) {
  const { values } = parseArgs({
    args: argv.filter((arg) => arg !== '--'),
    options: {
      collection: { type: 'string' },
      limit: { type: 'string' },
      'database-url': { type: 'string' },
      queries: { type: 'string' },
      keep: { type: 'boolean' },
    },
  });
  if (!values.collection) {
    console.error(
      'usage: pnpm bench:relevance -- --collection DIR [--limit N] [--database-url URL] ' +
        '[--queries FILE] [--keep]\n(DIR: a copy of github.com/tategallery/collection; docs/search.md, "Relevance benchmark")',
    );
    return 2;
  }
  installCleanupHandlers('bench-relevance');
  const { tateRecord, parseDimensions, aspectRatio, makersOf, subjectsOf } =
    serverModule('src/relevance/tate.ts');
  const { checkRule, matches, precisionAt, reciprocalRank } = serverModule(
    'src/relevance/judgement.ts',
  );
  const queriesFile = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    values.queries ?? path.join(REPO_ROOT, 'scripts', 'relevance', 'queries.json'),
  );
  const queries = loadQueries(queriesFile, checkRule);

  // 1. The catalogue.
  const collection = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.collection);
  let artworks = readArtworks(collection);
  const all = artworks.length;
  const judgedOf = (artwork) => ({
    id: artwork.acno,
    title: artwork.title,
    makers: makersOf(artwork).map((c) => c.fc),
    subjects: subjectsOf(artwork),
    medium: artwork.medium ?? '',
  });
  const limit = values.limit ? Number(values.limit) : all;
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`--limit: a whole number`);
  if (limit < all) {
    // Every query keeps up to KEPT_PER_QUERY of its relevant works, so a title query still
    // has its painting; the rest is the first by a hash of the accession number.
    const byHash = artworks
      .map((artwork) => ({ artwork, key: hashOf(artwork.acno), judged: judgedOf(artwork) }))
      .sort((a, b) => a.key.localeCompare(b.key));
    const chosen = new Set();
    for (const query of queries) {
      let kept = 0;
      for (const entry of byHash) {
        if (kept === KEPT_PER_QUERY || chosen.size === limit) break;
        if (!matches(query.relevant, entry.judged)) continue;
        chosen.add(entry);
        kept += 1;
      }
    }
    for (const entry of byHash) {
      if (chosen.size >= limit) break;
      chosen.add(entry);
    }
    artworks = [...chosen]
      .map(({ artwork }) => artwork)
      .sort((a, b) => a.acno.localeCompare(b.acno));
  }
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-relevance-'));
  if (values.keep) console.log(`run directory (kept): ${runDir}`);
  else onCleanup(() => rmSync(runDir, { recursive: true, force: true }), { last: true });

  const items = artworks.map((artwork) => ({
    record: tateRecord(artwork),
    aspect: aspectRatio(parseDimensions(artwork.dimensions)),
  }));
  const judged = new Map(artworks.map((artwork) => [artwork.acno, judgedOf(artwork)]));
  const withoutSize = artworks.filter((a) => !parseDimensions(a.dimensions)).length;
  const pictures = await drawPictures(items, path.join(runDir, 'pictures'));
  const importFile = path.join(runDir, 'catalogue.jsonl');
  writeFileSync(importFile, items.map((item) => JSON.stringify(item.record)).join('\n') + '\n');
  console.log(
    `\n== Relevance: ${artworks.length.toLocaleString('en')} of ${all.toLocaleString('en')} ` +
      `Tate artworks (${collection}); ${pictures} picture sizes, ` +
      `${withoutSize.toLocaleString('en')} works without dimensions drawn square ==\n`,
  );

  // 2. Import into a fresh DATA_DIR / database.
  const dataDir = path.join(runDir, 'data');
  const databaseUrl = values['database-url']
    ? await freshDatabase(values['database-url'])
    : undefined;
  const env = { ...process.env, DATA_DIR: dataDir, DEMO_IMAGES: '0', LOG_LEVEL: 'warn' };
  for (const key of ['DATABASE_URL', 'MEDIA_DIR', 'INIT_CWD']) delete env[key];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const started = performance.now();
  const output = await run(
    process.execPath,
    ['--import', 'tsx', 'src/modules/catalogue-import/cli.ts', importFile],
    { cwd: SERVER_DIR, env, logPrefix: 'catalogue:import' },
  );
  const importSeconds = (performance.now() - started) / 1000;
  console.log(
    `catalogue:import on ${databaseUrl ? `PostgreSQL (${databaseUrl})` : 'PGlite'} in ` +
      `${importSeconds.toFixed(0)} s: ${output[output.length - 1]}`,
  );
  for (const line of output.filter((l) => l.includes('rejected:')).slice(0, 5))
    console.log(`  ${line}`);

  // 3. The server and the queries.
  const port = await freePort(8293);
  const server = await startServer({
    port,
    dataDir,
    logFile: path.join(runDir, 'server.log'),
    env: { DATABASE_URL: databaseUrl, DEMO_IMAGES: '0', LOG_LEVEL: 'warn' },
  });
  console.log(`server up in ${server.seconds.toFixed(1)} s`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const scored = [];
  for (const query of queries) {
    const relevant = new Set(
      [...judged.values()].filter((o) => matches(query.relevant, o)).map((o) => o.id),
    );
    const search = async (q) => {
      const params = new URLSearchParams({ q, sort: 'best_match', limit: String(DEPTH) });
      const res = await requestJson(agent, `${server.url}/content/search/v3/?${params}`);
      if (res.status !== 200) {
        throw new Error(`q=${q}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      }
      return res.body;
    };
    const typed = await search(query.q);
    const typedRanked = typed.images.map((image) => image.local_id);
    // A search that finds nothing offers 'Did you mean …?' (docs/search.md); the buyer's
    // next click is that link, so the scored list is the one it opens. The P@K as typed is
    // kept beside it, so following the suggestion is never hidden in the figures.
    const followed = typed.images.length === 0 && typed.suggestion ? typed.suggestion : undefined;
    const body = followed === undefined ? typed : await search(followed);
    const ranked = body.images.map((image) => image.local_id);
    scored.push({
      query,
      relevant,
      ranked,
      followed,
      total: body.total,
      titles: body.images.slice(0, K).map((image) => image.title),
      p: relevant.size > 0 ? precisionAt(K, ranked, relevant) : null,
      pTyped: relevant.size > 0 ? precisionAt(K, typedRanked, relevant) : null,
      rr: reciprocalRank(ranked, relevant),
    });
  }
  agent.destroy();
  await server.stop();

  // 4. The figures, over the queries this catalogue can answer (a --limit may leave a
  // query without any relevant work; it is named below and left out).
  const unanswerable = scored.filter((r) => r.relevant.size === 0);
  const results = scored.filter((r) => r.relevant.size > 0);
  const kinds = [...new Set(results.map((r) => r.query.kind))];
  const rows = kinds.map((kind) => {
    const of = results.filter((r) => r.query.kind === kind);
    return [
      kind,
      of.length,
      fixed(mean(of.map((r) => r.p))),
      fixed(mean(of.map((r) => r.rr))),
      fixed(mean(of.map((r) => r.pTyped))),
      of.filter((r) => r.followed !== undefined).length,
    ];
  });
  rows.push([
    'overall',
    results.length,
    fixed(mean(results.map((r) => r.p))),
    fixed(mean(results.map((r) => r.rr))),
    fixed(mean(results.map((r) => r.pTyped))),
    results.filter((r) => r.followed !== undefined).length,
  ]);
  console.log(
    `\n== Relevance by kind (sort=best_match; P@${K}; MRR over the first ${DEPTH}; ` +
      `target P@${K} >= 0.9 overall, >= 0.8 per kind) ==\n`,
  );
  table(['kind', 'queries', `P@${K}`, 'MRR', `P@${K} as typed`, 'did you mean'], rows);
  console.log(
    `(P@${K} and MRR: the list the buyer reaches, following 'Did you mean' once when the ` +
      `query found nothing; as typed: without following it)`,
  );

  const misses = results.filter((r) => r.p < 1);
  console.log(`\n== Misses: ${misses.length} of ${results.length} queries below P@${K} = 1 ==`);
  for (const r of misses) {
    console.log(
      `\n[${r.query.kind}] ${r.query.q}  P@${K} ${fixed(r.p)}  RR ${fixed(r.rr)}  ` +
        `(${r.total.toLocaleString('en')} found, ${r.relevant.size.toLocaleString('en')} relevant)` +
        (r.followed === undefined ? '' : `  after 'Did you mean ${r.followed}'`),
    );
    if (r.titles.length === 0) console.log('    (nothing found)');
    r.titles.forEach((title, i) =>
      console.log(`    ${r.relevant.has(r.ranked[i]) ? '+' : '-'} ${title}`),
    );
  }
  if (unanswerable.length > 0) {
    console.log(
      `\nleft out: ${unanswerable.length} queries with no relevant work in this catalogue ` +
        `(${unanswerable.map((r) => r.query.q).join(', ')})`,
    );
  }
  const empty = results.filter((r) => r.relevant.size < K);
  if (empty.length > 0) {
    console.log(
      `\nnote: ${empty.length} queries have fewer than ${K} relevant works in this catalogue ` +
        `(${empty.map((r) => `${r.query.q}: ${r.relevant.size}`).join(', ')}); their P@${K} ` +
        'is out of that many.',
    );
  }
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runRelevanceBench(process.argv.slice(2))
    .then(async (code) => {
      await cleanup();
      process.exit(code);
    })
    .catch(async (error) => {
      console.error(error instanceof Error ? error.message : error);
      await cleanup();
      process.exit(1);
    });
}
