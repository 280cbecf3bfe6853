import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createSharedMap } = require('./shared.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { listAntdModules, writeAntdBarrel, writeAntdProvider } = require('./antd-modules.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { writeRouterFacade, ROUTER_EXPORTS } = require('./router-facade.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createFrontendConfig } = require('./index.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CHUNK_LOAD_TIMEOUT_MS } = require('./timeouts.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadTimeout = require('./load-timeout.js').default;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const remoteYield = require('./remote-yield.js').default;

const shellDir = path.resolve(__dirname, '../../../shell');
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'mf-config-'));

describe('shared singleton map', () => {
  const shared = createSharedMap(shellDir);

  it('makes React, the router, query, zustand, antd components and our packages singletons', () => {
    for (const key of [
      'react',
      'react-dom',
      'react/',
      'react-dom/',
      'react-router-dom',
      '@tanstack/react-query',
      'zustand',
      'antd/es/',
      '@atelier/api-client',
      '@atelier/session',
      '@atelier/ui',
    ]) {
      expect(shared[key]).toMatchObject({ singleton: true });
      expect(shared[key].version).toMatch(/^\d+\.\d+\.\d+/);
    }
  });

  it('never shares antd as one module (that would ship all of it) and nothing eagerly', () => {
    expect(shared.antd).toBeUndefined();
    expect(Object.values(shared).some((entry) => (entry as { eager?: boolean }).eager)).toBe(false);
  });
});

describe('antd per-component modules', () => {
  it('lists every component antd exports', () => {
    const names = listAntdModules(shellDir).map((m: { name: string }) => m.name);
    expect(names).toEqual(
      expect.arrayContaining(['Button', 'ConfigProvider', 'App', 'Table', 'Form']),
    );
  });

  it('writes a barrel of single-component imports and a lazy provider list', () => {
    const dir = tmp();
    const barrel = fs.readFileSync(writeAntdBarrel(shellDir, dir), 'utf8');
    expect(barrel).toContain("export { default as Button } from 'antd/es/button';");
    expect(barrel).not.toMatch(/from 'antd';/);
    const provider = fs.readFileSync(writeAntdProvider(shellDir, dir), 'utf8');
    expect(provider).toContain("() => import('antd/es/table'),");
  });
});

describe('router facade', () => {
  it("re-exports the router API from react-router's production build", () => {
    const facade = fs.readFileSync(writeRouterFacade(shellDir, tmp()), 'utf8');
    expect(facade).toContain('dist/production/index.mjs');
    expect(facade).toContain('export { RouterProvider }');
    for (const name of ROUTER_EXPORTS) expect(facade).toContain(name);
  });
});

describe('frontend config factory', () => {
  it('builds a remote with a manifest, remoteEntry and its ./routes, into --env outDir', () => {
    const appDir = path.resolve(__dirname, '../../../mf-cart');
    const config = createFrontendConfig({
      name: 'cart',
      appDir,
      exposes: { './routes': './src/routes.tsx' },
      title: 't',
    })({ outDir: '/tmp/cart-variant', srcDir: '.variant-src' }, { mode: 'production' });
    expect(config.output.path).toBe('/tmp/cart-variant');
    expect(config.output.filename).not.toContain('contenthash');
    const federation = config.plugins.find(
      (p: { constructor: { name: string } }) => p.constructor.name === 'ModuleFederationPlugin',
    );
    expect(federation._options).toMatchObject({
      name: 'mf_cart',
      filename: 'remoteEntry.js',
      shareStrategy: 'loaded-first',
    });
    expect(federation._options.exposes['./routes']).toBe(
      path.join(appDir, '.variant-src', 'routes.tsx'),
    );
  });
});

describe('chunk load timeout (SPEC §9: 120 s)', () => {
  it('is 120 s for webpack chunks in the shell and every remote', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const appDir = tmp();
    for (const name of ['shell', 'storefront', 'cart', 'artist', 'manage']) {
      const config = createFrontendConfig({ name, appDir, title: 't' })({}, { mode: 'production' });
      expect(config.output.chunkLoadTimeout).toBe(120_000);
      const federation = config.plugins.find(
        (p: { constructor: { name: string } }) => p.constructor.name === 'ModuleFederationPlugin',
      );
      expect(federation._options.runtimePlugins).toContain(require.resolve('./load-timeout.js'));
    }
  });

  it("gives the federation runtime's remote entries and manifests the same 120 s", async () => {
    const plugin = loadTimeout();
    expect(plugin.createScript()).toEqual({ timeout: 120_000 });
    const fetchMock = jest.fn(async () => new Response('{}'));
    const realFetch = global.fetch;
    global.fetch = fetchMock as unknown as typeof fetch;
    const timeout = jest.spyOn(AbortSignal, 'timeout');
    try {
      await plugin.fetch('http://cdn.test/mf-manifest.json', {});
      expect(timeout).toHaveBeenCalledWith(120_000);
      expect(fetchMock).toHaveBeenCalledWith('http://cdn.test/mf-manifest.json', {
        signal: timeout.mock.results[0]?.value,
      });
      // A caller's own signal is left alone.
      const own = new AbortController().signal;
      expect(plugin.fetch('http://cdn.test/x', { signal: own })).toBeUndefined();
    } finally {
      global.fetch = realFetch;
      timeout.mockRestore();
    }
  });
});

describe('loading a remote module in tasks', () => {
  it('is set up for the shell and every remote', () => {
    const appDir = tmp();
    for (const name of ['shell', 'storefront', 'cart', 'artist', 'manage']) {
      const config = createFrontendConfig({ name, appDir, title: 't' })({}, { mode: 'production' });
      const federation = config.plugins.find(
        (p: { constructor: { name: string } }) => p.constructor.name === 'ModuleFederationPlugin',
      );
      expect(federation._options.runtimePlugins).toContain(require.resolve('./remote-yield.js'));
    }
  });

  it.each(['afterInitRemote', 'beforeExecuteFactory'])(
    'lets the browser run a task at %s before the runtime goes on',
    async (hook) => {
      let resumed = false;
      const step: () => Promise<void> = remoteYield()[hook];
      void step().then(() => {
        resumed = true;
      });
      // Every promise reaction already queued runs first, as the runtime's own chain does.
      for (let i = 0; i < 20; i++) await Promise.resolve();
      expect(resumed).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(resumed).toBe(true);
    },
  );
});
