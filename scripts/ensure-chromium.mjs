#!/usr/bin/env node
// Makes sure the Chromium the end-to-end tests and the benchmark drive is installed.
// Playwright's own browser download cannot work on these machines (no internet but the npm
// registry and Debian's packages), so the tests launch Debian's chromium at
// /usr/bin/chromium. When it is missing, it is installed with apt-get (root only).
// Exits non-zero when Chromium is not there at the end.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const run = (command, args) => {
  console.log(`ensure-chromium: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw result.error;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
};

function main() {
  if (isExecutable(CHROMIUM)) return 0;

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      [
        `ensure-chromium: ${CHROMIUM} is missing and this user is not root, so it cannot be installed here.`,
        'Install it as root, then run the tests again:',
        '  apt-get update && apt-get install -y chromium',
        '(`npx playwright install` cannot work on these machines.)',
      ].join('\n'),
    );
    return 1;
  }
  console.log(`ensure-chromium: ${CHROMIUM} is missing; installing Debian's chromium package.`);
  try {
    run('apt-get', ['update']);
    run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']);
  } catch (error) {
    console.error(`ensure-chromium: installing chromium failed: ${error.message}`);
    return 1;
  }
  if (!isExecutable(CHROMIUM)) {
    console.error(`ensure-chromium: apt-get finished but ${CHROMIUM} is still missing.`);
    return 1;
  }
  console.log(`ensure-chromium: installed ${CHROMIUM}.`);
  return 0;
}

process.exitCode = main();
