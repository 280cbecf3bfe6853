import { TEST_DRIVERS } from '../databases';
import { runCrashLoad } from './load';

/**
 * kill -9 of the real server under a write load, restarted on the same data: every write it
 * acknowledged is there (load.ts). PostgreSQL: a database of its own on TEST_DATABASE_URL.
 */
describe.each(TEST_DRIVERS)('the server killed with SIGKILL under load, on %s', (driver) => {
  it('keeps every write it acknowledged across kill and restart cycles', async () => {
    const report = await runCrashLoad({
      driver,
      ...(driver === 'postgres' ? { adminUrl: process.env.TEST_DATABASE_URL } : {}),
      cycles: 2,
      loadMs: 1000,
    });
    expect(report.missing).toEqual([]);
    expect(report.lost).toBe(0);
    // A load worth the name: accounts in every cycle and many collections.
    expect(report.acknowledged).toBeGreaterThan(50);
    expect(report.found).toBe(report.acknowledged);
  }, 120_000);
});
