'use strict';

/**
 * Unbounded caches of compiled selectors for a jsdom document's selector engine (nwsapi).
 *
 * nwsapi compiles each selector it is asked about into a function and keeps it in an LRU cache
 * of 1,000 entries. antd's style sheets hold more distinct selectors than that, and the
 * computed styles of every element Testing Library looks at match it against them
 * (jest.jsdom-styles.cjs), so the cache evicted and recompiled selectors all the time; and
 * each lookup builds a new key string (`'\x01' + selector`), which V8 hashes again every time.
 * A Map keyed by the selector keeps every compiled selector for the document's life. The
 * functions are the ones nwsapi compiles, so matches are the same; nwsapi still clears the
 * caches itself when reconfigured.
 *
 * jsdom creates the engine for a document on first use, as `_nwsapi` (matches,
 * querySelectorAll, closest) or `_nwsapiDontThrow` (the cascade); each gets these caches as
 * jsdom stores it. nwsapi's instance exposes its cache objects, and reads them through them.
 */
const ENGINES = ['_nwsapi', '_nwsapiDontThrow'];
const CACHES = ['matchLambdas', 'selectLambdas', 'matchResolvers', 'selectResolvers'];

function unboundCaches(engine) {
  for (const name of CACHES) {
    const cache = engine[name];
    if (!cache || typeof cache.get !== 'function' || typeof cache.set !== 'function') return;
  }
  for (const name of CACHES) {
    const cache = engine[name];
    const map = new Map();
    cache.get = (key) => map.get(key);
    cache.has = (key) => map.has(key);
    cache.set = (key, value) => {
      map.set(key, value);
      return value;
    };
    cache.clear = () => map.clear();
    cache.size = () => map.size;
  }
}

/** Gives the engines jsdom creates for `documentImpl` unbounded caches. */
function unboundSelectorCaches(documentImpl) {
  for (const key of ENGINES) {
    if (documentImpl[key] !== undefined) continue;
    let engine;
    Object.defineProperty(documentImpl, key, {
      configurable: true,
      get: () => engine,
      set: (value) => {
        engine = value;
        if (value) unboundCaches(value);
      },
    });
  }
}

module.exports = { unboundSelectorCaches };
