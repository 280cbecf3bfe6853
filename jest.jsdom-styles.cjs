'use strict';
const path = require('node:path');

/**
 * A faster cascade for jsdom's getComputedStyle, with the same results.
 *
 * Testing Library's `*ByRole` queries and jest-dom's `toBeVisible` call getComputedStyle on
 * every element they look at and its ancestors. jsdom answers by matching the element against
 * every rule of every style sheet, and antd's CSS-in-JS puts thousands of rules in the page:
 * more distinct selectors than nwsapi's cache of compiled selectors holds (1,000), so each
 * lookup also recompiles them. That was half the CPU time of the component tests.
 *
 * Browsers avoid it by indexing rules under the rightmost compound selector's classes, ids,
 * attributes and type, and so does this: a rule each of whose selectors ends in a compound
 * naming a class, id, attribute or element type the element does not have cannot match it, so
 * it is skipped; every other rule is matched by jsdom's own matcher, in the sheets' order, and
 * its declarations applied as jsdom applies them. (Types and attributes are indexed for jsdom's
 * default sheet, whose rules name only tags, and antd's `[class^="ant-btn"]` resets; each
 * element was matched against all of them.) The result is the declaration jsdom computes
 * (`jest.jsdom-styles.test.cjs` compares the two).
 *
 * jsdom has no hook for this: the index replaces the document's style cache (`_styleCache`,
 * which jsdom resets on every DOM change), so it depends on jsdom's internals and checks for
 * them first; with another jsdom it stays out and jsdom computes styles itself.
 */

const TESTED_JSDOM = /^26\./;

/** jsdom's own modules, from the copy the Jest environment uses. */
function loadJsdom(jsdomDir) {
  const lib = (file) => require(path.join(jsdomDir, 'lib/jsdom', file));
  return {
    version: require(path.join(jsdomDir, 'package.json')).version,
    cssom: require(require.resolve('rrweb-cssom', { paths: [jsdomDir] })),
    CSSStyleDeclaration: require(require.resolve('cssstyle', { paths: [jsdomDir] }))
      .CSSStyleDeclaration,
    defaultStyleSheet: lib('browser/default-stylesheet.js'),
    matchesDontThrow: lib('living/helpers/selectors.js').matchesDontThrow,
    idlUtils: lib('living/generated/utils.js'),
  };
}

const IDENTIFIER = /[\w\-\u0080-\uffff]/;

/** Keys by how few elements they let through: ids and classes first, then attributes, tags. */
const KEY_ORDER = { '#': 0, '.': 0, '[': 1, t: 2 };
const byKeyOrder = (a, b) => KEY_ORDER[a[0]] - KEY_ORDER[b[0]];

/**
 * Splits a selector list at its top-level commas and returns, for each selector, the keys its
 * rightmost compound requires of an element: classes (`.name`), ids (`#name`), the attributes
 * it names (`[name]`, whatever the value test) and its type (`tag:name`); or null when the list
 * has a selector that requires none (it may match any element). Attribute and type names are
 * lowercased (HTML matches them regardless of case; lowercasing both sides only lets more
 * rules through). What sits inside a pseudo-class's parentheses is not required, nor is a
 * namespaced name (`svg|rect`, `[xlink|href]`). Escapes are not decoded: a selector with one
 * is treated as matching any element.
 */
function selectorKeys(selectorText) {
  if (typeof selectorText !== 'string' || selectorText.includes('\\')) return null;
  const selectors = [];
  let depth = 0;
  let quote = '';
  let bracket = false;
  let compoundStart = true;
  let keys = [];
  const identifierEnd = (from) => {
    let end = from;
    while (end < selectorText.length && IDENTIFIER.test(selectorText[end])) end += 1;
    return end;
  };
  for (let i = 0; i < selectorText.length; i += 1) {
    const char = selectorText[i];
    const atCompoundStart = compoundStart;
    compoundStart = false;
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (bracket) {
      if (char === ']') bracket = false;
    } else if (char === '[') {
      bracket = true;
      if (depth === 0) {
        let start = i + 1;
        while (/\s/.test(selectorText[start] ?? '')) start += 1;
        const end = identifierEnd(start);
        const namespaced = selectorText[end] === '|' && selectorText[end + 1] !== '=';
        if (end > start && !namespaced)
          keys.push(`[${selectorText.slice(start, end).toLowerCase()}]`);
      }
    } else if (char === '(') {
      depth += 1;
    } else if (char === ')') {
      depth -= 1;
    } else if (depth === 0) {
      if (char === ',') {
        if (keys.length === 0) return null;
        selectors.push(keys.sort(byKeyOrder));
        keys = [];
        compoundStart = true;
      } else if (/[\s>+~]/.test(char)) {
        // A combinator: the compound that follows is the one the element must match.
        keys = [];
        compoundStart = true;
      } else if (char === '.' || char === '#') {
        const end = identifierEnd(i + 1);
        if (end > i + 1) keys.push(selectorText.slice(i, end));
        i = end - 1;
      } else if (atCompoundStart && char !== '*' && char !== '|' && IDENTIFIER.test(char)) {
        const end = identifierEnd(i);
        if (selectorText[end] !== '|') keys.push(`tag:${selectorText.slice(i, end).toLowerCase()}`);
        i = end - 1;
      }
    }
  }
  if (quote || bracket || depth !== 0 || keys.length === 0) return null;
  selectors.push(keys.sort(byKeyOrder));
  return selectors;
}

/** The style rules jsdom applies from a sheet, in order (its `screen` media rules inlined). */
function applicableRules(sheet) {
  const rules = [];
  for (const rule of sheet.cssRules) {
    if (rule.media) {
      if (Array.prototype.indexOf.call(rule.media, 'screen') !== -1) {
        for (const inner of rule.cssRules) rules.push(inner);
      }
    } else {
      rules.push(rule);
    }
  }
  return rules;
}

/** A sheet's rules, with their positions by the class or id each requires. */
function indexRules(rules) {
  const byKey = new Map();
  const anyElement = [];
  const selectors = rules.map((rule) => rule.selectorText);
  const required = rules.map((rule) => selectorKeys(rule.selectorText));
  required.forEach((keyLists, position) => {
    if (keyLists === null) {
      anyElement.push(position);
      return;
    }
    for (const key of new Set(keyLists.map((keys) => keys[0]))) {
      const positions = byKey.get(key);
      if (positions) positions.push(position);
      else byKey.set(key, [position]);
    }
  });
  return { rules, selectors, required, byKey, anyElement };
}

function sameRules(index, rules) {
  if (index.rules.length !== rules.length) return false;
  for (let i = 0; i < rules.length; i += 1) {
    if (index.rules[i] !== rules[i] || index.selectors[i] !== rules[i].selectorText) return false;
  }
  return true;
}

function createCascade(jsdom) {
  const sheetIndexes = new WeakMap();
  const defaultIndex = indexRules(applicableRules(jsdom.cssom.parse(jsdom.defaultStyleSheet)));

  function indexOf(sheet) {
    const rules = applicableRules(sheet);
    const known = sheetIndexes.get(sheet);
    if (known && sameRules(known, rules)) return known;
    const index = indexRules(rules);
    sheetIndexes.set(sheet, index);
    return index;
  }

  function elementKeys(elementImpl) {
    const keys = new Set([`tag:${elementImpl.localName.toLowerCase()}`]);
    for (const name of elementImpl.getAttributeNames()) {
      const lower = name.toLowerCase();
      keys.add(`[${lower}]`);
      // A prefixed attribute (xlink:href) under its local name too: only more rules matched.
      const colon = lower.indexOf(':');
      if (colon !== -1) keys.add(`[${lower.slice(colon + 1)}]`);
    }
    const id = elementImpl.getAttributeNS(null, 'id');
    if (id) keys.add(`#${id}`);
    const classes = elementImpl.getAttributeNS(null, 'class');
    if (classes) {
      for (const name of classes.split(/[\t\n\f\r ]+/)) if (name) keys.add(`.${name}`);
    }
    return keys;
  }

  function forEachMatchingRule(elementImpl, keys, index, handleRule) {
    let positions = index.anyElement;
    for (const key of keys) {
      const more = index.byKey.get(key);
      if (more) positions = positions.concat(more);
    }
    if (positions !== index.anyElement) {
      positions = [...new Set(positions)].sort((a, b) => a - b);
    }
    for (const position of positions) {
      const keyLists = index.required[position];
      // A rule none of whose selectors' keys the element all has cannot match it.
      if (keyLists && !keyLists.some((needed) => needed.every((key) => keys.has(key)))) continue;
      const rule = index.rules[position];
      if (jsdom.matchesDontThrow(elementImpl, rule.selectorText)) handleRule(rule);
    }
  }

  /** jsdom's getDeclarationForElement, over the indexed rules. */
  return function declarationFor(elementImpl) {
    const declaration = new jsdom.CSSStyleDeclaration();
    const handleProperty = (style, property) => {
      const value = style.getPropertyValue(property);
      if (value === 'unset') {
        declaration.removeProperty(property);
      } else {
        declaration.setProperty(property, value, style.getPropertyPriority(property));
      }
    };
    const applyRule = (rule) => {
      for (const property of Array.prototype.slice.call(rule.style)) {
        handleProperty(rule.style, property);
      }
    };
    const keys = elementKeys(elementImpl);
    forEachMatchingRule(elementImpl, keys, defaultIndex, applyRule);
    for (const sheet of elementImpl._ownerDocument.styleSheets._list) {
      forEachMatchingRule(elementImpl, keys, indexOf(sheet), applyRule);
    }
    for (const property of Array.prototype.slice.call(elementImpl.style)) {
      handleProperty(elementImpl.style, property);
    }
    return declaration;
  };
}

/**
 * Makes `document`'s computed styles come from the indexed cascade. Returns false, changing
 * nothing, when the jsdom is not one this was checked against.
 */
function indexDocumentStyles(document, jsdomDir) {
  const jsdom = loadJsdom(jsdomDir);
  const documentImpl = jsdom.idlUtils.implForWrapper(document);
  if (
    !TESTED_JSDOM.test(jsdom.version) ||
    !documentImpl ||
    !Object.prototype.hasOwnProperty.call(documentImpl, '_styleCache')
  ) {
    return false;
  }
  const declarationFor = createCascade(jsdom);
  // jsdom reads `_styleCache.get(element)` and sets `_styleCache` to null when the DOM changes.
  let declarations = null;
  const cache = {
    get(elementImpl) {
      let declaration = declarations.get(elementImpl);
      if (!declaration) {
        declaration = declarationFor(elementImpl);
        declarations.set(elementImpl, declaration);
      }
      return declaration;
    },
    set(elementImpl, declaration) {
      declarations.set(elementImpl, declaration);
      return cache;
    },
  };
  Object.defineProperty(documentImpl, '_styleCache', {
    configurable: true,
    get: () => {
      declarations ??= new WeakMap();
      return cache;
    },
    set: (value) => {
      if (value === null) declarations = null;
    },
  });
  return true;
}

module.exports = { indexDocumentStyles, selectorKeys };
