'use strict';
const fs = require('node:fs');
const path = require('node:path');

/**
 * What `import { Button } from 'antd'` loads in the component tests (jest.preset.cjs maps
 * `antd` here): antd's own exports, each loaded from `antd/lib/<component>` the first time a
 * test reads it. antd's `lib/index.js` requires all 76 components and their dependencies
 * (about 5,000 modules) up front, which every test file paid for again in its own module
 * registry, though a page uses a handful. The browser builds get the same effect from the
 * `antd$` alias to a barrel of `antd/es/<component>` modules (packages/mf-config).
 */
const antdDir = path.dirname(
  require.resolve('antd/package.json', { paths: [path.join(__dirname, 'packages/ui')] }),
);
const EXPORT_LINE = /^export \{ default as (\w+) \} from '\.\/([\w-]+)';$/gm;
const source = fs.readFileSync(path.join(antdDir, 'es/index.js'), 'utf8');

Object.defineProperty(exports, '__esModule', { value: true });
for (const [, name, dir] of source.matchAll(EXPORT_LINE)) {
  Object.defineProperty(exports, name, {
    enumerable: true,
    get: () => require(path.join(antdDir, 'lib', dir)).default,
  });
}
// The rest of antd's index (unstableSetRender) comes from the index itself.
for (const [, name] of source.matchAll(/^export const (\w+) =/gm)) {
  Object.defineProperty(exports, name, {
    enumerable: true,
    get: () => require(path.join(antdDir, 'lib/index.js'))[name],
  });
}
