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

/**
 * antd's Button and Tag styles take one helper, `isBright`, from the colour picker's presets
 * module, which also imports the Collapse component and the colour picker: any page with a
 * Button (antd's App pulls one in through Modal) downloaded both, about 8 KB gzip on the
 * first page. The replacement answers the same question (would black text read better than
 * white on this colour?) with the colour class antd already loads.
 */
function writeAntdIsBright(cacheDir) {
  const fastColor = path.join(
    path.dirname(require.resolve('@ant-design/fast-color/package.json')),
    'es',
    'index.js',
  );
  const content = `import { FastColor } from ${JSON.stringify(fastColor)};

/** Luma (ITU-R BT.601) above 192 of 255; a mostly transparent colour by its value on the background. */
export const isBright = (color, background) => {
  const rgb = color.toRgb();
  if (rgb.a <= 0.5) return new FastColor(color.toRgbString()).onBackground(background).toHsv().v > 0.5;
  return 0.299 * rgb.r + 0.587 * rgb.g + 0.114 * rgb.b > 192;
};
`;
  return writeIfChanged(path.join(cacheDir, 'antd-is-bright.js'), content);
}

/**
 * antd's Tooltip (and so Popover) takes `generateColor` from the colour picker's utilities,
 * which import the colour picker's own colour class (@rc-component/color-picker, ~4 KB gzip
 * in a chunk of its own on every page with a tooltip or popover), only to read the RGB of a
 * custom tooltip colour (`parseColor`: white or black text on it). The replacement reads it
 * with the colour class antd already loads.
 */
function writeAntdTooltipColor(cacheDir) {
  const fastColor = path.join(
    path.dirname(require.resolve('@ant-design/fast-color/package.json')),
    'es',
    'index.js',
  );
  const content = `import { FastColor } from ${JSON.stringify(fastColor)};

/** A colour with the \`toRgb()\` antd's tooltip reads ({r, g, b, a}, 0–255 and 0–1). */
export const generateColor = (color) => new FastColor(color);
`;
  return writeIfChanged(path.join(cacheDir, 'antd-tooltip-color.js'), content);
}

/** The module that imports `generateColor` from the colour picker (writeAntdTooltipColor). */
const TOOLTIP_COLOR_IMPORTER = /[\\/]antd[\\/]es[\\/]tooltip$/;
const COLOR_PICKER_UTIL_REQUEST = /^\.\.\/color-picker\/util(\.js)?$/;

/** The style modules that import `isBright` from the presets (see writeAntdIsBright). */
const IS_BRIGHT_IMPORTERS = /[\\/]antd[\\/]es[\\/](button|tag)[\\/]style$/;
const COLOR_PRESETS_REQUEST = /[\\/]color-picker[\\/]components[\\/]ColorPresets(\.js)?$/;

module.exports = {
  listAntdModules,
  writeAntdBarrel,
  writeAntdProvider,
  writeAntdIsBright,
  writeAntdTooltipColor,
  IS_BRIGHT_IMPORTERS,
  COLOR_PRESETS_REQUEST,
  TOOLTIP_COLOR_IMPORTER,
  COLOR_PICKER_UTIL_REQUEST,
};
