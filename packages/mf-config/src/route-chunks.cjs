'use strict';

/** The file a remote's build writes beside its mf-manifest.json; the server reads it. */
const ROUTE_CHUNKS_FILE = 'route-chunks.json';

/**
 * A route's page is loaded with `import(/* webpackChunkName: "route-<segment>" *\/ …)`, where
 * `<segment>` is the first path segment it serves (`route-index` for `/`).
 */
const ROUTE_CHUNK_PREFIX = 'route-';

/**
 * Writes `route-chunks.json`: for every `route-*` chunk group, the JavaScript files its
 * `import()` fetches, in load order. The server names them (and the remote's entry) as
 * preloads in the HTML of a page the route serves, so the remote's chain (manifest → entry →
 * routes → page) downloads beside the shell's own scripts instead of after them.
 */
class RouteChunksPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RouteChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the minifier and the real hashes: the file names are final.
        { name: 'RouteChunksPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const routes = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            if (!name.startsWith(ROUTE_CHUNK_PREFIX)) continue;
            routes[name] = group.getFiles().filter((file) => file.endsWith('.js'));
          }
          const json = `${JSON.stringify(routes, null, 2)}\n`;
          compilation.emitAsset(ROUTE_CHUNKS_FILE, new sources.RawSource(json));
        },
      );
    });
  }
}

module.exports = { RouteChunksPlugin };
