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

class CachedCompileRuntime extends Runtime {
  constructor(...args) {
    super(...args);
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
      const prefix = `(function (${executor.injectedModuleParameters.join(', ')}) {`;
      let script;
      try {
        // On the first line, so lines stay where the source maps have them.
        script = new vm.Script(`${prefix}${scriptSource}\n})`, {
          filename,
          columnOffset: -prefix.length,
        });
      } catch {
        return jestCompile(scriptSource, filename);
      }
      return script.runInContext(vmContext);
    };
  }
}

module.exports = CachedCompileRuntime;
