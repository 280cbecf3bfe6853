import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DriverKind } from '../../db/client';

/**
 * The crash test (crash.int.test.ts, and `pnpm bench:crash` through cli.ts): the real server
 * process under a write load, killed with SIGKILL mid-load, restarted on the same data, and
 * every write it acknowledged (a 2xx) looked for through the API.
 *
 * Writes: registrations (each user then signs in after every restart: the account is there)
 * and collections created by those users (listed after every restart).
 */

const SERVER_DIR = path.join(__dirname, '..', '..', '..');
const PASSWORD = 'crash-test-password-1';

export interface CrashOptions {
  driver: DriverKind;
  /** PostgreSQL: an admin URL; a fresh database is created (and dropped) there. */
  adminUrl?: string;
  /** Kill–restart cycles. Default 3. */
  cycles?: number;
  /** Load before each kill, in ms. Default 2000. */
  loadMs?: number;
  /** Concurrent writers. Default 8. */
  writers?: number;
  log?: (line: string) => void;
}

export interface CrashReport {
  driver: DriverKind;
  cycles: number;
  /** Writes the server answered with a 2xx. */
  acknowledged: number;
  /** Of those, found after the restarts. */
  found: number;
  lost: number;
  /** Requests cut by the kill (no answer): either outcome is right for them. */
  unanswered: number;
  /** What was lost, for the failure message. */
  missing: string[];
}

interface Answer {
  status: number;
  body: unknown;
}

/** Keep-alive connections of the current run (replaced per run, destroyed at its end). */
let agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url,
      {
        method,
        agent,
        timeout: 10_000,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', () => resolve({ status: -1, body: null }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: -1, body: null }));
    req.end(payload);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
  output: () => string;
}

/** `tsx src/server.ts` in its own process group, ready at its first 200 from /api/health/. */
async function startServer(env: NodeJS.ProcessEnv, url: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let gone = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      gone = true;
      resolve();
    }),
  );
  const started = Date.now();
  for (;;) {
    if (gone) throw new Error(`the server exited before answering:\n${output}`);
    const health = await request(`${url}/api/health/`, 'GET');
    if (health.status === 200) return { child, exited, output: () => output };
    if (Date.now() - started > 60_000) {
      kill(child);
      throw new Error(`the server did not answer within 60 s:\n${output}`);
    }
    await sleep(100);
  }
}

function kill(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    /* gone */
  }
}

interface User {
  email: string;
}

export async function runCrashLoad(options: CrashOptions): Promise<CrashReport> {
  const cycles = options.cycles ?? 3;
  const loadMs = options.loadMs ?? 2000;
  const writers = options.writers ?? 8;
  const log = options.log ?? (() => undefined);
  agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const dir = await mkdtemp(path.join(tmpdir(), `atelier-crash-${options.driver}-`));
  const tag = randomBytes(3).toString('hex');
  let databaseName: string | undefined;
  let running: Running | undefined;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dir,
    DEMO_IMAGES: '0',
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT: '0',
    WEB_CONCURRENCY: '1',
  };
  for (const key of ['DATABASE_URL', 'MEDIA_DIR', 'REMOTES_FILE', 'FRONTEND_DIR', 'NODE_ENV']) {
    delete env[key];
  }
  const admin = async (text: string): Promise<void> => {
    const client = new pg.Client({ connectionString: options.adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  if (options.driver === 'postgres') {
    if (!options.adminUrl) throw new Error('the PostgreSQL crash test needs an admin URL');
    databaseName = `atelier_crash_${process.pid}_${tag}`;
    await admin(`create database "${databaseName}"`);
    const url = new URL(options.adminUrl);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  }

  const users: User[] = [];
  const collections: { email: string; name: string; id: number }[] = [];
  let unanswered = 0;
  let acknowledgedUsers = 0;

  try {
    for (let cycle = 1; cycle <= cycles; cycle++) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const starting = Date.now();
      running = await startServer({ ...env, PORT: String(port), HOST: '127.0.0.1' }, url);
      log(`${options.driver}: cycle ${cycle}: server ready in ${Date.now() - starting} ms`);
      let killed = false;
      // The kill comes `loadMs` after every writer has its account (password hashing is slow).
      let waiting = writers;
      let allReady: () => void = () => undefined;
      const readyAll = new Promise<void>((resolve) => (allReady = resolve));
      const ready = (): void => {
        waiting -= 1;
        if (waiting === 0) allReady();
      };
      const writer = async (w: number): Promise<void> => {
        // A new account per writer and cycle, then collections until the kill.
        const email = `crash-${tag}-${cycle}-${w}@example.com`;
        const registered = await request(`${url}/auth/users/`, 'POST', {
          email,
          name: `Crash ${cycle}.${w}`,
          password: PASSWORD,
        });
        if (registered.status === -1) unanswered += 1;
        if (registered.status !== 201) {
          ready();
          return;
        }
        const user: User = { email };
        users.push(user);
        acknowledgedUsers += 1;
        const signedIn = await request(`${url}/auth/jwt/create/`, 'POST', {
          email,
          password: PASSWORD,
        });
        ready();
        if (signedIn.status !== 200) return;
        const token = (signedIn.body as { access: string }).access;
        for (let n = 0; !killed; n++) {
          const name = `crash ${tag} ${cycle}.${w}.${n}`;
          const created = await request(
            `${url}/api/collections/`,
            'POST',
            { name, public: false },
            { authorization: `Bearer ${token}` },
          );
          if (created.status === -1) unanswered += 1;
          else if (created.status >= 200 && created.status < 300) {
            collections.push({ email, name, id: (created.body as { id: number }).id });
          } else if (!killed) {
            throw new Error(
              `collection creation answered ${created.status}: ${JSON.stringify(created.body)}`,
            );
          }
        }
      };
      const load = Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
      await Promise.race([readyAll, load]);
      await sleep(loadMs);
      // Mid-load: requests are in flight at this moment.
      killed = true;
      kill(running.child);
      await running.exited;
      await load;
      log(
        `${options.driver}: cycle ${cycle}: killed with ${collections.length} collections and ` +
          `${acknowledgedUsers} accounts acknowledged so far`,
      );
    }

    // The last restart, then every acknowledged write is looked for.
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    running = await startServer({ ...env, PORT: String(port), HOST: '127.0.0.1' }, url);
    const missing: string[] = [];
    let found = 0;
    for (const user of users) {
      const signedIn = await request(`${url}/auth/jwt/create/`, 'POST', {
        email: user.email,
        password: PASSWORD,
      });
      if (signedIn.status !== 200) {
        missing.push(`account ${user.email} (sign-in answered ${signedIn.status})`);
        continue;
      }
      found += 1;
      const token = (signedIn.body as { access: string }).access;
      const names = new Set<string>();
      for (let offset = 0; ; offset += 1000) {
        const listed = await request(
          `${url}/api/collections/?limit=1000&offset=${offset}`,
          'GET',
          undefined,
          { authorization: `Bearer ${token}` },
        );
        if (listed.status !== 200) throw new Error(`collections answered ${listed.status}`);
        const page = listed.body as { results: { name: string; id: number }[]; next: unknown };
        for (const c of page.results) names.add(`${c.id} ${c.name}`);
        if (!page.next) break;
      }
      for (const collection of collections.filter((c) => c.email === user.email)) {
        if (names.has(`${collection.id} ${collection.name}`)) found += 1;
        else missing.push(`collection ${collection.id} "${collection.name}" of ${user.email}`);
      }
    }
    const acknowledged = acknowledgedUsers + collections.length;
    return {
      driver: options.driver,
      cycles,
      acknowledged,
      found,
      lost: acknowledged - found,
      unanswered,
      missing,
    };
  } finally {
    if (running) {
      kill(running.child);
      await running.exited;
    }
    agent.destroy();
    if (databaseName) await admin(`drop database if exists "${databaseName}" with (force)`);
    await rm(dir, { recursive: true, force: true });
  }
}
