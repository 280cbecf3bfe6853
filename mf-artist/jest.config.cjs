const path = require('node:path');

const base = require('../jest.preset.cjs')({ dom: true });

// tus-js-client (a dependency of @atelier/ui's upload kit) has a Node build that pulls
// ESM-only modules; the page uses its browser build.
const ui = path.dirname(require.resolve('@atelier/ui/package.json'));
const tus = path.dirname(require.resolve('tus-js-client/package.json', { paths: [ui] }));

module.exports = {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^tus-js-client$': path.join(tus, 'lib.es5/browser/index.js'),
  },
};
