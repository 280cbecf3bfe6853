/**
 * `pnpm bench:fuzz` (through scripts/bench-fuzz.mjs): the fuzz suite's requests on each test
 * driver, printed as one JSON line per driver: requests, counts by status, failures.
 *   tsx src/test/fuzz/run.ts [runsPerOperation] [seed]
 */
import { TEST_DRIVERS } from '../databases';
import { describeRequest } from './generator';
import { fuzz, fuzzContext } from './setup';

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 150);
  const seed = Number(process.argv[3] ?? 20_251_101);
  for (const driver of TEST_DRIVERS) {
    const ctx = await fuzzContext(driver);
    try {
      const started = performance.now();
      const report = await fuzz(ctx, { runsPerOperation: runs, seed });
      console.log(
        JSON.stringify({
          driver,
          seed,
          runsPerOperation: runs,
          seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
          requests: report.requests,
          byStatus: report.byStatus,
          failures: report.failures.length,
          firstFailures: report.failures
            .slice(0, 5)
            .map((f) => `${f.operation}: ${f.problem} (${describeRequest(f.request)})`),
        }),
      );
    } finally {
      await ctx.close();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
