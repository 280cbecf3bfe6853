import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One process at a time per PGlite data directory. PGlite is PostgreSQL in one process with
 * no shared memory between processes: a second one opening the same files (an import while
 * the server runs) silently corrupts indexes and loses committed rows. The lock is a file
 * created with O_EXCL beside the data directory, holding who took it; a holder that died
 * (kill -9, power loss) leaves it behind, so it counts only while that process lives.
 */

/** What the lock file says about its holder. */
export interface LockHolder {
  pid: number;
  /** 'the server', 'catalogue import', … */
  role: string;
  /** ISO time the lock was taken. */
  started: string;
  host: string;
  /** The holder's start time in clock ticks since boot (Linux), to tell a reused pid. */
  bootTicks?: number;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${describeHolder(holder)}. ` +
        'PGlite allows one process at a time: stop that process first and try again ' +
        '(with PostgreSQL, DATABASE_URL, several processes may share the database).',
    );
  }
}

const describeHolder = (holder: LockHolder): string =>
  `${holder.role} (pid ${holder.pid}${holder.host !== hostname() ? ` on ${holder.host}` : ''}, started ${holder.started})`;

/** The lock file of a data directory: beside it, so PGlite's own files stay its own. */
export const lockPathOf = (dataDir: string): string => `${path.resolve(dataDir)}.lock`;

/** What this process is, from its entry script: how a refused second process names it. */
function processRole(argv: readonly string[] = process.argv): string {
  const script = (argv[1] ?? '').replace(/\\/g, '/');
  if (/\/server\.[cm]?[jt]s$/.test(script)) return 'the server';
  // Sources (tsx) and their compiled bundles (dist/, docs/deployment.md).
  if (/catalogue-import(\/cli)?\.[cm]?[jt]s$/.test(script)) return 'catalogue import';
  if (/demo\/(src|dist)\/(cli|seed|first-start)\.[cm]?[jt]s$/.test(script))
    return 'demo catalogue seeding';
  if (/staff-(cli|create)\.[cm]?[jt]s$/.test(script)) return 'staff:create';
  return script ? `node ${path.basename(script)}` : 'a node process';
}

/** Field 22 of /proc/PID/stat: when the process started. Undefined off Linux. */
function bootTicksOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}

/** The lock files this process holds: a pid equal to ours in any other file is a dead holder. */
const held = new Map<string, LockHolder>();

function alive(holder: LockHolder): boolean {
  // Another machine sharing the directory (NFS): its pids mean nothing here; assume alive.
  if (holder.host !== hostname()) return true;
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return false;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The pid lives, but after a restart (a container's pid 1, say) it may be another process.
  const ticks = bootTicksOf(holder.pid);
  return ticks === undefined || holder.bootTicks === undefined || ticks === holder.bootTicks;
}

async function readHolder(file: string): Promise<LockHolder | null | 'missing'> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const value = JSON.parse(text) as LockHolder;
    return typeof value.pid === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** A lock file whose writer died between creating and writing it is empty: stale after this. */
const UNWRITTEN_GRACE_MS = 5_000;

/** Takes `file` over from a dead holder; false when someone else got there first. */
async function removeStale(file: string, seen: string): Promise<boolean> {
  // Renaming first, then checking it is the file judged stale: never delete a fresh lock that
  // a third process created between our read and our removal.
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const text = await readFile(aside, 'utf8').catch(() => '');
  if (text !== seen) {
    // Someone's live lock: put it back if its place is still free, else it was theirs to lose.
    await rename(aside, file).catch(() => undefined);
    return false;
  }
  await unlink(aside).catch(() => undefined);
  return true;
}

export interface DataDirLock {
  readonly file: string;
  release(): Promise<void>;
}

/**
 * Takes the lock of `dataDir` or throws DataDirLockedError naming the live holder. A lock
 * left by a dead process is taken over. Released by `release()` or, failing that, when this
 * process exits.
 */
export async function lockDataDir(
  dataDir: string,
  role: string = processRole(),
): Promise<DataDirLock> {
  const file = lockPathOf(dataDir);
  const me: LockHolder = {
    pid: process.pid,
    role,
    started: new Date().toISOString(),
    host: hostname(),
    ...(bootTicksOf(process.pid) !== undefined ? { bootTicks: bootTicksOf(process.pid) } : {}),
  };
  const content = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; ; attempt++) {
    const mine = held.get(file);
    if (mine) throw new DataDirLockedError(dataDir, mine);
    try {
      const handle = await open(file, 'wx');
      try {
        await handle.writeFile(content);
        await handle.sync();
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (attempt >= 20) throw new Error(`Cannot take the lock ${file}: it keeps changing`);
    const holder = await readHolder(file);
    if (holder === 'missing') continue;
    if (holder && alive(holder)) throw new DataDirLockedError(dataDir, holder);
    if (!holder) {
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs < UNWRITTEN_GRACE_MS) {
        // Being written this very moment by another starting process.
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
    }
    const seen = await readFile(file, 'utf8').catch(() => '');
    await removeStale(file, seen);
  }

  held.set(file, me);
  const releaseSync = (): void => {
    try {
      if (readFileSync(file, 'utf8') === content) unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
  // process.exit() (a shutdown that timed out, a failed start) skips close(): never leave
  // the directory locked by a process that no longer runs.
  process.on('exit', releaseSync);
  let released = false;
  return {
    file,
    async release() {
      if (released) return;
      released = true;
      process.off('exit', releaseSync);
      releaseSync();
      held.delete(file);
    },
  };
}
