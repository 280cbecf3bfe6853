import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, type TestDatabase } from './test/databases';

const SERVER_DIR = path.resolve(__dirname, '..');

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** The server processes a process started (the esbuild service tsx starts is not one). */
const children = (pid: number): number[] => {
  try {
    return execFileSync('pgrep', ['-P', String(pid), '-f', 'src/server.ts'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};

// Several workers need PostgreSQL: PGlite lives in one process.
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('the server with two workers', () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrated: false });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-cluster-'));
  }, 60_000);
  afterAll(async () => {
    await database.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves from two workers, and stops them all on SIGTERM', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_IMAGES: '0',
        WEB_CONCURRENCY: '2',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    try {
      let health: Response | undefined;
      for (let i = 0; i < 600 && !health?.ok; i++) {
        health = await fetch(`http://127.0.0.1:${port}/api/health/`).catch(() => undefined);
        if (!health?.ok) await sleep(100);
      }
      expect(health?.status).toBe(200);
      expect(children(server.pid as number)).toHaveLength(2);
      const search = await fetch(`http://127.0.0.1:${port}/content/search/v3/?q=harbour`);
      expect(search.status).toBe(200);
      const workers = children(server.pid as number);
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
    }
  }, 90_000);
});
