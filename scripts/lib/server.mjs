// Starting and stopping the real server from the benchmark scripts (bench.mjs,
// bench-search.mjs): a free port, the demo's first start and `tsx src/server.ts` in their own process group, the first
// 200 from /api/health/, and a clean-up that stops whatever was started, whatever happens.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_DIR = path.join(REPO_ROOT, 'packages', 'server');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------
// Clean-up: whatever happens, the servers a script started are stopped.
const cleanups = [];
const running = new Set();
let cleaning = null;

/** Runs `fn` at clean-up: last registered, first run; `last` puts it after all the others. */
export function onCleanup(fn, { last = false } = {}) {
  if (last) cleanups.unshift(fn);
  else cleanups.push(fn);
}

/** Runs every clean-up once; later calls wait for the same run. */
export function cleanup() {
  cleaning ??= (async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch {
        /* keep going */
      }
    }
  })();
  return cleaning;
}

let handlersInstalled = false;
/** Stops started servers on SIGINT/SIGTERM/SIGHUP and, as a last resort, on exit. */
export function installCleanupHandlers(name) {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      console.error(`\n${name}: ${signal}, stopping`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  process.on('exit', () => {
    // Synchronous: kill any server still running.
    for (const pid of running) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  });
}

// ---------------------------------------------------------------------------------------
function isPortFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '0.0.0.0', exclusive: true }, () =>
      probe.close(() => resolve(true)),
    );
  });
}

/** `preferred` when it is free, else any free port. */
export async function freePort(preferred) {
  if (preferred && (await isPortFree(preferred))) return preferred;
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '0.0.0.0' }, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs the demo's first start, then `tsx src/server.ts` (the sources; `pnpm start` runs the
 * same two steps, the server compiled), and resolves
 * at the first 200 from /api/health/ with {url, seconds, health, stop}. `env` is laid over
 * a copy of this process's environment with DATABASE_URL, MEDIA_DIR, REMOTES_FILE and
 * FRONTEND_DIR removed; an `undefined` value removes a variable.
 */
export async function startServer({ port, dataDir, logFile, env = {}, timeoutMs = 600_000 }) {
  const childEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
  };
  for (const key of ['DATABASE_URL', 'MEDIA_DIR', 'REMOTES_FILE', 'FRONTEND_DIR']) {
    delete childEnv[key];
  }
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[key];
    else childEnv[key] = value;
  }
  const log = createWriteStream(logFile, { flags: 'a' });
  const started = performance.now();
  // As `pnpm start`: the demo's first start (DEMO_IMAGES), then the server, one process group.
  const node = JSON.stringify(process.execPath);
  const firstStart = JSON.stringify(path.join(REPO_ROOT, 'tools', 'demo', 'src', 'first-start.ts'));
  // node's flags as `pnpm start` passes them (packages/server/package.json): V8's young
  // generation and its collector.
  const startFlags = serverStartFlags();
  // BENCH_CPU_PROF_DIR: the server (and each cluster worker) writes a V8 CPU profile there
  // when it stops (NODE_OPTIONS refuses --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? `--cpu-prof --cpu-prof-dir=${JSON.stringify(process.env.BENCH_CPU_PROF_DIR)} `
    : '';
  // BENCH_NODE_FLAGS: more of node's or V8's flags for the server (NODE_OPTIONS refuses most
  // of V8's), to measure one against the default.
  const flags = process.env.BENCH_NODE_FLAGS ? `${process.env.BENCH_NODE_FLAGS} ` : '';
  const command = `${node} --import tsx ${firstStart} && exec ${node} ${profile}${flags}${startFlags} --import tsx src/server.ts`;
  const child = spawn('/bin/sh', ['-c', command], {
    cwd: SERVER_DIR,
    env: childEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child.pid);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = null;
  const exit = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exited = signal ?? code;
      running.delete(child.pid);
      resolve();
    }),
  );
  const stop = async () => {
    if (exited !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 10_000);
    await exit;
    clearTimeout(timer);
  };
  onCleanup(stop);
  const url = `http://localhost:${port}`;
  for (;;) {
    if (exited !== null)
      throw new Error(`the server exited (${exited}) before answering; see ${logFile}`);
    try {
      const response = await fetch(`${url}/api/health/`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) {
        const seconds = (performance.now() - started) / 1000;
        const health = await response.json().catch(() => ({}));
        return { url, seconds, health, stop, pid: child.pid };
      }
    } catch {
      /* not yet */
    }
    if (performance.now() - started > timeoutMs) {
      await stop();
      throw new Error(`the server did not answer within ${timeoutMs / 1000} s; see ${logFile}`);
    }
    await sleep(100);
  }
}

/** Prints a table: the first `leftColumns` columns left-aligned, the rest right-aligned. */
export function table(headers, rows, leftColumns = 1) {
  const pad = (value, width, left) =>
    left ? String(value).padEnd(width) : String(value).padStart(width);
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (cells) => cells.map((cell, i) => pad(cell, widths[i], i < leftColumns)).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** The flags `pnpm start` gives node (packages/server/package.json: `node FLAGS dist/server.js`). */
function serverStartFlags() {
  const manifest = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8'));
  const found = /^node ((?:--[\w-]+(?:=\S+)? ?)*)dist\/server\.js$/.exec(manifest.scripts.start);
  if (!found)
    throw new Error(`packages/server's start script is not \`node FLAGS dist/server.js\``);
  return found[1].trim();
}
