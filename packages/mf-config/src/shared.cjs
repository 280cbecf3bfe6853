'use strict';
const path = require('node:path');

const WORKSPACE_SINGLETONS = ['@atelier/api-client', '@atelier/session', '@atelier/ui'];
const NPM_SINGLETONS = [
  'react',
  'react-dom',
  // Aliased to a facade over react-router's production build (see router-facade.cjs); the
  // bare 'react-router' is not imported by front-end code.
  'react-router-dom',
  '@tanstack/react-query',
  'zustand',
];
/** Subpath keys: `react/jsx-runtime`, `react-dom/client` … must come from the same copy. */
const SUBPATH_SINGLETONS = ['react/', 'react-dom/'];
/**
 * antd is shared per component module (`antd/es/button` …), not as one module: a shared
 * module is never tree-shaken, so sharing `antd` whole ships all of it to the first page.
 */
const ANTD_PREFIX = 'antd/es/';

function versionOf(pkg, appDir) {
  const file = require.resolve(`${pkg}/package.json`, { paths: [appDir] });
  return require(file).version;
}

/**
 * The one shared-singleton map of every front end. Written once, here: the shell and each
 * remote build with it, so they agree on what is a singleton.
 */
function createSharedMap(appDir) {
  const shared = {};
  for (const pkg of NPM_SINGLETONS) {
    const version = versionOf(pkg, appDir);
    shared[pkg] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  for (const prefix of SUBPATH_SINGLETONS) {
    const version = versionOf(prefix.slice(0, -1), appDir);
    shared[prefix] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  const antdVersion = versionOf('antd', appDir);
  shared[ANTD_PREFIX] = {
    singleton: true,
    requiredVersion: `^${antdVersion}`,
    version: antdVersion,
  };
  for (const pkg of WORKSPACE_SINGLETONS) {
    const dir = path.dirname(require.resolve(`${pkg}/package.json`, { paths: [appDir] }));
    const version = require(path.join(dir, 'package.json')).version;
    shared[pkg] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  return shared;
}

module.exports = { createSharedMap };
