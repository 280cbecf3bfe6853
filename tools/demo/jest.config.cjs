'use strict';

/**
 * The demo generator's tests run as the server's do (Node, swc, its dependencies compiled to
 * CommonJS, one database per driver): they reuse the server's Jest configuration and its
 * global set-up.
 */
const server = require('../../packages/server/jest.config.cjs');

module.exports = {
  ...server,
  rootDir: __dirname,
  globalSetup: require.resolve('../../packages/server/src/test/global-setup.ts'),
};
