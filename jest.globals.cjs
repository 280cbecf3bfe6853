'use strict';

/**
 * Globals handed to every module as parameters of Jest's module wrapper
 * (`sandboxInjectedGlobals`), so code reads them as local variables.
 *
 * Jest runs modules in a `vm` context, and a vm context's global object answers every lookup
 * of a global name (`Math`, `Object`, `Symbol`, `document`…) through Node's C++ interceptor:
 * hundreds of nanoseconds each, where the same lookup outside a vm costs nothing. Code that
 * reads globals in hot loops ran 17 to 50 times slower under Jest than under Node (the demo's
 * colour measurement: 9.1 s against 0.55 s CPU for 200 pictures), and React, antd and jsdom
 * read them everywhere.
 *
 * Only values a test never replaces belong here: each module receives the value the global
 * had when the module was loaded, so anything fake timers or a test stubs (setTimeout, Date,
 * performance, fetch, matchMedia…) must stay a real global lookup.
 */
const INTRINSICS = [
  'Array',
  'ArrayBuffer',
  'BigInt',
  'Boolean',
  'DataView',
  'Error',
  'Function',
  'Infinity',
  'JSON',
  'Map',
  'Math',
  'Number',
  'Object',
  'Promise',
  'Proxy',
  'RangeError',
  'Reflect',
  'RegExp',
  'Set',
  'String',
  'Symbol',
  'SyntaxError',
  'TypeError',
  'Uint8Array',
  'WeakMap',
  'WeakSet',
  'decodeURIComponent',
  'encodeURIComponent',
  'isNaN',
  'parseFloat',
  'parseInt',
];

/** jsdom's window and document stay the same object for a whole test file. */
const DOM = ['window', 'document'];

module.exports = { INTRINSICS, DOM };
