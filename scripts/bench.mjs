#!/usr/bin/env node
// Figures for the performance work, printed only (it never fails on a timing):
//  1. per front end (shell and the four remotes): JS files in dist, raw and gzip -9 bytes;
//  2. the real server's cold start (spawn → first 200 from /api/health/, seeding a fresh
//     DATA_DIR with the demo catalogue) and warm start (same DATA_DIR again);
//  3. the JS Chromium downloads for a first visit to `/` with a cold cache, file by file.
// Run by `pnpm bench` after `pnpm build`. Env: DEMO_IMAGES (server default when unset),
// BENCH_PORT (default 8191), CHROMIUM_PATH (default /usr/bin/chromium).
import { spawn } from 'node:child_process';
import {
  accessSync,
  constants,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_DIR = path.join(REPO_ROOT, 'packages', 'server');
const chromiumOptions = JSON.parse(
  readFileSync(new URL('../e2e/chromium.json', import.meta.url), 'utf8'),
);
const CHROMIUM = process.env.CHROMIUM_PATH || chromiumOptions.executablePath;
const FRONT_ENDS = [
  ['shell', 'shell'],
  ['storefront', 'mf-storefront'],
  ['cart', 'mf-cart'],
  ['artist', 'mf-artist'],
  ['manage', 'mf-manage'],
];
const BUDGET_KB = 300;
const TARGET_KB = 250;

const kb = (bytes) => (bytes / 1024).toFixed(1);
const gzip9 = (buffer) => gzipSync(buffer, { level: 9 }).length;
const pad = (value, width, right = false) =>
  right ? String(value).padEnd(width) : String(value).padStart(width);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function table(headers, rows, leftColumns = 1) {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (cells) => cells.map((cell, i) => pad(cell, widths[i], i < leftColumns)).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

// ---------------------------------------------------------------------------------------
// Clean-up: whatever happens, the servers this script started are stopped.
const cleanups = [];
let cleaning = null;
function cleanup() {
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
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal}, stopping`);
    void cleanup().finally(() => process.exit(130));
  });
}
process.on('exit', () => {
  // Last resort (synchronous): kill any server still running.
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
});
const running = new Set();

// ---------------------------------------------------------------------------------------
// 1. Bundle sizes.
function jsFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.(m?js)$/.test(entry.name))
      files.push(path.join(entry.parentPath, entry.name));
  }
  return files;
}

function bundleSizes() {
  console.log('\n== JS in dist per front end (all .js files; gzip -9 each, summed) ==\n');
  const rows = [];
  let missing = false;
  for (const [name, dir] of FRONT_ENDS) {
    const dist = path.join(REPO_ROOT, dir, 'dist');
    if (!existsSync(dist)) {
      rows.push([name, '-', '(not built)', '-', '-']);
      missing = true;
      continue;
    }
    let raw = 0;
    let gz = 0;
    let largest = { file: '', gz: 0 };
    const files = jsFiles(dist);
    for (const file of files) {
      const buffer = readFileSync(file);
      raw += buffer.length;
      const size = gzip9(buffer);
      gz += size;
      if (size > largest.gz) largest = { file: path.relative(dist, file), gz: size };
    }
    rows.push([name, files.length, kb(raw), kb(gz), `${largest.file} (${kb(largest.gz)})`]);
  }
  table(['front end', 'JS files', 'raw KB', 'gzip KB', 'largest file (gzip KB)'], rows);
  return !missing;
}

// ---------------------------------------------------------------------------------------
// 2. Server start.
function isPortFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '0.0.0.0', exclusive: true }, () =>
      probe.close(() => resolve(true)),
    );
  });
}

async function freePort(preferred) {
  if (await isPortFree(preferred)) return preferred;
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '0.0.0.0' }, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `tsx src/server.ts` (what `pnpm --filter @atelier/server start` runs); resolves at the first 200. */
async function startServer({ port, dataDir, logFile, timeoutMs = 600_000 }) {
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
  };
  delete env.DATABASE_URL;
  delete env.MEDIA_DIR;
  delete env.REMOTES_FILE;
  delete env.FRONTEND_DIR;
  const log = createWriteStream(logFile, { flags: 'a' });
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env,
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
  cleanups.push(stop);
  const url = `http://localhost:${port}`;
  for (;;) {
    if (exited !== null)
      throw new Error(`the server exited (${exited}) before answering; see ${logFile}`);
    try {
      const response = await fetch(`${url}/api/health/`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) {
        const seconds = (performance.now() - started) / 1000;
        const health = await response.json().catch(() => ({}));
        return { url, seconds, health, stop };
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

// ---------------------------------------------------------------------------------------
// 3. First load of / in Chromium.
function loadChromium() {
  const e2eRequire = createRequire(path.join(REPO_ROOT, 'e2e', 'package.json'));
  try {
    // playwright-core, as @playwright/test depends on it.
    const testPackage = e2eRequire.resolve('@playwright/test/package.json');
    const fromTest = createRequire(testPackage);
    const playwrightPackage = fromTest.resolve('playwright/package.json');
    return createRequire(playwrightPackage)('playwright-core').chromium;
  } catch {
    return e2eRequire('@playwright/test').chromium;
  }
}

async function firstLoad(url) {
  const chromium = loadChromium();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: chromiumOptions.args,
  });
  cleanups.push(() => browser.close());
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } }); // a fresh profile: cold cache
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const byId = new Map();
    cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
      const headers = Object.fromEntries(
        Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]),
      );
      byId.set(requestId, {
        url: response.url,
        type,
        mimeType: response.mimeType,
        status: response.status,
        encoding: headers['content-encoding'] || 'identity',
        protocol: response.protocol,
      });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const entry = byId.get(requestId);
      if (entry) entry.transfer = encodedDataLength;
    });
    const bodies = new Map();
    page.on('response', async (response) => {
      const isJs =
        response.request().resourceType() === 'script' ||
        /javascript/.test(response.headers()['content-type'] || '') ||
        /\.m?js(\?|$)/.test(response.url());
      if (!isJs) return;
      bodies.set(
        response.url(),
        response.body().catch(() => null),
      );
    });

    const started = performance.now();
    await page.goto(url, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Art for every wall' }).waitFor({ timeout: 60_000 });
    const headlineSeconds = (performance.now() - started) / 1000;
    await page.locator('[aria-label="Images"] img').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await sleep(1000); // anything loaded just after idle
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return nav
        ? { domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd }
        : null;
    });

    const rows = [];
    let totalGzip = 0;
    let totalTransfer = 0;
    let totalRaw = 0;
    for (const entry of byId.values()) {
      const isJs =
        entry.type === 'Script' ||
        /javascript/.test(entry.mimeType || '') ||
        /\.m?js(\?|$)/.test(entry.url);
      if (!isJs) continue;
      const body = await bodies.get(entry.url);
      const raw = body ? body.length : 0;
      const gz = body ? gzip9(body) : 0;
      totalRaw += raw;
      totalGzip += gz;
      totalTransfer += entry.transfer ?? 0;
      const shown = entry.url.startsWith(url) ? entry.url.slice(url.length) : entry.url;
      rows.push([
        shown,
        entry.status,
        kb(raw),
        kb(gz),
        entry.transfer === undefined ? '-' : kb(entry.transfer),
        entry.encoding,
      ]);
    }
    rows.sort((a, b) => Number(b[3]) - Number(a[3]));
    return { rows, totalRaw, totalGzip, totalTransfer, headlineSeconds, timing };
  } finally {
    await browser.close().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------
async function main() {
  console.log(`bench: ${new Date().toISOString()}  node ${process.version}  repo ${REPO_ROOT}`);
  const built = bundleSizes();

  const runDir = mkdtempSync(path.join(tmpdir(), 'atelier-bench-'));
  cleanups.unshift(() => rmSync(runDir, { recursive: true, force: true }));
  const dataDir = path.join(runDir, 'data');
  const logFile = path.join(runDir, 'server.log');
  const port = await freePort(Number(process.env.BENCH_PORT) || 8191);
  const demo = process.env.DEMO_IMAGES
    ? `DEMO_IMAGES=${process.env.DEMO_IMAGES}`
    : 'DEMO_IMAGES unset (server default)';

  console.log(`\n== Server start (port ${port}, fresh DATA_DIR, ${demo}) ==\n`);
  const cold = await startServer({ port, dataDir, logFile });
  console.log(
    `cold start (spawn → first 200 from /api/health/, migrations + seeding): ${cold.seconds.toFixed(2)} s` +
      `  [${JSON.stringify(cold.health)}]`,
  );
  await cold.stop();
  const warm = await startServer({ port, dataDir, logFile });
  console.log(
    `warm start (same DATA_DIR, nothing to seed):                          ${warm.seconds.toFixed(2)} s`,
  );

  if (!built) {
    console.log(
      '\n(some front ends are not built: run `pnpm build` first; skipping the browser figures)',
    );
    return;
  }
  try {
    accessSync(CHROMIUM, constants.X_OK);
  } catch {
    console.log(
      `\n(${CHROMIUM} is missing: run node scripts/ensure-chromium.mjs; skipping the browser figures)`,
    );
    return;
  }

  console.log(`\n== First load of / in Chromium (cold cache) ==\n`);
  const load = await firstLoad(`${warm.url}`);
  table(['JS file', 'status', 'raw KB', 'gzip-9 KB', 'transfer KB', 'served as'], load.rows);
  console.log(
    `\n${load.rows.length} JS files; raw ${kb(load.totalRaw)} KB; ` +
      `gzip -9 of each body ${kb(load.totalGzip)} KB; ` +
      `bytes on the wire (CDP Network.loadingFinished encodedDataLength, as the server compressed them, headers included) ${kb(load.totalTransfer)} KB`,
  );
  if (load.timing) {
    console.log(
      `timings (informative): DOMContentLoaded ${(load.timing.domContentLoaded / 1000).toFixed(2)} s, ` +
        `load ${(load.timing.load / 1000).toFixed(2)} s, home headline visible ${load.headlineSeconds.toFixed(2)} s`,
    );
  }
  console.log(
    `\nfirst load of /: ${kb(load.totalGzip)} KB gzip JS (budget ${BUDGET_KB} KB, target ${TARGET_KB} KB)` +
      `  [gzip -9 of every JS response body the browser downloaded; 1 KB = 1024 bytes]`,
  );
}

main()
  .catch((error) => {
    console.error(`bench: ${error.stack || error}`);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
