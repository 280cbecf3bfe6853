import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const SERVER_DIR = path.join(REPO_ROOT, 'packages', 'server');
const DEMO_FIRST_START = path.join(REPO_ROOT, 'tools', 'demo', 'src', 'first-start.ts');
export const REMOTE_NAMES = ['storefront', 'cart', 'artist', 'manage'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export type RemotesJson = Record<RemoteName, string>;

/** What the server serves when REMOTES_FILE is not set: every remote from its own dist. */
export const defaultRemotes = (): RemotesJson =>
  Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
  ) as RemotesJson;

/** True when nothing listens on `port` (on any interface). */
function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '0.0.0.0', exclusive: true }, () =>
      probe.close(() => resolve(true)),
    );
  });
}

/** `preferred` when it is free, else a port the OS hands out. */
export async function freePort(preferred?: number): Promise<number> {
  if (preferred && (await isPortFree(preferred))) return preferred;
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '0.0.0.0' }, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  port: number;
  dataDir: string;
  remotesFile?: string;
  demoImages?: number;
  /** Server output goes here (appended). */
  logFile: string;
  /** Spawn → first 200 from /api/health/, including the first start's seeding. */
  timeoutMs?: number;
  /** More environment for the server (token lifetimes, rate limits). */
  env?: Record<string, string>;
}

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** packages/server's start script after `node`: its flags, then dist/server.js. */
function serverStartArguments(): string {
  const manifest = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const found = /^node ((?:--[\w-]+(?:=\S+)? )*dist\/server\.js)$/.exec(manifest.scripts.start);
  if (!found) throw new Error("packages/server's start script is not `node FLAGS dist/server.js`");
  return found[1]!;
}

/**
 * Starts the real server as `pnpm start` does (the demo's first start, then `node FLAGS
 * dist/server.js`) in its own process group and waits until /api/health/ answers 200.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const url = `http://localhost:${options.port}`;
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '0.0.0.0',
    DATA_DIR: options.dataDir,
    DEMO_IMAGES: String(options.demoImages ?? 120),
    LOG_LEVEL: process.env.ATELIER_E2E_LOG_LEVEL ?? 'warn',
    FRONTEND_DIR: REPO_ROOT,
    // Every test signs in from 127.0.0.1: the per-IP limit would throttle the suite itself.
    AUTH_RATE_LIMIT: '1000',
    ...options.env,
  };
  delete env.DATABASE_URL; // always the embedded database in DATA_DIR
  delete env.MEDIA_DIR;
  if (options.remotesFile) env.REMOTES_FILE = options.remotesFile;
  else delete env.REMOTES_FILE;

  // What `pnpm start` runs: the demo's first start (tsx), then the compiled server
  // (`pnpm run build` makes dist/server.js) with the start script's node flags, in one
  // process group.
  const command = [
    `${JSON.stringify(process.execPath)} --import tsx ${JSON.stringify(DEMO_FIRST_START)}`,
    `exec ${JSON.stringify(process.execPath)} ${serverStartArguments()}`,
  ].join(' && ');
  const child: ChildProcess = spawn('/bin/sh', ['-c', command], {
    cwd: SERVER_DIR,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `exited with ${signal ?? code}`;
  });

  const stop = async (): Promise<void> => {
    if (exited || child.pid === undefined) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 8_000);
    await gone;
    clearTimeout(timer);
    log.end();
  };

  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  for (;;) {
    if (exited) throw new Error(`the server ${exited} before it was ready; see ${options.logFile}`);
    try {
      const response = await fetch(`${url}/api/health/`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the server was not ready within ${options.timeoutMs ?? 180_000} ms; see ${options.logFile}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, pid: child.pid!, stop };
}

/** The compiled server and the production builds it serves; `pnpm build` makes them. */
export function missingBuilds(): string[] {
  const entries = [
    path.join(SERVER_DIR, 'dist', 'server.js'),
    path.join(REPO_ROOT, 'shell', 'dist', 'index.html'),
    ...REMOTE_NAMES.map((name) => path.join(REPO_ROOT, `mf-${name}`, 'dist', 'mf-manifest.json')),
  ];
  return entries.filter((file) => !existsSync(file)).map((file) => path.relative(REPO_ROOT, file));
}
