#!/usr/bin/env node
// What compressing a search answer costs the server, printed only (never fails on a timing).
// Loads a synthetic PGlite catalogue (default 100,000 images; --pglite-data keeps it between
// runs), starts the real server on it, warms it up, then sends the search workload of
// bench-search.mjs one request at a time, several rounds for each Accept-Encoding, and reads
// the server's CPU (user + system, every thread of its processes, from /proc) around each
// round: CPU per search for identity, gzip and br, the mean answer's bytes, and what
// compression adds to a search.
//
// Usage: node scripts/bench-compression.mjs [--images N] [--rounds N] [--pglite-data DIR]
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildWarmup,
  buildWorkload,
  demoDataModule,
  loadCatalogue,
  makePictures,
  runPass,
  serverModule,
} from './bench-search.mjs';
import { processGroupCpuMs } from './lib/machine.mjs';
import {
  SERVER_DIR,
  cleanup,
  freePort,
  installCleanupHandlers,
  onCleanup,
  startServer,
  table,
} from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    images: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '5' },
    'pglite-data': { type: 'string' },
  },
});
const images = Number(values.images.replace(/_/g, ''));
const rounds = Number(values.rounds);
function get(agent, url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    http
      .get(url, { agent, headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({ status: res.statusCode, bytes, encoding: res.headers['content-encoding'] }),
        );
      })
      .on('error', reject);
  });
}

async function main() {
  installCleanupHandlers('bench-compression');
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-compression-'));
  onCleanup(() => rmSync(runDir, { recursive: true, force: true }), { last: true });
  const dataDir = values['pglite-data'] ?? path.join(runDir, 'data');
  const { openPglite } = await serverModule('src/db/client.ts');
  const { migrate } = await serverModule('src/db/migrate.ts');
  const { loadSyntheticCatalogue } = await demoDataModule('src/synthetic.ts');
  const { sql } = createRequire(path.join(SERVER_DIR, 'package.json'))('kysely');
  const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  let searches;
  try {
    await migrate(database.db);
    const { rows } = await sql`select count(*)::int as n from images`.execute(database.db);
    if (rows[0].n === 0) {
      const pictures = await makePictures(path.join(dataDir, 'media'));
      await loadCatalogue(loadSyntheticCatalogue, database.db, images, pictures, {
        parallel: 1,
        maintenanceWorkMem: '256MB',
      });
    } else {
      console.log(`kept catalogue: ${rows[0].n.toLocaleString('en')} images`);
    }
    searches = await buildWorkload(database.db, sql);
  } finally {
    await database.close();
  }

  const server = await startServer({
    port: await freePort(8317),
    dataDir,
    logFile: path.join(runDir, 'server.log'),
    env: { DATABASE_URL: undefined, DEMO_IMAGES: '0', LOG_LEVEL: 'warn' },
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // Warm-up: JIT, and every search of the workload once, so that each round answers the
  // same searches from the same caches; then one round per encoding, unmeasured.
  await runPass(server.url, await buildWarmup(searches), 4);
  await runPass(server.url, searches, 4);
  const encodings = [undefined, 'gzip, deflate, br, zstd', 'br'];
  for (const encoding of encodings) {
    for (const search of searches)
      await get(agent, `${server.url}/content/search/v3/?${search}`, encoding);
  }
  // This benchmark's figure is the server's CPU: without /proc there is nothing to print.
  if (processGroupCpuMs(server.pid) === null)
    throw new Error('bench:compression reads /proc (Linux)');
  const cpu = new Map(encodings.map((e) => [e, []]));
  const bytes = new Map(encodings.map((e) => [e, { sum: 0, n: 0, seen: new Set() }]));
  // Rounds interleave the encodings, so a busy neighbour on the machine weighs on each alike.
  for (let round = 0; round < rounds; round++) {
    for (const encoding of encodings) {
      const before = processGroupCpuMs(server.pid);
      for (const search of searches) {
        const res = await get(agent, `${server.url}/content/search/v3/?${search}`, encoding);
        if (res.status !== 200) throw new Error(`${search}: ${res.status}`);
        const b = bytes.get(encoding);
        b.sum += res.bytes;
        b.n += 1;
        b.seen.add(res.encoding ?? 'identity');
      }
      cpu.get(encoding).push((processGroupCpuMs(server.pid) - before) / searches.length);
    }
  }
  agent.destroy();
  await server.stop();
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const plain = median(cpu.get(undefined));
  console.log(
    `\n${searches.length} searches a round, ${rounds} rounds each, one at a time; server CPU ` +
      `per search (median round; /proc ticks are 10 ms)\n`,
  );
  table(
    ['Accept-Encoding', 'answered', 'mean bytes', 'CPU ms/search', 'rounds', 'compression adds'],
    encodings.map((encoding) => {
      const m = median(cpu.get(encoding));
      const b = bytes.get(encoding);
      return [
        encoding ?? '(none)',
        [...b.seen].join(','),
        Math.round(b.sum / b.n).toLocaleString('en'),
        m.toFixed(3),
        cpu
          .get(encoding)
          .map((x) => x.toFixed(2))
          .join(' '),
        encoding ? `${(m - plain).toFixed(3)} ms` : '—',
      ];
    }),
  );
}

main()
  .catch((error) => {
    console.error(`bench-compression: ${error.stack || error}`);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
