'use strict';
const path = require('node:path');
const { INTRINSICS, DOM } = require('./jest.globals.cjs');

/** ESM-only packages that Jest must transform (msw's dependencies). */
const ESM_ONLY = [
  'rettime',
  'until-async',
  '@open-draft',
  'msw',
  '@mswjs',
  'outvariant',
  'strict-event-emitter',
];

const ANTD_DIR = path.dirname(
  require.resolve('antd/package.json', { paths: [path.join(__dirname, 'packages/ui')] }),
);

/** The Jest config of every package: swc for TypeScript, jsdom for front-end code. */
module.exports = function jestConfig({ dom = false } = {}) {
  return {
    testEnvironment: dom ? path.join(__dirname, 'jest.environment-dom.cjs') : 'node',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.[cm]?[jt]sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`node_modules/\\.pnpm/(?!(${ESM_ONLY.join('|')}))`],
    // antd's exports, each component loaded when a test first uses it (jest.antd.cjs); a
    // module named by path (`antd/es/app/context`, see @atelier/ui's AppProviders) from the
    // same CommonJS build, so it is the very module antd's components use.
    moduleNameMapper: dom
      ? {
          '^antd$': path.join(__dirname, 'jest.antd.cjs'),
          '^antd/es/(.*)$': path.join(ANTD_DIR, 'lib', '$1'),
        }
      : {},
    setupFilesAfterEnv: dom ? [path.join(__dirname, 'jest.setup-dom.cjs')] : [],
    // Global lookups in Jest's vm are slow; these become module parameters (jest.globals.cjs).
    sandboxInjectedGlobals: dom ? [...INTRINSICS, ...DOM] : INTRINSICS,
    // Each module compiled once per worker, not once per test file (jest.runtime.cjs).
    runtime: path.join(__dirname, 'jest.runtime.cjs'),
    testTimeout: 30000,
  };
};
