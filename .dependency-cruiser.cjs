/**
 * What may import what (docs/architecture.md#what-may-import-what), checked by `pnpm lint`.
 *
 * Package order, left may be imported by right, never the other way:
 *   contracts → api-client, live-events → session → ui → apps (shell, mf-*)
 * mf-config is build tooling, imported by the apps' webpack configs and nothing else; its
 * dev host (src/dev-host, the remotes' standalone bootstrap) may use session and ui.
 * The server depends on contracts only; its tests also on tools/demo-data (the demo's data,
 * which imports no server code: the server's services it needs are handed in). tools/demo
 * (first start, seed command, EXPLAIN harness) imports the server and demo-data, and nothing
 * imports it: no workspace cycle.
 */
const APPS = '(shell|mf-storefront|mf-cart|mf-artist|mf-manage)';
/** Test code: test files, a module's fixtures (testing.ts) and src/test/. */
const TEST_CODE = '\\.test\\.tsx?$|/testing\\.ts$|^packages/server/src/test/';
/** A server module's public surface. */
const SURFACE = '(service|index)\\.ts$';
const PKG = (name) => `^packages/${name}/`;

/** A package (or app) may import only the packages listed as allowed. */
const onlyFrom = (name, from, allowed) => ({
  name: `${name}-imports-only-${allowed.length ? allowed.join('-') : 'itself'}`,
  comment: `${name} may import only ${allowed.length ? allowed.join(', ') : 'no other workspace package'} (package order).`,
  severity: 'error',
  from: { path: from },
  to: {
    path: [`^packages/`, `^${APPS}/`],
    pathNot: [from, ...allowed.map(PKG)],
  },
});

module.exports = {
  forbidden: [
    onlyFrom('contracts', PKG('contracts'), []),
    onlyFrom('api-client', PKG('api-client'), ['contracts']),
    onlyFrom('live-events', PKG('live-events'), ['contracts']),
    onlyFrom('session', PKG('session'), ['contracts', 'api-client']),
    onlyFrom('ui', PKG('ui'), ['contracts', 'api-client', 'session']),
    {
      ...onlyFrom('mf-config', PKG('mf-config'), []),
      // Its dev host (the remotes' standalone bootstrap) renders ui and session: below the apps.
      from: { path: PKG('mf-config'), pathNot: '^packages/mf-config/src/dev-host/' },
      to: { path: ['^packages/', `^${APPS}/`], pathNot: [PKG('mf-config')] },
    },
    onlyFrom('mf-config-dev-host', '^packages/mf-config/src/dev-host/', [
      'mf-config',
      'contracts',
      'api-client',
      'session',
      'ui',
    ]),
    onlyFrom('server', PKG('server'), ['contracts']),
    {
      name: 'apps-import-only-front-end-packages',
      comment:
        'An app (shell, mf-*) imports only itself and the front-end packages: never another app, never the server.',
      severity: 'error',
      from: { path: `^${APPS}/` },
      to: {
        path: [`^packages/`, `^${APPS}/`],
        pathNot: [
          `^$1/`,
          ...['contracts', 'api-client', 'live-events', 'session', 'ui', 'mf-config'].map(PKG),
        ],
      },
    },
    {
      name: 'apps-never-name-another-app',
      comment:
        'No import of another app (or the shell) by its package name: apps meet through packages and URLs.',
      severity: 'error',
      from: { path: `^${APPS}/` },
      to: { couldNotResolve: true, path: `^${APPS}(/|$)` },
    },
    {
      name: 'features-isolated',
      comment:
        'src/features/<a> never imports src/features/<b> of the same app: shared code lives in src/shared/ or a package.',
      severity: 'error',
      from: { path: `^${APPS}/src/features/([^/]+)/` },
      to: { path: `^$1/src/features/`, pathNot: `^$1/src/features/$2/` },
    },
    {
      name: 'shared-imports-no-feature',
      comment: "An app's src/shared/ is below its features: it never imports one.",
      severity: 'error',
      from: { path: `^${APPS}/src/shared/` },
      to: { path: `^$1/src/features/` },
    },
    {
      name: 'server-module-public-surface',
      comment:
        "Another server module is reached through its service.ts or its index.ts (the module's public surface), never its repository or other internals.",
      severity: 'error',
      from: { path: '^packages/server/src/modules/([^/]+)/', pathNot: TEST_CODE },
      to: {
        path: '^packages/server/src/modules/[^/]+/',
        pathNot: [
          '^packages/server/src/modules/$1/',
          `^packages/server/src/modules/[^/]+/${SURFACE}`,
        ],
      },
    },
    {
      name: 'server-outside-modules-public-surface',
      comment:
        'Code outside the modules (app, plugins, db, lib) reaches a module through its routes.ts (or plugin.ts), service.ts or index.ts.',
      severity: 'error',
      from: {
        path: '^packages/server/src/',
        pathNot: ['^packages/server/src/modules/', TEST_CODE],
      },
      to: {
        path: '^packages/server/src/modules/[^/]+/',
        pathNot: `^packages/server/src/modules/[^/]+/(routes\\.ts$|plugin\\.ts$|${SURFACE})`,
      },
    },
    {
      name: 'server-tests-public-surface',
      comment:
        "A test reaches another module through its public surface or its testing.ts (the module's fixtures for tests).",
      severity: 'error',
      from: { path: '^packages/server/src/modules/([^/]+)/(.+\\.test\\.ts|testing\\.ts)$' },
      to: {
        path: '^packages/server/src/modules/[^/]+/',
        pathNot: [
          '^packages/server/src/modules/$1/',
          `^packages/server/src/modules/[^/]+/(routes\\.ts$|testing\\.ts$|${SURFACE})`,
        ],
      },
    },
    {
      name: 'server-outside-tests-public-surface',
      comment:
        'A test outside the modules reaches a module through its public surface or its testing.ts.',
      severity: 'error',
      from: {
        path: '^packages/server/src/(test/|.+\\.test\\.ts$)',
        pathNot: '^packages/server/src/modules/',
      },
      to: {
        path: '^packages/server/src/modules/[^/]+/',
        pathNot: `^packages/server/src/modules/[^/]+/(routes\\.ts$|testing\\.ts$|${SURFACE})`,
      },
    },
    {
      name: 'server-runtime-never-imports-demo',
      comment:
        'The server runtime never imports tools/ (the demo generator and harnesses): only its tests may seed with them.',
      severity: 'error',
      from: { path: '^packages/server/', pathNot: TEST_CODE },
      to: { path: '^tools/' },
    },
    {
      name: 'server-tests-use-only-demo-data',
      comment:
        "The server's tests seed with tools/demo-data only, never with the tools that import the server (tools/demo): that would be a workspace cycle.",
      severity: 'error',
      from: { path: '^packages/server/' },
      to: { path: '^tools/', pathNot: '^tools/demo-data/' },
    },
    {
      name: 'demo-data-imports-only-contracts',
      comment:
        'tools/demo-data imports only contracts: the server (whose tests use it) hands in the services it needs.',
      severity: 'error',
      from: { path: '^tools/demo-data/' },
      to: {
        path: ['^packages/', `^${APPS}/`, '^tools/'],
        pathNot: ['^tools/demo-data/', PKG('contracts')],
      },
    },
    {
      name: 'tools-reach-server-modules-public-surface',
      comment:
        "tools/ reach a server module through its routes.ts, service.ts or index.ts (their tests also its testing.ts), as the server's own code outside the modules does.",
      severity: 'error',
      from: { path: '^tools/' },
      to: {
        path: '^packages/server/src/modules/[^/]+/',
        pathNot: `^packages/server/src/modules/[^/]+/(routes\\.ts$|plugin\\.ts$|testing\\.ts$|${SURFACE})`,
      },
    },
    {
      name: 'tools-testing-only-in-tests',
      comment: "A server module's testing.ts (fixtures) is imported by tools' tests only.",
      severity: 'error',
      from: { path: '^tools/', pathNot: TEST_CODE },
      to: { path: '^packages/server/src/modules/[^/]+/testing\\.ts$' },
    },
    {
      name: 'server-testing-only-in-tests',
      comment: "A module's testing.ts (fixtures) is imported by tests only.",
      severity: 'error',
      from: { path: '^packages/server/src/', pathNot: TEST_CODE },
      to: { path: '^packages/server/src/modules/[^/]+/testing\\.ts$' },
    },
    {
      name: 'server-repository-below-service',
      comment:
        'Inside a module, routes → service → repository: a repository never imports its service or routes.',
      severity: 'error',
      from: { path: '^packages/server/src/modules/([^/]+)/repository\\.ts$' },
      to: { path: '^packages/server/src/modules/$1/(service|routes)\\.ts$' },
    },
    {
      name: 'server-service-below-routes',
      comment: 'Inside a module, a service (or repository) never imports routes.',
      severity: 'error',
      from: { path: '^packages/server/src/modules/[^/]+/(service|repository)\\.ts$' },
      to: { path: '^packages/server/src/modules/[^/]+/routes\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: {
      path: [
        '(^|/)node_modules/',
        '(^|/)dist/',
        '(^|/)\\.data/',
        '(^|/)coverage/',
        '(^|/)\\.variant-src/',
      ],
    },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['types', 'main'],
    },
  },
};
