'use strict';
/* global expect, test -- Jest's globals */
const path = require('node:path');
const { indexDocumentStyles, selectorKeys } = require('./jest.jsdom-styles.cjs');

// The component tests' dependencies, as the ui package resolves them.
const ui = path.join(__dirname, 'packages/ui');
const from = (dir, name) => require(require.resolve(name, { paths: [dir] }));
const antdDir = path.dirname(require.resolve('antd/package.json', { paths: [ui] }));
const jsdomDir = path.dirname(
  require.resolve('jsdom/package.json', {
    paths: [path.dirname(require.resolve('jest-environment-jsdom/package.json'))],
  }),
);
const { JSDOM } = require(jsdomDir);

/** antd's markup and CSS for a page of common components, rendered as on a server. */
function antdPage() {
  const React = from(ui, 'react');
  const { renderToString } = from(ui, 'react-dom/server');
  const antd = from(ui, 'antd');
  const { StyleProvider, createCache, extractStyle } = from(antdDir, '@ant-design/cssinjs');
  const h = React.createElement;
  const cache = createCache();
  const html = renderToString(
    h(
      StyleProvider,
      { cache },
      h(
        'main',
        null,
        h(antd.Input, { 'aria-label': 'Name' }),
        h(antd.Button, { type: 'primary' }, 'Save'),
        h(antd.Select, { options: [{ value: 1, label: 'One' }] }),
        h(antd.Tabs, {
          items: [
            { key: 'a', label: 'A', children: 'Panel A' },
            { key: 'b', label: 'B', children: 'Panel B' },
          ],
        }),
      ),
    ),
  );
  return { html, css: extractStyle(cache, { plain: true }).replace(/<\/?style[^>]*>/g, '') };
}

/** Selectors that are easy to misread: the index must not hide a rule that applies. */
const TRICKY_CSS = `
  .a, .b > .c { color: rgb(1, 2, 3); }
  :where(.scope).ant-btn .inner { visibility: hidden; }
  :is(.x, .y) { display: none; }
  .p:not(.q) { display: inline; }
  [data-x=".a #b"] { color: rgb(4, 5, 6); }
  .left+.right { color: rgb(7, 8, 9); }
  .left~.far { display: block; }
  #only { pointer-events: none; }
  div#only.a { color: rgb(10, 11, 12); }
  .esc\\:aped { display: none; }
  span { color: rgb(13, 14, 15); }
  * { caret-color: rgb(16, 17, 18); }
  @media screen { .m { display: none; } }
  @media print { .m { display: block; } }
  .hide { visibility: hidden; }
  .show { visibility: visible; }
  .unset { color: unset; }
  .p.q { visibility: hidden; }
  .left.far, .z.x { pointer-events: none; }
  SPAN.c { pointer-events: none; }
  [data-flag] { visibility: hidden; }
  [DATA-UP="1"] { color: rgb(19, 20, 21); }
  input[type="checkbox"] { display: none; }
  [lang|="en"] { color: rgb(22, 23, 24); }
  foreignObject { display: none; }
  g text { visibility: hidden; }
  .far[hidden] { display: block; }
  ul > li:first-child, ol li { display: none; }
  [ data-spaced ] { color: rgb(25, 26, 27); }
  [viewBox] { visibility: hidden; }
`;
const TRICKY_HTML = `
  <div class="a" id="only"><span class="c">c</span></div>
  <div class="b"><span class="c">c</span><p class="c">p</p></div>
  <div class="scope ant-btn"><i class="inner">i</i></div>
  <em class="x">x</em><em class="y">y</em><em class="z">z</em>
  <b class="p">p</b><b class="p q">pq</b>
  <u data-x=".a #b">u</u>
  <i class="left">l</i><i class="right">r</i><i class="far">f</i>
  <div class="esc:aped">e</div>
  <div class="m">m</div>
  <div class="hide"><span><b class="show">s</b></span></div>
  <svg><g class="a"><text class="c">t</text></g></svg>
  <div class="unset" style="display: grid">u</div>
  <p data-flag>f</p><p data-up="1">u</p><p data-spaced="">s</p>
  <input type="checkbox"><input type="text">
  <span lang="en-GB">l</span><span lang="fr">f</span>
  <svg><foreignObject><span>f</span></foreignObject><g><text>t</text></g></svg>
  <i class="far" hidden>h</i>
  <ul><li>1</li><li>2</li></ul><ol><li>3</li></ol>
  <svg viewBox="0 0 1 1"><rect width="1"></rect></svg>
`;

function pages(html, css) {
  const page = () =>
    new JSDOM(`<!doctype html><html><head><style>${css}</style></head><body>${html}</body>`);
  const plain = page();
  const indexed = page();
  expect(indexDocumentStyles(indexed.window.document, jsdomDir)).toBe(true);
  return { plain, indexed };
}

/** Every element's computed style, as a string per element. */
function computedStyles(dom) {
  const { window } = dom;
  return [...window.document.querySelectorAll('*')].map((element) => {
    const style = window.getComputedStyle(element);
    return `${element.tagName}.${element.getAttribute('class')}: ${style.cssText}`;
  });
}

test('antd components: every element has the style jsdom computes', () => {
  const { html, css } = antdPage();
  const { plain, indexed } = pages(html, css);
  expect(indexed.window.document.styleSheets[0].cssRules.length).toBeGreaterThan(400);
  const expected = computedStyles(plain);
  expect(computedStyles(indexed)).toEqual(expected);
  // The index is of use only if it computes visibility as jsdom does: some element is hidden.
  expect(expected.some((line) => /display: none/.test(line))).toBe(true);
});

test('combinators, lists, pseudo-classes, escapes, media and inheritance', () => {
  const { plain, indexed } = pages(TRICKY_HTML, TRICKY_CSS);
  const expected = computedStyles(plain);
  expect(computedStyles(indexed)).toEqual(expected);
  const hidden = expected.filter((line) => /^(EM|DIV)\..*display: none/.test(line));
  expect(hidden).toHaveLength(4);
});

test('after the DOM or a style sheet changes', () => {
  const { plain, indexed } = pages(TRICKY_HTML, TRICKY_CSS);
  computedStyles(indexed);
  for (const { window } of [plain, indexed]) {
    const { document } = window;
    document.querySelector('.z').classList.add('x');
    document.querySelector('.q').classList.remove('q');
    document.getElementById('only').id = 'other';
    document.styleSheets[0].insertRule('.z { color: rgb(20, 21, 22); }', 0);
    const style = document.createElement('style');
    style.textContent = '.far { display: none; } .c { visibility: hidden; }';
    document.head.append(style);
  }
  expect(computedStyles(indexed)).toEqual(computedStyles(plain));
});

test('the keys a selector requires are those of its rightmost compound', () => {
  expect(selectorKeys('.a')).toEqual([['.a']]);
  expect(selectorKeys('.a .b, #c>.d, .e #f')).toEqual([['.b'], ['.d'], ['#f']]);
  expect(selectorKeys(':where(.css-x).ant-btn.ant-btn-primary:hover')).toEqual([
    ['.ant-btn', '.ant-btn-primary'],
  ]);
  expect(selectorKeys('div#x.y:not(.z)')).toEqual([['#x', '.y', 'tag:div']]);
  // Types and attribute names, lowercased, after classes and ids.
  expect(selectorKeys('.a, div')).toEqual([['.a'], ['tag:div']]);
  expect(selectorKeys('[data-x=".a"]')).toEqual([['[data-x]']]);
  expect(selectorKeys('.a .b:nth-child(2n+1) span')).toEqual([['tag:span']]);
  expect(selectorKeys('INPUT[Type="search"].q')).toEqual([['.q', '[type]', 'tag:input']]);
  expect(selectorKeys(':where(.h).ant-btn [class^="ant-btn"]::before')).toEqual([['[class]']]);
  expect(selectorKeys('[lang|="en"], [ data-y ]')).toEqual([['[lang]'], ['[data-y]']]);
  // Any of these may match an element without a class, id, attribute or type: never skipped.
  expect(selectorKeys(':is(.a, .b)')).toBeNull();
  expect(selectorKeys('.a, *')).toBeNull();
  expect(selectorKeys('.a > *:hover')).toBeNull();
  expect(selectorKeys('svg|rect')).toBeNull();
  expect(selectorKeys('*|div')).toBeNull();
  expect(selectorKeys('[xlink|href]')).toBeNull();
  expect(selectorKeys('.esc\\:aped')).toBeNull();
  expect(selectorKeys(undefined)).toBeNull();
});
