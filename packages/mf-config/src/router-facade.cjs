'use strict';
const fs = require('node:fs');
const path = require('node:path');

/**
 * The react-router API the front ends use. A shared module is never tree-shaken, and
 * react-router's package entry is its development build (445 KB), so `react-router-dom` is
 * aliased to this facade over the production build, shared as the one router instance.
 * A name missing here fails the build (exportsPresence: 'error'): add it here.
 */
const ROUTER_EXPORTS = [
  'createBrowserRouter',
  'isRouteErrorResponse',
  'Link',
  'Navigate',
  'NavLink',
  'Outlet',
  'ScrollRestoration',
  'useLocation',
  'useMatches',
  'useNavigate',
  'useNavigation',
  'useParams',
  'useRouteError',
  'useSearchParams',
];

function writeRouterFacade(appDir, cacheDir) {
  const pkg = require.resolve('react-router/package.json', {
    paths: [path.dirname(require.resolve('react-router-dom/package.json', { paths: [appDir] }))],
  });
  const dist = path.join(path.dirname(pkg), 'dist', 'production');
  const content = [
    `export { ${ROUTER_EXPORTS.join(', ')} } from ${JSON.stringify(path.join(dist, 'index.mjs'))};`,
    `export { RouterProvider } from ${JSON.stringify(path.join(dist, 'dom-export.mjs'))};`,
    '',
  ].join('\n');
  const file = path.join(cacheDir, 'react-router-facade.js');
  fs.mkdirSync(cacheDir, { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content)
    fs.writeFileSync(file, content);
  return file;
}

module.exports = { writeRouterFacade, ROUTER_EXPORTS };
