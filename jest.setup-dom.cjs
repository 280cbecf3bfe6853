'use strict';
require('@testing-library/jest-dom');

// antd reads media queries for its responsive grid; jsdom has no matchMedia.
if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });
}
// antd's responsive observers and the justified grid measure their container.
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Lazily loaded antd components take a while to load the first time on a 2-core machine.
require('@testing-library/react').configure({ asyncUtilTimeout: 15000 });

// A failed get* query's error prints the whole document (prettyDOM, pretty-format over antd's
// DOM). Inside waitFor and find*, which retry on every DOM change and every 50 ms, the error
// is only kept for the timeout, and waitFor's timeout adds the document to it then (its
// onTimeout calls getElementError again): so, while Testing Library has its expensive
// diagnostics off (it does for the callbacks waitFor runs), the error is made without the
// print. Outside waitFor, and in the error a timed-out waitFor throws, messages are unchanged.
{
  const dom = require('@testing-library/dom');
  const printingElementError = dom.getConfig().getElementError;
  dom.configure({
    getElementError(message, container) {
      // null: the caller wants the print itself (the elements of a "multiple elements" error).
      if (message == null || !dom.getConfig()._disableExpensiveErrorDiagnostics) {
        return printingElementError(message, container);
      }
      const error = new Error(message);
      error.name = 'TestingLibraryElementError';
      return error;
    },
  });
}
// antd's CSS-in-JS drops a generated style from its cache when the last component using it
// unmounts, so every test of a file (each ends unmounting all) generated antd's styles anew:
// about a sixth of a component test's CPU. Here an entry outlives its last user, so the next
// test's components reuse it; the styles themselves stay in the document either way (antd
// removes them only with autoClear, off in a browser), so what a test sees is unchanged.
// Generated styles (plain strings, keyed by their token's hash and component path) are also
// kept for the worker's later test files, in a Map held by a Node core module (the one kind
// of module every test file of a worker shares); a file's first mount injects them into its
// own document as antd does on a cache hit. Tokens and CSS variables stay per file.
{
  const path = require('node:path');
  const antdDir = path.dirname(
    require.resolve('antd/package.json', { paths: [path.join(__dirname, 'packages/ui')] }),
  );
  const Entity = require(
    require.resolve('@ant-design/cssinjs/lib/Cache', { paths: [antdDir] }),
  ).default;
  const holder = require('node:util');
  const SHARED = Symbol.for('atelier.jest.antdStyles');
  holder[SHARED] ??= new Map();
  const styles = holder[SHARED];
  const isStyle = (key) => key.startsWith('style%');
  /** A value's update, except that an entry with no user left stays, at count 0. */
  const kept = (previous, next) => (next === null && previous ? [0, previous[1]] : next);
  const { opGet, opUpdate } = Entity.prototype;
  Entity.prototype.opGet = function sharedGet(key) {
    return isStyle(key) ? (styles.get(key) ?? null) : opGet.call(this, key);
  };
  Entity.prototype.opUpdate = function keepingUnused(key, valueFn) {
    if (!isStyle(key)) {
      return opUpdate.call(this, key, (previous) => kept(previous, valueFn(previous)));
    }
    const previous = styles.get(key);
    const next = kept(previous, valueFn(previous));
    if (next === null) styles.delete(key);
    else styles.set(key, next);
  };
}
// ScrollRestoration scrolls; jsdom does not implement it.
window.scrollTo = () => {};

// jsdom has no MessageChannel; antd's Select (rc-select) opens and closes its popup in a
// macrotask made with one. This stand-in posts through setTimeout, so fake timers drive it
// too: only what rc-select uses (port1.onmessage, port2.postMessage).
if (typeof globalThis.MessageChannel === 'undefined') {
  class TimeoutMessagePort {
    constructor() {
      this.onmessage = null;
      this.other = null;
    }
    postMessage(data) {
      const target = this.other;
      setTimeout(() => target?.onmessage?.({ data }), 0);
    }
    close() {
      this.onmessage = null;
    }
  }
  globalThis.MessageChannel = class {
    constructor() {
      this.port1 = new TimeoutMessagePort();
      this.port2 = new TimeoutMessagePort();
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  };
}
