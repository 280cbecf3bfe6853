/**
 * The crash test's counts for `pnpm bench:crash` (scripts/bench-crash.mjs):
 *   tsx src/test/crash/cli.ts pglite|postgres [--cycles N] [--load-ms N] [--writers N]
 * PostgreSQL: a fresh database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 * Prints one JSON line: the CrashReport.
 */
import { parseArgs } from 'node:util';
import type { DriverKind } from '../../db/client';
import { runCrashLoad } from './load';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      cycles: { type: 'string', default: '3' },
      'load-ms': { type: 'string', default: '2000' },
      writers: { type: 'string', default: '8' },
    },
  });
  const driver = positionals[0] as DriverKind;
  if (driver !== 'pglite' && driver !== 'postgres')
    throw new Error('usage: cli.ts pglite|postgres');
  const report = await runCrashLoad({
    driver,
    adminUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    cycles: Number(values.cycles),
    loadMs: Number(values['load-ms']),
    writers: Number(values.writers),
    log: (line) => console.error(line),
  });
  console.log(JSON.stringify(report));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
