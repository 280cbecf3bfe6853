#!/usr/bin/env node
/**
 * `pnpm dev`: the whole product in development mode.
 *
 *   server      API server in watch mode (tsx watch)  http://localhost:8080
 *   shell       host dev server                        http://localhost:3000  ← open this
 *   storefront  remote dev server                      http://localhost:3001
 *   cart        remote dev server                      http://localhost:3002
 *   artist      remote dev server                      http://localhost:3003
 *   manage      remote dev server                      http://localhost:3004
 *
 * The shell's dev server proxies the API paths to :8080 and answers /remotes.json with the
 * remotes' dev servers (packages/mf-config). Every line of output is prefixed with the name
 * of the process that wrote it. Ctrl-C stops everything; so does any process exiting with
 * an error.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STOP_GRACE_MS = 5_000;

const PROCESSES = [
  { name: 'server', filter: '@atelier/server', color: 35 },
  { name: 'shell', filter: 'shell', color: 36 },
  { name: 'storefront', filter: 'mf-storefront', color: 32 },
  { name: 'cart', filter: 'mf-cart', color: 33 },
  { name: 'artist', filter: 'mf-artist', color: 34 },
  { name: 'manage', filter: 'mf-manage', color: 31 },
];

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const width = Math.max(...PROCESSES.map((p) => p.name.length));
const label = (name, color) => {
  const text = `${name.padEnd(width)} |`;
  return useColor ? `\x1b[${color}m${text}\x1b[0m` : text;
};

/** pnpm itself: the one running this script when started by `pnpm dev`, else from PATH. */
function pnpmCommand(args) {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/i.test(path.basename(execPath)) && /\.[cm]?js$/.test(execPath)) {
    return [process.execPath, [execPath, ...args]];
  }
  return ['pnpm', args];
}

const children = new Map();
/** Children this script asked to stop (their exit is expected, not an error). */
const stopped = new WeakSet();
let stopping = false;
let exitCode = 0;

/** What pnpm prints when its script is stopped on purpose: noise. */
const STOP_NOISE = /ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL|Command failed with signal|ELIFECYCLE|^\S+:$/;

function pipe(stream, prefix, out, stoppedByUs) {
  readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    if (stoppedByUs() && STOP_NOISE.test(line)) return;
    out.write(`${prefix} ${line}\n`);
  });
}

function start({ name, filter, color }) {
  const prefix = label(name, color);
  const [command, args] = pnpmCommand(['--filter', filter, 'dev']);
  const child = spawn(command, args, {
    cwd: ROOT,
    // Its own process group, so stopping it also stops what pnpm started (webpack, tsx).
    detached: process.platform !== 'win32',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...(useColor ? { FORCE_COLOR: '1' } : {}) },
  });
  children.set(name, child);
  const stoppedByUs = () => stopped.has(child);
  pipe(child.stdout, prefix, process.stdout, stoppedByUs);
  pipe(child.stderr, prefix, process.stderr, stoppedByUs);
  child.on('error', (error) => {
    process.stderr.write(`${prefix} could not start: ${error.message}\n`);
    children.delete(name);
    exitCode ||= 1;
    stopAll(`${name} could not start`);
  });
  child.on('exit', (code, signal) => {
    children.delete(name);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!stopping) process.stdout.write(`${prefix} exited with ${how}\n`);
    if (!stopping && code !== 0) {
      exitCode = code || 1;
      stopAll(`${name} failed`);
    }
    // A moment for the last lines of output to come through.
    if (children.size === 0) setTimeout(() => process.exit(exitCode), 100);
  });
}

function signalChild(child, signal) {
  try {
    if (process.platform !== 'win32' && child.pid) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // Already gone.
  }
}

function stopAll(reason) {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n${reason}: stopping ${[...children.keys()].join(', ') || 'nothing'}\n`);
  for (const child of children.values()) {
    stopped.add(child);
    signalChild(child, 'SIGTERM');
  }
  const timer = setTimeout(() => {
    for (const child of children.values()) signalChild(child, 'SIGKILL');
    process.exit(exitCode || 1);
  }, STOP_GRACE_MS);
  timer.unref();
  if (children.size === 0) process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) {
      // A second Ctrl-C: do not wait for the grace period.
      for (const child of children.values()) signalChild(child, 'SIGKILL');
      process.exit(exitCode || 130);
    }
    stopAll(signal);
  });
}

console.log(
  'Starting the API server (:8080) and the dev servers of the shell (:3000) and the remotes ' +
    '(:3001-3004). Open http://localhost:3000 — Ctrl-C stops everything.',
);
for (const proc of PROCESSES) start(proc);
