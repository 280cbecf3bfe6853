'use strict';
const fs = require('node:fs');
const path = require('node:path');

const EXPORT_LINE = /^export \{ default as (\w+) \} from '\.\/([\w-]+)';$/gm;

/** The component modules antd's own barrel exports, read from the installed antd. */
function listAntdModules(appDir) {
  const antdDir = path.dirname(require.resolve('antd/package.json', { paths: [appDir] }));
  const source = fs.readFileSync(path.join(antdDir, 'es', 'index.js'), 'utf8');
  return [...source.matchAll(EXPORT_LINE)].map(([, name, dir]) => ({ name, dir }));
}

function writeIfChanged(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content) {
    fs.writeFileSync(file, content);
  }
  return file;
}

/**
 * `import { Button } from 'antd'` is aliased to this barrel, whose lines each import one
 * shared `antd/es/<component>` module, so a page downloads only the components it uses.
 */
function writeAntdBarrel(appDir, cacheDir) {
  const lines = listAntdModules(appDir).map(
    ({ name, dir }) => `export { default as ${name} } from 'antd/es/${dir}';`,
  );
  return writeIfChanged(path.join(cacheDir, 'antd-barrel.js'), `${lines.join('\n')}\n`);
}

/**
 * The host provides every antd component to the share scope (each a lazy chunk fetched only
 * when used), so remotes never fall back to a private, unthemed copy of a component.
 */
function writeAntdProvider(appDir, cacheDir) {
  const lines = listAntdModules(appDir).map(({ dir }) => `  () => import('antd/es/${dir}'),`);
  const content = `export const antdProviders = [\n${lines.join('\n')}\n];\n`;
  return writeIfChanged(path.join(cacheDir, 'antd-provider.js'), content);
}

module.exports = { listAntdModules, writeAntdBarrel, writeAntdProvider };
