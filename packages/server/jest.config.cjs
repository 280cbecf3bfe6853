'use strict';

const path = require('node:path');
const { INTRINSICS } = require('../../jest.globals.cjs');
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

/**
 * Dependencies Jest must compile to CommonJS:
 * - PGlite's CommonJS build loads Node built-ins with dynamic `import()`, which Jest's VM
 *   cannot run without --experimental-vm-modules; swc rewrites those imports to `require`.
 * - ESM-only packages that Node 20 itself can `require()` but Jest cannot
 *   (content-disposition in @fastify/static, cookie in light-my-request, jose).
 */
const COMPILED_DEPENDENCIES = [
  '@electric-sql/pglite/dist',
  'content-disposition/dist',
  'cookie/dist',
  'jose/dist',
  // tus (resumable uploads) and srvx, its request adapter: ESM only.
  '@tus/server/dist',
  '@tus/file-store/dist',
  '@tus/utils/dist',
  'srvx/dist',
];
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const dependencyPattern = `(${COMPILED_DEPENDENCIES.map(escapeRegExp).join('|')})`;

/** Both tiers: Node environment, TypeScript through swc, CommonJS output. */
const common = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': swc,
    [`node_modules/${dependencyPattern}/.+\\.[cm]?js$`]: swc,
  },
  transformIgnorePatterns: [`^(?!.*node_modules/${dependencyPattern}/).*/node_modules/`],
  // Global lookups in Jest's vm are slow; these become module parameters (jest.globals.cjs).
  sandboxInjectedGlobals: INTRINSICS,
  // Each module compiled once per worker, not once per test file (jest.runtime.cjs).
  runtime: path.join(__dirname, '../../jest.runtime.cjs'),
  testTimeout: 30000,
};

/**
 * The server's two test tiers, told apart by file name (docs/development.md):
 * - `fast`: `*.test.ts`, pure code (engine, query parsing, pricing rules, validators…). No
 *   database: its setup makes PGlite, pg and ioredis throw, so a fast test that opens one
 *   fails loudly, naming the rule.
 * - `integration`: `*.int.test.ts`, tests that migrate a database (PGlite, and PostgreSQL
 *   when TEST_DATABASE_URL is set) or use Redis (TEST_REDIS_URL). Each test database is a
 *   copy of one migrated template made by the global setup.
 */
module.exports = {
  testTimeout: 30000,
  projects: [
    {
      ...common,
      displayName: 'fast',
      testMatch: ['<rootDir>/src/**/*.test.ts'],
      testPathIgnorePatterns: ['\\.int\\.test\\.ts$'],
      setupFiles: [path.join(__dirname, 'src/test/fast-tier.ts')],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/src/**/*.int.test.ts'],
      globalSetup: '<rootDir>/src/test/global-setup.ts',
      globalTeardown: '<rootDir>/src/test/global-teardown.ts',
    },
  ],
};
