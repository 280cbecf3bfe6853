'use strict';
const path = require('node:path');
const FixedJSDOMEnvironment = require('jest-fixed-jsdom');
const { indexDocumentStyles } = require('./jest.jsdom-styles.cjs');

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

/** jest-fixed-jsdom, with computed styles from an indexed cascade (jest.jsdom-styles.cjs). */
class DomEnvironment extends FixedJSDOMEnvironment {
  constructor(...args) {
    super(...args);
    indexDocumentStyles(this.global.document, jsdomDir);
  }
}

module.exports = DomEnvironment;
