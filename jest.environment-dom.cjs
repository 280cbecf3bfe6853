'use strict';
const path = require('node:path');
const FixedJSDOMEnvironment = require('jest-fixed-jsdom');
const { indexDocumentStyles } = require('./jest.jsdom-styles.cjs');
const { unboundSelectorCaches } = require('./jest.jsdom-selectors.cjs');

/** The jsdom that jest-fixed-jsdom's environment (jest-environment-jsdom) creates windows with. */
const jsdomDir = path.dirname(
  require.resolve('jsdom/package.json', {
    paths: [
      path.dirname(
        require.resolve('jest-environment-jsdom/package.json', {
          paths: [path.dirname(require.resolve('jest-fixed-jsdom'))],
        }),
      ),
    ],
  }),
);

const idlUtils = require(path.join(jsdomDir, 'lib/jsdom/living/generated/utils.js'));

/**
 * jest-fixed-jsdom, with computed styles from an indexed cascade (jest.jsdom-styles.cjs) and
 * selectors compiled once per document (jest.jsdom-selectors.cjs).
 */
class DomEnvironment extends FixedJSDOMEnvironment {
  constructor(...args) {
    super(...args);
    indexDocumentStyles(this.global.document, jsdomDir);
    unboundSelectorCaches(idlUtils.implForWrapper(this.global.document));
  }
}

module.exports = DomEnvironment;
