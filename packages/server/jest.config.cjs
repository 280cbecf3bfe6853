'use strict';

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

/** Server tests: Node environment, TypeScript through swc, CommonJS output. */
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': swc,
    [`node_modules/${dependencyPattern}/.+\\.[cm]?js$`]: swc,
  },
  transformIgnorePatterns: [`^(?!.*node_modules/${dependencyPattern}/).*/node_modules/`],
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  testTimeout: 30000,
};
