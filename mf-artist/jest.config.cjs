const base = require('../jest.preset.cjs')({ dom: true });

module.exports = {
  ...base,
  // tus-js-client's Node build pulls ESM-only modules; the page uses its browser build.
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^tus-js-client$': '<rootDir>/node_modules/tus-js-client/lib.es5/browser/index.js',
  },
};
