'use strict';
const path = require('node:path');

/**
 * The demo generator's tests run as the server's do (Node, swc, its dependencies compiled to
 * CommonJS) and in the same two tiers (`*.test.ts` fast, `*.int.test.ts` integration, with the
 * server's fast-tier guard and its migrated template databases).
 */
const server = require('../../packages/server/jest.config.cjs');
const serverDir = path.join(__dirname, '../../packages/server');
const absolute = (value) =>
  typeof value === 'string'
    ? value.replace('<rootDir>/src/test/', `${serverDir}/src/test/`)
    : value;

module.exports = {
  testTimeout: server.testTimeout,
  projects: server.projects.map((tier) => ({
    ...tier,
    rootDir: __dirname,
    ...(tier.setupFiles ? { setupFiles: tier.setupFiles.map(absolute) } : {}),
    ...(tier.globalSetup ? { globalSetup: absolute(tier.globalSetup) } : {}),
    ...(tier.globalTeardown ? { globalTeardown: absolute(tier.globalTeardown) } : {}),
  })),
};
