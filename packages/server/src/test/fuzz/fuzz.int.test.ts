import type { TestContext } from '../app';
import { TEST_DRIVERS } from '../databases';
import { describeRequest, type FuzzReport } from './generator';
import { fuzz, fuzzContext } from './setup';

/** FUZZ_SEED reruns a failing run; FUZZ_RUNS makes it longer (requests per operation). */
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_101);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

describe.each(TEST_DRIVERS)('fuzzing every operation of the OpenAPI document on %s', (driver) => {
  let ctx: TestContext;
  let report: FuzzReport;

  beforeAll(async () => {
    ctx = await fuzzContext(driver);
    report = await fuzz(ctx, { runsPerOperation: RUNS, seed: SEED });
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  it('answers every request without a 5xx, an internal message or a non-DRF error body', () => {
    const shown = report.failures
      .slice(0, 10)
      .map((f) => `${f.operation}: ${f.problem}\n  request: ${describeRequest(f.request)}`);
    const header =
      `${report.failures.length} of ${report.requests} requests failed ` +
      `(FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} reproduces them)`;
    expect(report.failures.length === 0 ? 'none' : [header, ...shown].join('\n')).toBe('none');
  });

  it('reached the handlers, not only the validators, signed in and not', () => {
    // A generator that only ever produced garbage would pass the test above vacuously.
    const ok = Object.entries(report.byStatus)
      .filter(([status]) => Number(status) < 300)
      .reduce((sum, [, count]) => sum + count, 0);
    expect(ok).toBeGreaterThan(report.requests / 20);
    expect(report.byStatus[400]).toBeGreaterThan(0);
    expect(report.byStatus[403]).toBeGreaterThan(0);
  });
});
