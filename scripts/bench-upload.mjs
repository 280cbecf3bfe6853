#!/usr/bin/env node
// Upload of a print master (`pnpm bench:upload`): issue 13's benchmark. Generates an
// uncompressed TIFF of about --mb megabytes (default 200) with sharp, starts the real server
// (PGlite, fresh DATA_DIR, a small demo catalogue for the demo artist), signs in as the demo
// artist and sends the file over tus as the upload screen does (8 MB PATCH requests streamed
// from disk), then sends the form and waits for the thumbnail job.
//
// Prints: the file's size and pixels; upload time and throughput; the server's resident
// memory (VmRSS of its process, sampled every 20 ms) before, at its peak during the upload and
// its growth (the upload must stream: growth ≤ 64 MB); the time from the last byte to the
// thumbnail and the memory peak while the thumbnail job decoded the master. Figures only:
// it exits 1 only if something failed, never on a timing.
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { requestJson } from './lib/http.mjs';
import {
  SERVER_DIR,
  cleanup,
  freePort,
  installCleanupHandlers,
  onCleanup,
  sleep,
  startServer,
  table,
} from './lib/server.mjs';

const serverRequire = createRequire(path.join(SERVER_DIR, 'package.json'));
const sharp = serverRequire('sharp');

const { values: args } = parseArgs({
  options: { mb: { type: 'string', default: '200' } },
});
const TARGET_BYTES = Number(args.mb) * 1024 * 1024;
const CHUNK_BYTES = 8 * 1024 * 1024; // as the upload screen (mf-artist transfer.ts)
const RSS_LIMIT_MB = 64;
const ARTIST = { email: 'artist@example.com', password: 'demo-artist-pass' };

installCleanupHandlers('bench:upload');
const runDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-upload-'));
onCleanup(() => rmSync(runDir, { recursive: true, force: true }), { last: true });

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

/** VmRSS of a process in bytes. */
function rss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

/** Samples the process's RSS every 20 ms until stopped; answers the peak. */
function sampler(pid) {
  let peak = rss(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rss(pid));
  }, 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rss(pid));
  };
}

/** A request with a streamed body; answers status and headers. */
function send(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    if (body) body.pipe(req);
    else req.end();
  });
}

async function main() {
  // A noise-free gradient would compress; an uncompressed TIFF is as large as its pixels.
  const side = Math.round(Math.sqrt(TARGET_BYTES / 3));
  const master = path.join(runDir, 'master.tif');
  const generated = performance.now();
  await sharp({
    create: { width: side, height: side, channels: 3, background: { r: 120, g: 90, b: 60 } },
  })
    .tiff({ compression: 'none' })
    .toFile(master);
  const bytes = statSync(master).size;
  console.log(
    `master: ${mb(bytes)} MB uncompressed TIFF, ${side} × ${side} px (${((side * side) / 1e6).toFixed(0)} MP), made in ${((performance.now() - generated) / 1000).toFixed(1)} s`,
  );

  const port = await freePort(8290);
  const server = await startServer({
    port,
    dataDir: path.join(runDir, 'data'),
    logFile: path.join(runDir, 'server.log'),
    env: { DEMO_IMAGES: '20', LOG_LEVEL: 'warn' },
  });
  console.log(`server: ${server.url} (pid ${server.pid}), up in ${server.seconds.toFixed(1)} s`);
  const agent = new http.Agent({ keepAlive: true });
  const signIn = await requestJson(agent, `${server.url}/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ARTIST),
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status}`);
  const auth = { authorization: `JWT ${signIn.body.access}` };

  // Let the start-up settle (index build, seeding) before the baseline.
  await sleep(2000);
  const before = rss(server.pid);
  const stopUploadSampler = sampler(server.pid);
  const started = performance.now();
  const created = await send(`${server.url}/api/files/`, {
    method: 'POST',
    headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-length': String(bytes) },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status}`);
  const location = `${server.url}${created.headers.location}`;
  let last;
  for (let offset = 0; offset < bytes; offset += CHUNK_BYTES) {
    const end = Math.min(bytes, offset + CHUNK_BYTES);
    last = await send(location, {
      method: 'PATCH',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - offset),
      },
      body: createReadStream(master, { start: offset, end: end - 1 }),
    });
    if (last.status !== 204) throw new Error(`PATCH at ${offset}: ${last.status}`);
  }
  const uploadMs = performance.now() - started;
  const uploadPeak = stopUploadSampler();

  const lastByte = performance.now();
  const stopJobSampler = sampler(server.pid);
  const form = await requestJson(agent, `${server.url}/api/upload/`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Benchmark master',
      file: created.headers.location.split('/').pop(),
    }),
  });
  if (form.status !== 201) throw new Error(`form: ${form.status} ${JSON.stringify(form.body)}`);
  const formMs = performance.now() - lastByte;
  let upload = form.body;
  while (upload.status === 'processing') {
    await sleep(50);
    upload = (await requestJson(agent, `${server.url}/api/upload/${upload.id}/`, { headers: auth }))
      .body;
  }
  const thumbMs = performance.now() - lastByte;
  const jobPeak = stopJobSampler();
  if (upload.status !== 'ready')
    throw new Error(`thumbnail job: ${upload.status} ${upload.problem}`);

  console.log('');
  table(
    ['figure', 'value'],
    [
      ['upload time', `${(uploadMs / 1000).toFixed(2)} s`],
      ['throughput', `${mb(bytes / (uploadMs / 1000))} MB/s`],
      ['server RSS before', `${mb(before)} MB`],
      ['server RSS peak during upload', `${mb(uploadPeak)} MB`],
      [
        'server RSS growth during upload',
        `${mb(uploadPeak - before)} MB (limit ${RSS_LIMIT_MB} MB: ${uploadPeak - before <= RSS_LIMIT_MB * 1024 * 1024 ? 'within' : 'OVER'})`,
      ],
      ['form answered after last byte', `${formMs.toFixed(0)} ms`],
      ['last byte → thumbnail ready', `${(thumbMs / 1000).toFixed(2)} s`],
      ['server RSS peak during thumbnail job', `${mb(jobPeak)} MB (+${mb(jobPeak - before)} MB)`],
      ['thumbnail', `${upload.thumb}`],
    ],
  );
  await server.stop();
}

main()
  .then(() => cleanup())
  .catch(async (error) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  });
