'use strict';
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createSharedMap } = require('./shared.cjs');
const {
  writeAntdBarrel,
  writeAntdProvider,
  writeAntdIsBright,
  writeAntdTooltipColor,
  IS_BRIGHT_IMPORTERS,
  COLOR_PRESETS_REQUEST,
  TOOLTIP_COLOR_IMPORTER,
  COLOR_PICKER_UTIL_REQUEST,
} = require('./antd-modules.cjs');
const { writeRouterFacade } = require('./router-facade.cjs');
const { CHUNK_LOAD_TIMEOUT_MS } = require('./timeouts.cjs');
const { RouteChunksPlugin, SharedChunksPlugin } = require('./route-chunks.cjs');

/** Text files the server sends as built: each production file also as .br and .gz. */
const COMPRESSIBLE = /\.(js|css|json|svg|txt)$/;

/**
 * Brotli (highest quality) and gzip copies of every compressible production file, which the
 * server sends as they are (@fastify/static `preCompressed`): smaller than compressing per
 * request at a fast level, and no CPU per request (a page load asks for ~60 files).
 */
const precompressed = () => [
  new CompressionPlugin({
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    test: COMPRESSIBLE,
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    threshold: 1024,
    minRatio: 0.9,
  }),
  new CompressionPlugin({
    filename: '[path][base].gz',
    algorithm: 'gzip',
    test: COMPRESSIBLE,
    compressionOptions: { level: 9 },
    threshold: 1024,
    minRatio: 0.9,
  }),
];

/** Dev-server ports; `pnpm dev` and each team's standalone host use them. */
const DEV_PORTS = { shell: 3000, storefront: 3001, cart: 3002, artist: 3003, manage: 3004 };
const API_ORIGIN = process.env.ATELIER_API_ORIGIN || 'http://localhost:8080';
const API_PATHS = ['/api', '/auth', '/content', '/media', '/accounts/signout-no-redirect'];

/** Swc for our TypeScript; the same settings for every app and workspace package. */
const swcRule = (isDev) => ({
  test: /\.[cm]?[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: require.resolve('swc-loader'),
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: isDev } },
        target: 'es2020',
      },
    },
  },
});

/**
 * The webpack config of every front end. `name` is the federation name ('shell' for the
 * host); a remote passes `exposes`. `--env outDir=…` builds into another directory and
 * `--env srcDir=…` builds another source tree (an independent deployment of a remote).
 */
function createFrontendConfig({ name, appDir, exposes, title }) {
  const isHost = name === 'shell';
  return (env = {}, argv = {}) => {
    const isDev = argv.mode !== 'production';
    const srcDir = path.resolve(appDir, env.srcDir || 'src');
    const outDir = path.resolve(appDir, env.outDir || 'dist');
    const cacheDir = path.join(appDir, 'node_modules', '.cache', 'atelier-mf');
    const entry = [path.join(srcDir, 'index.ts')];
    if (isHost) entry.push(writeAntdProvider(appDir, cacheDir));
    const port = DEV_PORTS[name];
    // Exposed modules follow the source tree being built (see `--env srcDir`).
    const exposed = exposes
      ? Object.fromEntries(
          Object.entries(exposes).map(([key, file]) => [
            key,
            path.join(srcDir, path.relative('src', file)),
          ]),
        )
      : undefined;

    return {
      mode: isDev ? 'development' : 'production',
      context: appDir,
      entry: { main: entry },
      devtool: isDev ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        path: outDir,
        publicPath: isHost ? '/' : 'auto',
        filename: '[name].js',
        chunkFilename: isDev ? '[name].js' : '[name].[contenthash:8].js',
        uniqueName: name,
        // Webpack's default today, made explicit so it follows the one constant (SPEC §9).
        chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: {
          antd$: writeAntdBarrel(appDir, cacheDir),
          'react-router-dom$': writeRouterFacade(appDir, cacheDir),
          ...federationRuntimeAliases(),
        },
      },
      module: {
        parser: { javascript: { exportsPresence: 'error' } },
        rules: [
          swcRule(isDev),
          { test: /\.m?js$/, resolve: { fullySpecified: false } },
          { test: /antd-barrel\.js$/, sideEffects: false },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: name === 'shell' ? 'shell' : `mf_${name}`,
          filename: isHost ? undefined : 'remoteEntry.js',
          exposes: isHost ? undefined : exposed,
          remotes: {},
          shared: createSharedMap(appDir),
          shareStrategy: 'loaded-first',
          runtimePlugins: [
            require.resolve('./antd-single-source.js'),
            require.resolve('./load-timeout.js'),
            require.resolve('./remote-yield.js'),
          ],
          manifest: isHost ? false : { fileName: 'mf-manifest.json' },
          dts: false,
          // In production a remote uses the shell's federation runtime instead of shipping
          // its own copy; in dev it runs standalone with its own.
          experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime: !isDev },
        }),
        // A remote's own page is its standalone host (see renderStandalone in @atelier/ui).
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          hash: true,
          favicon: path.join(__dirname, 'favicon.svg'),
        }),
        new webpack.DefinePlugin({
          'process.env.ATELIER_APP': JSON.stringify(name),
        }),
        // Button and Tag styles import one colour helper, not the colour picker and Collapse.
        new webpack.NormalModuleReplacementPlugin(COLOR_PRESETS_REQUEST, (resource) => {
          if (IS_BRIGHT_IMPORTERS.test(resource.context)) {
            resource.request = writeAntdIsBright(cacheDir);
          }
        }),
        // Tooltip and Popover read a colour's RGB, not with the colour picker's colour class.
        new webpack.NormalModuleReplacementPlugin(COLOR_PICKER_UTIL_REQUEST, (resource) => {
          if (TOOLTIP_COLOR_IMPORTER.test(resource.context)) {
            resource.request = writeAntdTooltipColor(cacheDir);
          }
        }),
        // The files of each route's page and of the shared modules it consumes from the
        // shell, for the server's preload hints.
        isHost ? new SharedChunksPlugin() : new RouteChunksPlugin(),
        ...(isDev ? [] : precompressed()),
      ],
      optimization: {
        // swc's minifier drops unused code inside modules (esbuild's does not), which is what
        // trims antd and react-router down to what a page uses; and it is fast.
        minimizer: [
          new TerserPlugin({
            minify: TerserPlugin.swcMinify,
            parallel: true,
            terserOptions: { compress: { passes: 2 }, mangle: true },
          }),
        ],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // Every front end's dev server reaches the API, the standalone remotes too.
        proxy: [{ context: API_PATHS, target: API_ORIGIN, changeOrigin: false }],
        setupMiddlewares: isHost
          ? (middlewares, server) => {
              server.app.get('/remotes.json', (_req, res) => res.json(devRemotes()));
              return middlewares;
            }
          : undefined,
      },
    };
  };
}

/**
 * The federation runtime is reached through both `require` and `import`; pinning each
 * package to its ESM build keeps one copy of it in the shell instead of two.
 */
function federationRuntimeAliases() {
  const enhanced = require.resolve('@module-federation/enhanced');
  const aliases = {};
  for (const pkg of [
    '@module-federation/runtime-core',
    '@module-federation/sdk',
    '@module-federation/runtime',
  ]) {
    const main = require.resolve(pkg, { paths: [enhanced] });
    aliases[`${pkg}$`] = path.join(
      main.slice(0, main.lastIndexOf(`${path.sep}dist${path.sep}`)),
      'dist',
      'index.js',
    );
  }
  return aliases;
}

/** In `pnpm dev` every remote is served by its own dev server. */
function devRemotes() {
  const remotes = {};
  for (const [name, port] of Object.entries(DEV_PORTS)) {
    if (name !== 'shell') remotes[name] = `http://localhost:${port}/mf-manifest.json`;
  }
  return remotes;
}

module.exports = { createFrontendConfig };
