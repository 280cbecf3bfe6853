'use strict';
const path = require('node:path');
const vm = require('node:vm');

/**
 * Jest's runtime, compiling each CommonJS module so that V8 compiles it once per worker
 * instead of once per test file (every project's `runtime`, from jest.preset.cjs and the
 * server's config).
 *
 * Jest compiles a module with `vm.compileFunction`, which V8's compilation cache never serves:
 * every test file compiled react-dom, antd and the rest again (about 1,600 modules a component
 * test), and compiled again each function it then ran. A `vm.Script` is cached by its source,
 * whatever the context it runs in, with the functions compiled since: react-dom's development
 * build takes 22 ms to compile the first time and 0.2 ms the next. The module sees the same
 * wrapper function, with the same parameters, as Jest's.
 *
 * Left to Jest: a module that calls `import()` (Jest handles it through the callback a cached
 * script cannot have) and one that does not compile (Jest's error message).
 */
const runnerDir = path.dirname(
  require.resolve('jest-runner/package.json', { paths: [require.resolve('jest')] }),
);
const Runtime = require(require.resolve('jest-runtime', { paths: [runnerDir] })).default;

const DYNAMIC_IMPORT = /\bimport\s*\(/;

/**
 * What a worker keeps from one test file to the next, by project: the sources Jest read and
 * what its transformer returned for them. Jest reads each module from disk again for every
 * test file, and asks the transformer (and its on-disk cache) again; neither changes during a
 * run. Source maps stay with each file's runtime, as Jest keeps them.
 */
const sourcesByProject = new Map();
const transformsByProject = new Map();
const forProject = (caches, id, Cache) => {
  let cache = caches.get(id);
  if (!cache) caches.set(id, (cache = new Cache()));
  return cache;
};

/** A file-source map that outlives Jest's `clear()` at the end of each test file. */
class KeptSources extends Map {
  clear() {}
}

/**
 * Packages loaded once per worker, in Node's own module system, and handed to every test file
 * as they are: only pure data that nothing in a test changes or mocks. aria-query (Testing
 * Library's and jest-dom's tables of ARIA roles, two versions) builds its tables from some
 * 200 modules when loaded, which every component test file did again: 2.4 % of a CPU profile
 * of three mf-cart page tests. Its objects come from Node's realm, not the test context's
 * (their users only read them: `get`, iteration, spreading). A test that mocks one
 * (`jest.mock('aria-query')`) still gets its mock; `jest.runtime.test.cjs` checks the sharing.
 */
const SHARED_PACKAGES = new Set(['aria-query']);

class CachedCompileRuntime extends Runtime {
  requireModuleOrMock(from, moduleName) {
    if (
      SHARED_PACKAGES.has(moduleName) &&
      !this.mockState.shouldMockCjs(from, moduleName).shouldMock
    ) {
      return require(this._resolution.resolveCjs(from, moduleName));
    }
    return super.requireModuleOrMock(from, moduleName);
  }

  constructor(config, environment, resolver, transformer, fileSources, ...rest) {
    // In place of this test file's map of file sources (fileSources), the project's kept one.
    const sources = forProject(sourcesByProject, config.id, KeptSources);
    for (const [file, source] of fileSources) sources.set(file, source);
    super(config, environment, resolver, transformer, sources, ...rest);
    this.keepTransforms(forProject(transformsByProject, config.id, Map));
    const executor = this.executor;
    const jestCompile = executor.compile.bind(executor);
    executor.compile = (scriptSource, filename) => {
      const vmContext = executor.environment.getVmContext();
      if (
        vmContext == null ||
        DYNAMIC_IMPORT.test(scriptSource) ||
        executor.resolution.isCoreModule(filename)
      ) {
        return jestCompile(scriptSource, filename);
      }
      // Jest's parameters, then the injected globals (sandboxInjectedGlobals) as parameters of
      // an outer function: a module may declare a name of its own that is also injected
      // (`const parseInt = …`), which is an error beside a parameter but fine in a closure.
      const params = executor.injectedModuleParameters;
      const own = params.slice(0, params.length - executor.config.sandboxInjectedGlobals.length);
      const prefix = `(function (${params.join(', ')}) { return function (${own.join(', ')}) {`;
      let script;
      try {
        // On the first line, so lines stay where the source maps have them.
        script = new vm.Script(`${prefix}${scriptSource}\n}.apply(this, arguments); })`, {
          filename,
          columnOffset: -prefix.length,
        });
      } catch {
        return jestCompile(scriptSource, filename);
      }
      return script.runInContext(vmContext);
    };
  }

  /** Jest's transform of each module, once per worker and project (see transformsByProject). */
  keepTransforms(kept) {
    const cache = this.transformCache;
    const transform = cache.transform.bind(cache);
    cache.transform = (filename, options) => {
      if (options?.isInternalModule) return transform(filename, options);
      const key = `${filename}\0${JSON.stringify(options ?? {})}`;
      let file = kept.get(key);
      if (file === undefined) {
        const code = transform(filename, options);
        file = cache.transforms.get(filename);
        if (file?.code !== code) return code;
        kept.set(key, file);
      } else {
        cache.transforms.set(filename, file);
        if (file.sourceMapPath) cache.sourceMaps.set(filename, file.sourceMapPath);
      }
      return file.code;
    };
  }
}

module.exports = CachedCompileRuntime;
