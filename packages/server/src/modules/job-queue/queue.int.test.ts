import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type Database } from '../../db/client';
import { migrate } from '../../db/migrate';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../test/databases';
import { createJobQueue, PermanentJobError, retryDelayMs, type Job } from './queue';

/** A "process": its own connection to the same database, opened and closed at will. */
interface Restartable {
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

async function restartable(driver: 'pglite' | 'postgres'): Promise<Restartable> {
  if (driver === 'pglite') {
    // A data directory, as `pnpm start` has: closing and opening it again is a restart.
    const dir = await mkdtemp(path.join(tmpdir(), 'atelier-jobs-'));
    return {
      async open() {
        const database = await openPglite({ dataDir: dir });
        await migrate(database.db);
        return database;
      },
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  }
  // Each open() is a new process's own pool on the same database.
  const test: TestDatabase = await createTestDatabase('postgres');
  return {
    open: () => openPostgres(test.url as string, { max: 2 }),
    dispose: () => test.dispose(),
  };
}

const jobRow = (database: Database, id: string) =>
  database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe.each(TEST_DRIVERS)('job queue on %s', (driver) => {
  jest.setTimeout(60_000);

  it('a job enqueued before a restart is run after it', async () => {
    const store = await restartable(driver);
    try {
      const first = await store.open();
      const before = createJobQueue(first.db);
      const id = await before.enqueue('greet', { name: 'Ada' });
      await first.close(); // the process ends before any worker ran it

      const second = await store.open();
      const seen: unknown[] = [];
      const after = createJobQueue(second.db, { pollMs: 10 });
      after.register('greet', { run: async (job) => void seen.push(job.payload) });
      after.start();
      for (let i = 0; i < 200 && seen.length === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await after.stop();
      expect(seen).toEqual([{ name: 'Ada' }]);
      expect(await jobRow(second, id)).toMatchObject({ state: 'done', attempts: 1 });
      await second.close();
    } finally {
      await store.dispose();
    }
  });

  it('a job whose worker died mid-way is taken over once its lease runs out', async () => {
    const database = await createTestDatabase(driver);
    try {
      const dying = createJobQueue(database.db, { leaseMs: 1500 });
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      // This worker claims the job and never finishes it: its process has died.
      dying.register('work', { run: () => (started(), new Promise(() => undefined)) });
      const id = await dying.enqueue('work', {});
      void dying.drain();
      await running;

      const runs: Job[] = [];
      const survivor = createJobQueue(database.db, { leaseMs: 1500 });
      survivor.register('work', { run: async (job) => void runs.push(job) });
      expect(await survivor.drain()).toBe(0); // still leased
      await new Promise((resolve) => setTimeout(resolve, 1700));
      expect(await survivor.drain()).toBe(1);
      expect(runs[0]?.attempt).toBe(2);
      expect(await jobRow(database, id)).toMatchObject({ state: 'done' });
    } finally {
      await database.dispose();
    }
  });

  it('retries a failure with backoff, keeping the reason, until it succeeds', async () => {
    const database = await createTestDatabase(driver);
    try {
      const queue = createJobQueue(database.db, { backoffMs: 60_000 });
      let calls = 0;
      queue.register('flaky', {
        run: async () => {
          calls += 1;
          if (calls === 1) throw new Error('the printer is out of paper');
        },
      });
      const id = await queue.enqueue('flaky', {});
      expect(await queue.drain()).toBe(1);
      const waiting = await jobRow(database, id);
      expect(waiting).toMatchObject({
        state: 'queued',
        attempts: 1,
        last_error: 'the printer is out of paper',
      });
      // Not before its backoff: another drain leaves it alone.
      expect(waiting.run_at.getTime() - Date.now()).toBeGreaterThan(50_000);
      expect(await queue.drain()).toBe(0);
      await database.db
        .updateTable('jobs')
        .set({ run_at: new Date() })
        .where('id', '=', id)
        .execute();
      expect(await queue.drain()).toBe(1);
      expect(await jobRow(database, id)).toMatchObject({ state: 'done', attempts: 2 });
    } finally {
      await database.dispose();
    }
  });

  it('fails a job for good after its last attempt or a permanent error, telling its handler once', async () => {
    const database = await createTestDatabase(driver);
    try {
      const queue = createJobQueue(database.db, { backoffMs: 0 });
      const failures: string[] = [];
      queue.register('doomed', {
        run: async (job) => {
          throw (job.payload as { permanent: boolean }).permanent
            ? new PermanentJobError('not a picture')
            : new Error('disk full');
        },
        failed: async (_job, reason) => void failures.push(reason),
      });
      const retried = await queue.enqueue('doomed', { permanent: false }, { maxAttempts: 3 });
      const permanent = await queue.enqueue('doomed', { permanent: true }, { maxAttempts: 3 });
      await queue.drain();
      expect(await jobRow(database, retried)).toMatchObject({
        state: 'failed',
        attempts: 3,
        last_error: 'disk full',
      });
      expect(await jobRow(database, permanent)).toMatchObject({
        state: 'failed',
        attempts: 1,
        last_error: 'not a picture',
      });
      expect(failures.sort()).toEqual(['disk full', 'not a picture']);
    } finally {
      await database.dispose();
    }
  });

  it('backs off exponentially, at most an hour', () => {
    expect([1, 2, 3].map((attempt) => retryDelayMs(attempt, 5000))).toEqual([5000, 10000, 20000]);
    expect(retryDelayMs(40, 5000)).toBe(3_600_000);
  });
});
