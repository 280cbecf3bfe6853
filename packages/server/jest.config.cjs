'use strict';

const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

/**
 * Server tests: Node environment, TypeScript through swc, CommonJS output.
 * PGlite's CommonJS build loads Node built-ins with dynamic `import()`, which Jest's VM
 * cannot run without --experimental-vm-modules; swc rewrites those imports to `require`.
 */
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': swc,
    '@electric-sql/pglite/dist/.+\\.cjs$': swc,
  },
  transformIgnorePatterns: ['^(?!.*@electric-sql/pglite/dist/).*/node_modules/'],
  testTimeout: 30000,
};
