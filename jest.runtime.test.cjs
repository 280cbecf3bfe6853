'use strict';
/* global afterAll, expect, jest, test -- Jest's globals */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

// A module as a dependency might be written: it declares a name that is also injected
// (jest.globals.cjs), and its first line throws, where the runtime's wrapper sits.
const SOURCE = [
  "'use strict'; exports.first = () => new Error('first line');",
  'const parseInt = (text) => Number(text) + 1;',
  'exports.parsed = parseInt("1");',
  'exports.intrinsics = { Math, Object, Symbol };',
  "exports.third = () => new Error('fifth line');",
  'exports.instance = {};',
].join('\n');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jest-runtime-test-'));
const file = path.join(dir, 'module.cjs');
fs.writeFileSync(file, SOURCE);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('a module may declare a name that is injected, and sees the others as its globals', () => {
  const loaded = require(file);
  expect(loaded.parsed).toBe(2);
  expect(loaded.intrinsics).toEqual({
    Math: globalThis.Math,
    Object: globalThis.Object,
    Symbol: globalThis.Symbol,
  });
  // The test context's own intrinsics, not the outer Node's.
  expect(loaded.intrinsics.Object).toBe({}.constructor);
});

test('stack traces point at the module’s own lines and columns, the first line included', () => {
  const loaded = require(file);
  const column = SOURCE.indexOf('new Error') + 1;
  expect(loaded.first().stack).toContain(`${file}:1:${column}`);
  const fifth = SOURCE.split('\n')[4] ?? '';
  expect(loaded.third().stack).toContain(`${file}:5:${fifth.indexOf('new Error') + 1}`);
});

test('each module registry runs the module again (only compiling is shared)', () => {
  const first = require(file);
  let second;
  jest.isolateModules(() => {
    second = require(file);
  });
  expect(second).not.toBe(first);
  expect(second.instance).not.toBe(first.instance);
  expect(second.parsed).toBe(2);
});

test('aria-query, pure data, is loaded once per worker: every module registry gets it as is', () => {
  // Testing Library's copy (a dependency of theirs, not of this workspace).
  const sharedPackage = 'aria-query';
  const ariaQueryDir = path.dirname(
    path.dirname(
      require.resolve(sharedPackage, {
        paths: [path.dirname(require.resolve('@testing-library/dom'))],
      }),
    ),
  );
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.symlinkSync(ariaQueryDir, path.join(dir, 'node_modules', 'aria-query'), 'dir');
  const user = path.join(dir, 'user.cjs');
  fs.writeFileSync(user, "exports.ariaQuery = require('aria-query'); exports.instance = {};");
  const first = require(user);
  let second;
  jest.isolateModules(() => {
    second = require(user);
  });
  expect(second.instance).not.toBe(first.instance);
  expect(second.ariaQuery).toBe(first.ariaQuery);
  expect(first.ariaQuery.roles.get('button')?.props).toHaveProperty('aria-pressed');
});
