#!/usr/bin/env node
// Crash counts (`pnpm bench:crash`, also a phase of `pnpm bench`): the real server under a
// write load (new accounts, then collections created by them), killed with SIGKILL mid-load,
// restarted on the same data, for --cycles cycles; then every write it acknowledged with a
// 2xx is looked for through the API. The same run as the crash test
// (packages/server/src/test/crash/load.ts), with longer loads.
//
// Prints per driver: writes acknowledged, found after restart, lost, and requests the kill
// left unanswered (either outcome is right for those).
//
//   --cycles N    kill–restart cycles (default 3)
//   --load-ms N   load before each kill, once every writer has its account (default 2000)
//   --writers N   concurrent writers (default 8)
//
// PGlite always; PostgreSQL on a fresh database made on BENCH_DATABASE_URL (the admin
// connection, default postgres://postgres@127.0.0.1:5432/postgres) unless BENCH_CRASH_PG=0.
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { SERVER_DIR, table } from './lib/server.mjs';

/** One driver's run, in a child (tsx: load.ts is TypeScript); resolves with its report. */
function runDriver(driver, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/test/crash/cli.ts', driver, ...args],
      { cwd: SERVER_DIR, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the ${driver} crash run failed (exit ${code})`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()));
      } catch (error) {
        reject(error);
      }
    });
  });
}

export async function runCrashBench(argv = []) {
  const { values } = parseArgs({
    args: argv,
    options: {
      cycles: { type: 'string', default: '3' },
      'load-ms': { type: 'string', default: '2000' },
      writers: { type: 'string', default: '8' },
    },
  });
  const args = [
    '--cycles',
    values.cycles,
    '--load-ms',
    values['load-ms'],
    '--writers',
    values.writers,
  ];
  const drivers = process.env.BENCH_CRASH_PG === '0' ? ['pglite'] : ['pglite', 'postgres'];
  console.log(
    `\n== Crash: SIGKILL under a write load, ${values.cycles} cycles, ${values.writers} writers ==\n`,
  );
  const rows = [];
  let lost = 0;
  for (const driver of drivers) {
    const report = await runDriver(driver, args);
    lost += report.lost;
    rows.push([
      driver,
      report.cycles,
      report.acknowledged,
      report.found,
      report.lost,
      report.unanswered,
    ]);
    for (const what of report.missing.slice(0, 10)) console.log(`  ${driver}: lost ${what}`);
  }
  table(
    ['driver', 'kills', 'writes acknowledged', 'found after restart', 'lost', 'unanswered'],
    rows,
  );
  if (lost > 0) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runCrashBench(process.argv.slice(2)).catch((error) => {
    console.error(`bench-crash: ${error.stack || error}`);
    process.exitCode = 1;
  });
}
