'use strict';
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { EsbuildPlugin } = require('esbuild-loader');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createSharedMap } = require('./shared.cjs');
const { writeAntdBarrel, writeAntdProvider } = require('./antd-modules.cjs');

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
          Object.entries(exposes).map(([key, file]) => [key, path.join(srcDir, path.relative('src', file))]),
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
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: { antd$: writeAntdBarrel(appDir, cacheDir) },
      },
      module: {
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
          runtimePlugins: [require.resolve('./antd-single-source.js')],
          manifest: isHost ? false : { fileName: 'mf-manifest.json' },
          dts: false,
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          hash: true,
          favicon: path.join(__dirname, 'favicon.svg'),
        }),
        new webpack.DefinePlugin({
          'process.env.ATELIER_APP': JSON.stringify(name),
        }),
      ],
      optimization: {
        minimizer: [new EsbuildPlugin({ target: 'es2020', format: undefined, css: false })],
        splitChunks: {
          cacheGroups: {
            // antd's shared internals (theme, cssinjs, rc-util) as one chunk, not one copy
            // per component chunk.
            antdCore: {
              test: /[\\/]node_modules[\\/](\.pnpm[\\/])?(@ant-design|@rc-component|rc-[\w-]+|@babel[\\/]runtime|antd[\\/]es[\\/](_util|config-provider|theme|style|locale))/,
              name: 'antd-core',
              chunks: 'async',
              priority: 20,
              reuseExistingChunk: true,
              enforce: true,
            },
          },
        },
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: isHost ? [{ context: API_PATHS, target: API_ORIGIN, changeOrigin: false }] : [],
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

/** In `pnpm dev` every remote is served by its own dev server. */
function devRemotes() {
  const remotes = {};
  for (const [name, port] of Object.entries(DEV_PORTS)) {
    if (name !== 'shell') remotes[name] = `http://localhost:${port}/mf-manifest.json`;
  }
  return remotes;
}

module.exports = { createFrontendConfig, DEV_PORTS, devRemotes };
