#!/usr/bin/env node
// Figures for the performance work, printed only (it never fails on a timing):
//  1. per front end (shell and the four remotes): JS files in dist, raw and gzip -9 bytes;
//  2. the real server's cold start (spawn → first 200 from /api/health/, seeding a fresh
//     DATA_DIR with the demo catalogue) and warm start (same DATA_DIR again);
//  3. the JS Chromium downloads for a first visit to `/` with a cold cache, file by file;
//     then scripts/bench-web.mjs against the same server: Lighthouse (desktop) on `/`,
//     `/search?q=…` and `/images/:id`, axe-core with the quick view open, and the quick
//     view's opening time on a 100-tile page (BENCH_WEB=0 skips it);
//  4. checkout: scripts/bench-commerce.mjs (16 concurrent buyers on PostgreSQL: orders per
//     second, add-to-cart and checkout p95; BENCH_COMMERCE=0 skips it);
//  5. search at scale: scripts/bench-search.mjs (1,000,000 images on PostgreSQL, 100,000 on
//     PGlite; its own env variables; BENCH_SEARCH=0 skips it);
//  6. fuzz: scripts/bench-fuzz.mjs (the fuzz suite's requests per driver, counts by status;
//     BENCH_FUZZ=0 skips it).
//  7. sign-in under attack: scripts/bench-signin.mjs (50 wrong passwords a second from 20
//     addresses while the owner signs in every second: the owner is never refused;
//     BENCH_SIGNIN=0 skips it).
//  8. crash: scripts/bench-crash.mjs (the server killed with SIGKILL under a write load and
//     restarted, per driver: writes acknowledged, found after restart, lost; BENCH_CRASH=0
//     skips it).
// Run by `pnpm bench` after `pnpm build`. Env: DEMO_IMAGES (server default when unset),
// BENCH_PORT (default 8191), CHROMIUM_PATH (default /usr/bin/chromium).
import {
  accessSync,
  constants,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { runCommerceBench } from './bench-commerce.mjs';
import { runCrashBench } from './bench-crash.mjs';
import { runFuzzBench } from './bench-fuzz.mjs';
import { runSearchBench } from './bench-search.mjs';
import { runSigninBench } from './bench-signin.mjs';
import { runWebBench } from './bench-web.mjs';
import {
  REPO_ROOT,
  cleanup,
  freePort,
  installCleanupHandlers,
  onCleanup,
  sleep,
  startServer,
  table,
} from './lib/server.mjs';
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
installCleanupHandlers('bench');

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
  onCleanup(() => browser.close());
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
  onCleanup(() => rmSync(runDir, { recursive: true, force: true }), { last: true });
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

  // 3b. Lighthouse, axe-core and the quick view (scripts/bench-web.mjs; BENCH_WEB=0 skips it).
  if (process.env.BENCH_WEB !== '0') await runWebBench(warm.url);
}

main()
  .catch((error) => {
    console.error(`bench: ${error.stack || error}`);
    process.exitCode = 1;
  })
  // 4. Checkout (scripts/bench-commerce.mjs; BENCH_COMMERCE=0 skips it).
  .then(() => (process.env.BENCH_COMMERCE === '0' ? undefined : runCommerceBench()))
  .catch((error) => {
    console.error(`bench: commerce: ${error.stack || error}`);
    process.exitCode = 1;
  })
  // 5. Search at scale (scripts/bench-search.mjs; BENCH_SEARCH=0 skips it).
  .then(() => (process.env.BENCH_SEARCH === '0' ? undefined : runSearchBench()))
  .catch((error) => {
    console.error(`bench: search: ${error.stack || error}`);
    process.exitCode = 1;
  })
  // 6. Fuzz counts (scripts/bench-fuzz.mjs; BENCH_FUZZ=0 skips it).
  .then(() => (process.env.BENCH_FUZZ === '0' ? undefined : runFuzzBench()))
  .catch((error) => {
    console.error(`bench: fuzz: ${error.stack || error}`);
    process.exitCode = 1;
  })
  // 7. Sign-in under attack (scripts/bench-signin.mjs; BENCH_SIGNIN=0 skips it).
  .then(() => (process.env.BENCH_SIGNIN === '0' ? undefined : runSigninBench()))
  .then((result) => {
    if (result && result.refused + result.failed > 0) process.exitCode = 1;
  })
  .catch((error) => {
    console.error(`bench: signin: ${error.stack || error}`);
    process.exitCode = 1;
  })
  // 8. Crash counts (scripts/bench-crash.mjs; BENCH_CRASH=0 skips it).
  .then(() => (process.env.BENCH_CRASH === '0' ? undefined : runCrashBench()))
  .catch((error) => {
    console.error(`bench: crash: ${error.stack || error}`);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
