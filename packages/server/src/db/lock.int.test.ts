import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from './client';
import { DataDirLockedError, lockDataDir, lockPathOf } from './lock';

const SERVER_DIR = path.join(__dirname, '..', '..');

/** Another process holding the lock of `dataDir` as `role`, until killed. */
async function holder(dataDir: string, role: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `require('./src/db/lock.ts').lockDataDir(${JSON.stringify(dataDir)}, ${JSON.stringify(role)})
        .then(() => { console.log('locked'); setInterval(() => {}, 1000); })`,
    ],
    { cwd: SERVER_DIR, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`lock holder exited (${code})`)));
  });
  return child;
}

const killed = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe('the PGlite data directory lock', () => {
  let dir: string;
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'atelier-lock-'));
    dataDir = path.join(dir, 'pglite');
  });
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) await killed(child);
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a second process, naming the holder, its pid and when it started', async () => {
    const child = await holder(dataDir, 'catalogue import');
    children.push(child);
    const refused = openPglite({ dataDir, role: 'the server' });
    await expect(refused).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(refused).rejects.toThrow(
      new RegExp(`in use by catalogue import \\(pid ${child.pid}, started \\d{4}-\\d\\d-\\d\\dT`),
    );
    // PGlite never opened the directory: nothing was created in it.
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
  });

  it('takes over the lock of a holder killed with SIGKILL', async () => {
    const child = await holder(dataDir, 'the server');
    await killed(child);
    expect(existsSync(lockPathOf(dataDir))).toBe(true);
    const lock = await lockDataDir(dataDir, 'catalogue import');
    expect(JSON.parse(await readFile(lock.file, 'utf8'))).toMatchObject({
      pid: process.pid,
      role: 'catalogue import',
    });
    await lock.release();
    expect(existsSync(lockPathOf(dataDir))).toBe(false);
  });

  it('treats a lock left unwritten or by a pid now used by another process as stale', async () => {
    await writeFile(lockPathOf(dataDir), '');
    const old = new Date(Date.now() - 60_000);
    await utimes(lockPathOf(dataDir), old, old);
    const first = await lockDataDir(dataDir);
    await first.release();
    // Our own pid in a file we do not hold: a previous life of this pid (a container's pid 1).
    await writeFile(
      lockPathOf(dataDir),
      JSON.stringify({ pid: process.pid, role: 'the server', started: '', host: hostname() }),
    );
    const second = await lockDataDir(dataDir);
    await second.release();
  });

  it('refuses a second open in the same process and is released on close', async () => {
    const database = await openPglite({ dataDir, role: 'the server' });
    await expect(openPglite({ dataDir })).rejects.toThrow(/in use by the server/);
    await database.close();
    expect(existsSync(lockPathOf(dataDir))).toBe(false);
    const again = await openPglite({ dataDir });
    await again.close();
  });
});
