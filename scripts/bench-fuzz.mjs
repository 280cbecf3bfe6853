#!/usr/bin/env node
// Fuzz counts (`pnpm bench:fuzz`, also a phase of `pnpm bench`): the requests of the fuzz
// suite (packages/server/src/test/fuzz, generated from the server's OpenAPI document), sent
// to an in-process app on PGlite and on PostgreSQL; prints the requests sent and their
// counts by status per driver. It fails when any request broke the contract (a 5xx, an
// internal message, a non-DRF error body), as the test suite would.
//
//   --runs N    requests per operation (default 150; the test suite sends 100)
//   --seed N    fast-check seed (default 20251101)
//
// PostgreSQL: TEST_DATABASE_URL, else BENCH_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres (an admin connection: each run creates and
// drops its own database). PGlite only when none answers.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { SERVER_DIR, table } from './lib/server.mjs';

const serverRequire = createRequire(path.join(SERVER_DIR, 'package.json'));

async function reachable(url) {
  const pg = serverRequire('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function runFuzz(runs, seed, databaseUrl) {
  const env = { ...process.env };
  if (databaseUrl) env.TEST_DATABASE_URL = databaseUrl;
  else delete env.TEST_DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/test/fuzz/run.ts', String(runs), String(seed)],
      { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const reports = out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line));
      if (code !== 0 && reports.length === 0) reject(new Error(`fuzz runner exited ${code}`));
      else resolve(reports);
    });
  });
}

export async function runFuzzBench(argv = []) {
  const { values } = parseArgs({
    args: argv,
    options: { runs: { type: 'string' }, seed: { type: 'string' } },
  });
  const runs = Number(values.runs ?? 150);
  const seed = Number(values.seed ?? 20_251_101);
  const admin =
    process.env.TEST_DATABASE_URL ||
    process.env.BENCH_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres';
  const postgres = (await reachable(admin)) ? admin : undefined;

  console.log(
    `\n== Fuzz: every OpenAPI operation × ${runs} requests (seed ${seed}); ` +
      `${postgres ? 'PGlite and PostgreSQL' : `PGlite only (${admin} does not answer)`} ==\n`,
  );
  const reports = await runFuzz(runs, seed, postgres);
  const statuses = [...new Set(reports.flatMap((r) => Object.keys(r.byStatus)))].sort();
  table(
    ['driver', 'requests', 'seconds', 'failures', ...statuses],
    reports.map((r) => [
      r.driver,
      r.requests,
      r.seconds,
      r.failures,
      ...statuses.map((s) => r.byStatus[s] ?? 0),
    ]),
  );
  const failed = reports.filter((r) => r.failures > 0);
  for (const r of failed) {
    console.log(`\n${r.driver}: ${r.failures} requests broke the contract; the first ones:`);
    for (const line of r.firstFailures) console.log(`  ${line.slice(0, 600)}`);
  }
  if (failed.length > 0) throw new Error('fuzz: some requests broke the contract');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runFuzzBench(process.argv.slice(2)).catch((error) => {
    console.error(`bench-fuzz: ${error.message}`);
    process.exitCode = 1;
  });
}
