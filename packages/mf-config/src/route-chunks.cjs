'use strict';

/** The file a remote's build writes beside its mf-manifest.json; the server reads it. */
const ROUTE_CHUNKS_FILE = 'route-chunks.json';
/** The file the shell's build writes beside its index.html; the server reads it. */
const SHARED_CHUNKS_FILE = 'shared-chunks.json';
/**
 * The key of route-chunks.json under which each route names the shared modules its page
 * consumes (no route chunk is named so: route chunks start with ROUTE_CHUNK_PREFIX).
 */
const CONSUMES_KEY = '$consumes';
/**
 * The key of shared-chunks.json naming the files the shell fetches at boot beyond its entry:
 * `import('./bootstrap')` and the shared modules it consumes, which each ask for the next
 * (the session and ui packages, then antd's provider and App …), one round trip per level.
 */
const BOOT_KEY = '$boot';

/**
 * A route's page is loaded with `import(/* webpackChunkName: "route-<segment>" *\/ …)`, where
 * `<segment>` is the first path segment it serves (`route-index` for `/`).
 */
const ROUTE_CHUNK_PREFIX = 'route-';

const CONSUME_SHARED = 'consume-shared-module';
const PROVIDE_SHARED = 'provide-module';

const jsFiles = (group) => group.getFiles().filter((file) => file.endsWith('.js'));

/** The share keys (`antd/es/button`, `react` …) the modules of a chunk group consume. */
function consumedKeys(compilation, group) {
  const keys = new Set();
  for (const chunk of group.chunks) {
    for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type === CONSUME_SHARED && module.options?.shareKey) {
        keys.add(module.options.shareKey);
      }
    }
  }
  return keys;
}

const sorted = (set) => [...set].sort();

/** A chunk group and the groups that load before it. */
function withAncestors(group) {
  const groups = new Set();
  const queue = [group];
  while (queue.length) {
    const next = queue.pop();
    if (groups.has(next)) continue;
    groups.add(next);
    queue.push(...next.getParents());
  }
  return groups;
}

/**
 * Writes `route-chunks.json`: for every `route-*` chunk group, the JavaScript files its
 * `import()` fetches, in load order, and (under `$consumes`) the shared modules those files
 * consume, which the shell provides from its own chunks (antd's components above all). The
 * server names them (and the remote's entry) as preloads in the HTML of a page the route
 * serves, so the remote's chain (manifest → entry → routes → page → the components the page
 * consumes) downloads beside the shell's own scripts instead of after them.
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
          const consumes = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            if (!name.startsWith(ROUTE_CHUNK_PREFIX)) continue;
            routes[name] = jsFiles(group);
            // A module its parents (the `./routes` chunk) consume is left out of the page's
            // chunks but waited on all the same.
            const keys = new Set();
            for (const each of withAncestors(group)) {
              for (const key of consumedKeys(compilation, each)) keys.add(key);
            }
            consumes[name] = sorted(keys);
          }
          const json = `${JSON.stringify({ ...routes, [CONSUMES_KEY]: consumes }, null, 2)}\n`;
          compilation.emitAsset(ROUTE_CHUNKS_FILE, new sources.RawSource(json));
        },
      );
    });
  }
}

/**
 * Writes the shell's `shared-chunks.json`: for every shared module the shell provides lazily
 * (each `antd/es/<component>` above all), the JavaScript files that loading it fetches, with
 * those of the shared modules they consume in turn, leaving out what the shell fetches at
 * boot anyway; and under `$boot` those boot files. The server preloads the boot files from
 * every page's HTML, and joins the rest with a remote's `$consumes` to preload the
 * components a landing page waits on.
 */
class SharedChunksPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('SharedChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'SharedChunksPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const { chunkGraph } = compilation;
          /** share key → the chunk group loading it fetches */
          const provided = new Map();
          for (const module of compilation.modules) {
            if (module.type !== PROVIDE_SHARED || !module._name) continue;
            const block = module.blocks[0];
            const group = block && chunkGraph.getBlockChunkGroup(block);
            if (group) provided.set(module._name, group);
          }
          /** The groups' files and those of every shared module they consume, transitively. */
          const closure = (groups) => {
            const files = new Set();
            const seen = new Set();
            const queue = [...groups];
            while (queue.length) {
              const group = queue.pop();
              if (seen.has(group)) continue;
              seen.add(group);
              for (const file of jsFiles(group)) files.add(file);
              for (const key of consumedKeys(compilation, group)) {
                const next = provided.get(key);
                if (next) queue.push(next);
              }
            }
            return files;
          };
          // What the shell fetches at boot: its entry, the `import('./bootstrap')` behind it
          // and the shared modules they consume.
          const bootGroups = [];
          for (const entrypoint of compilation.entrypoints.values()) {
            bootGroups.push(entrypoint);
            for (const chunk of entrypoint.chunks) {
              for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
                for (const block of module.blocks) {
                  const boots = block.dependencies.some((dep) => dep.request === './bootstrap');
                  const group = boots && chunkGraph.getBlockChunkGroup(block);
                  if (group) bootGroups.push(group);
                }
              }
            }
          }
          const boot = closure(bootGroups);
          // The entry's own files are in index.html already.
          const entryFiles = new Set(
            [...compilation.entrypoints.values()].flatMap((entrypoint) => jsFiles(entrypoint)),
          );
          const shared = { [BOOT_KEY]: [...boot].filter((file) => !entryFiles.has(file)) };
          for (const key of sorted(new Set(provided.keys()))) {
            const files = [...closure([provided.get(key)])].filter((file) => !boot.has(file));
            if (files.length) shared[key] = files;
          }
          const json = `${JSON.stringify(shared, null, 2)}\n`;
          compilation.emitAsset(SHARED_CHUNKS_FILE, new sources.RawSource(json));
        },
      );
    });
  }
}

module.exports = { RouteChunksPlugin, SharedChunksPlugin };
