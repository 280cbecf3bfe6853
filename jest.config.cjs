'use strict';
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');
const { INTRINSICS } = require('./jest.globals.cjs');

/**
 * The fast test tier (`pnpm test:fast`): every package's unit and component tests in one Jest
 * run, and the server's fast project (`*.test.ts`; its `*.int.test.ts` are the integration
 * tier, `pnpm test:integration`). No database: see docs/development.md, "Test tiers".
 */
const packageDirs = ['.', 'packages', 'tools']
  .flatMap((parent) =>
    readdirSync(path.join(__dirname, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(__dirname, parent, entry.name)),
  )
  .filter((dir) => existsSync(path.join(dir, 'jest.config.cjs')) && dir !== __dirname);

const project = (dir, config, name) => ({ ...config, rootDir: dir, displayName: name });

/** The test support at the root (the indexed cascade of the component tests' jsdom). */
const rootProject = {
  displayName: 'jest-support',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/jest.*.test.cjs'],
  transform: {},
  // As every package's tests run (jest.preset.cjs); jest.runtime.test.cjs checks it.
  runtime: path.join(__dirname, 'jest.runtime.cjs'),
  sandboxInjectedGlobals: INTRINSICS,
};

module.exports = {
  testTimeout: 30000,
  projects: [rootProject].concat(
    packageDirs.flatMap((dir) => {
      const config = require(path.join(dir, 'jest.config.cjs'));
      const name = path.basename(dir);
      if (!config.projects) return [project(dir, config, name)];
      // The server and the demo tools: only their fast project.
      return config.projects
        .filter((tier) => tier.displayName === 'fast')
        .map((tier) => project(dir, tier, name));
    }),
  ),
};
