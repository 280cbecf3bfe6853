'use strict';
/* global expect, test -- Jest's globals */
const path = require('node:path');
const { unboundSelectorCaches } = require('./jest.jsdom-selectors.cjs');

const jsdomDir = path.dirname(
  require.resolve('jsdom/package.json', {
    paths: [path.dirname(require.resolve('jest-environment-jsdom/package.json'))],
  }),
);
const { JSDOM } = require(jsdomDir);
const idlUtils = require(path.join(jsdomDir, 'lib/jsdom/living/generated/utils.js'));

/** More distinct selectors than nwsapi's own cache holds (1,000). */
const SELECTORS = Array.from({ length: 1500 }, (_, i) =>
  i % 3 === 0
    ? `.c${i % 7}:not(.k${i})`
    : i % 3 === 1
      ? `div > span.c${i % 5}:not(#x${i})`
      : `[data-n="${i % 11}"] *:not([data-k="${i}"])`,
);

function matchAll(dom) {
  const { document } = dom.window;
  document.body.innerHTML =
    '<div data-n="3"><span class="c1 c2">a</span><span id="x4" class="c4">b</span></div>' +
    '<p class="c0 c3">c</p>';
  const elements = [...document.querySelectorAll('*')];
  return SELECTORS.map((selector) => elements.map((element) => element.matches(selector)).join(''));
}

test('selector matches are the same with unbounded caches, which keep every selector', () => {
  const plain = new JSDOM();
  const unbounded = new JSDOM();
  const impl = idlUtils.implForWrapper(unbounded.window.document);
  unboundSelectorCaches(impl);
  const expected = matchAll(plain);
  expect(matchAll(unbounded)).toEqual(expected);
  expect(expected.join('')).toMatch(/true/);
  expect(expected.join('')).toMatch(/false/);
  expect(impl._nwsapi.matchResolvers.size()).toBeGreaterThanOrEqual(SELECTORS.length);
  expect(idlUtils.implForWrapper(plain.window.document)._nwsapi.matchResolvers.size()).toBe(1000);
});
