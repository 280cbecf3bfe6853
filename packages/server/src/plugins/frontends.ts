import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { REMOTE_NAMES, remotesManifest, type RemotesManifest } from '@atelier/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError, NOT_FOUND } from '../lib/errors';

export const NO_CACHE = 'no-cache';
/** Each remote's route → page files (packages/mf-config, route-chunks.cjs). */
const ROUTE_CHUNKS_FILE = 'route-chunks.json';
/** The key of route-chunks.json naming each route's consumed shared modules. */
const CONSUMES_KEY = '$consumes';
/** The shell's shared module → the files loading it fetches (packages/mf-config). */
const SHARED_CHUNKS_FILE = 'shared-chunks.json';
/** The key of shared-chunks.json naming the files the shell fetches at boot. */
const BOOT_KEY = '$boot';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Files that name other files: always revalidated, so a new deploy is picked up at once. */
const ENTRY_FILES = new Set([
  'index.html',
  'remotes.json',
  'remoteEntry.js',
  'mf-manifest.json',
  ROUTE_CHUNKS_FILE,
  SHARED_CHUNKS_FILE,
]);
/** A content hash in a file name (`main.3f9a1c2b.js`, `742-5d0e9f1a2b3c.css`). */
const HASHED_FILE = /[.\-_][0-9a-f]{8,}\.[a-z0-9]+(\.(map|gz|br))?$/i;

/** Cache-Control for a built front-end file. */
export function cacheControlFor(file: string): string {
  const name = path.basename(file);
  if (ENTRY_FILES.has(name)) return NO_CACHE;
  return HASHED_FILE.test(name) ? IMMUTABLE : NO_CACHE;
}

/** Paths the SPA never owns: they answer 404 JSON instead of the shell's index.html. */
const SPA_EXCLUDED_PREFIXES = [
  '/api',
  '/auth',
  '/content',
  '/media',
  '/remotes',
  '/accounts/signout-no-redirect',
] as const;

export function isSpaPath(pathname: string): boolean {
  return !SPA_EXCLUDED_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

export const defaultRemotesManifest = (): RemotesManifest =>
  Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
  ) as RemotesManifest;

/** The public answer of /remotes.json when REMOTES_FILE cannot be used; the log says why. */
export const REMOTES_UNAVAILABLE =
  'The front ends are not available: the remotes manifest is misconfigured.';

/** A DNS name or an IP address, as URL writes them (lower case, punycode, IPv6 in brackets). */
const HOST_NAME = /^([a-z0-9-]+(\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])$/;

/** A path on this site (`/remotes/cart/mf-manifest.json`): resolved against any http(s) page. */
const SAME_ORIGIN_PROBE = 'http://same-origin.invalid';

/**
 * Why `value` may not be a remote's manifest URL, or null. The shell resolves it with
 * `new URL(value, location.href)` and loads code from it, so it is parsed the same way: an
 * absolute http(s) URL, or a path on this site. `javascript:`, `data:` and the like are
 * refused, and so is a protocol-relative `//host/…` (its origin would follow the page's
 * scheme, which the Content-Security-Policy cannot name).
 */
export function remoteUrlProblem(value: string): string | null {
  let absolute: URL | null = null;
  try {
    absolute = new URL(value);
  } catch {
    absolute = null;
  }
  if (absolute) {
    if (absolute.protocol !== 'http:' && absolute.protocol !== 'https:') {
      return `"${value}" is not an http(s) URL`;
    }
    // The origin goes into the CSP header: a host with `;` or `,` would end its directive.
    return HOST_NAME.test(absolute.hostname) ? null : `"${value}" has an unusable host name`;
  }
  let relative: URL;
  try {
    relative = new URL(value, `${SAME_ORIGIN_PROBE}/`);
  } catch {
    return `"${value}" is not a URL`;
  }
  return relative.origin === SAME_ORIGIN_PROBE
    ? null
    : `"${value}" names another host without a scheme: write https://…`;
}

/** The origins other than this site's that a valid manifest loads code from, in order. */
function remoteOrigins(manifest: RemotesManifest): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(manifest)) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // A path on this site: 'self'.
    }
  }
  return [...origins];
}

export type RemotesRead =
  | { ok: true; manifest: RemotesManifest; origins: string[] }
  | { ok: false; problem: string; error?: unknown };

function checkRemotesManifest(raw: string): RemotesRead {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return { ok: false, problem: 'it is not JSON', error };
  }
  const parsed = remotesManifest.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    return { ok: false, problem: `it does not name every remote (${issues.join('; ')})` };
  }
  const problems = Object.entries(parsed.data).flatMap(([name, url]) => {
    const problem = remoteUrlProblem(url);
    return problem ? [`${name}: ${problem}`] : [];
  });
  if (problems.length) return { ok: false, problem: problems.join('; ') };
  return { ok: true, manifest: parsed.data, origins: remoteOrigins(parsed.data) };
}

/**
 * The last REMOTES_FILE text seen and what it meant: every HTML answer's CSP needs it, so
 * the file is re-read on each request but parsed only when its content changes.
 */
let lastRead: { raw: string; result: RemotesRead } | undefined;

/** Parses and checks a REMOTES_FILE's text. */
export function parseRemotesManifest(raw: string): RemotesRead {
  if (lastRead?.raw !== raw) lastRead = { raw, result: checkRemotesManifest(raw) };
  return lastRead.result;
}

/**
 * The remotes manifest: REMOTES_FILE read afresh (repointing a remote needs no restart), or
 * the built-in one when it is not set.
 */
export async function readRemotesManifest(remotesFile: string | undefined): Promise<RemotesRead> {
  if (!remotesFile) return { ok: true, manifest: defaultRemotesManifest(), origins: [] };
  let raw: string;
  try {
    raw = await readFile(remotesFile, 'utf8');
  } catch (error) {
    return { ok: false, problem: 'it cannot be read', error };
  }
  return parseRemotesManifest(raw);
}

export interface FrontendOptions {
  frontendDir: string;
  remotesFile: string | undefined;
  /** Production: source maps (*.map) are not served. */
  production: boolean;
}

const setBuildHeaders = (reply: FastifyReply, file: string): void => {
  reply.header('cache-control', cacheControlFor(file));
};

/**
 * What the static front-end routes may answer: never a source map in production (it would
 * publish the source); dotfiles are refused by `dotfiles: 'ignore'` beside it.
 */
const servable =
  (production: boolean) =>
  (pathname: string): boolean =>
    !production || !pathname.toLowerCase().endsWith('.map');

/** The id of the remotes manifest written into the shell's HTML (read by @atelier/ui). */
const INLINE_REMOTES_ID = 'atelier-remotes';

/**
 * The shell's HTML with the remotes manifest in it, as a JSON data block before `</head>`:
 * the page then locates its first remote without waiting for a `/remotes.json` round trip
 * (one link less in the chain shell → remotes → manifest → remote → API → pictures). A data
 * block is not executed, so the Content-Security-Policy is untouched; `<` is escaped so no
 * URL can end the element.
 */
export function inlineRemotesManifest(html: string, manifest: RemotesManifest): string {
  const json = JSON.stringify(manifest).replace(/</g, '\\u003c');
  return intoHead(
    html,
    `<script type="application/json" id="${INLINE_REMOTES_ID}">${json}</script>`,
  );
}

/** A build's file name as the hints may carry it (no quote, no path, nothing to escape). */
const BUILD_FILE = /^[\w.-]+\.js$/;
/** A first path segment that can name a route chunk (`route-search`). */
const ROUTE_SEGMENT = /^[a-z0-9-]+$/;

async function readJsonFile(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const buildFiles = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((file): file is string => typeof file === 'string' && BUILD_FILE.test(file))
    : [];

/** The remote's entry and the sync files of its `./routes`, from its mf-manifest.json. */
function entryFiles(mfManifest: unknown): string[] {
  if (!isRecord(mfManifest) || !isRecord(mfManifest.metaData)) return [];
  const remoteEntry = mfManifest.metaData.remoteEntry;
  const entry = isRecord(remoteEntry) ? buildFiles([remoteEntry.name]) : [];
  const exposes = Array.isArray(mfManifest.exposes) ? (mfManifest.exposes as unknown[]) : [];
  const routes = exposes.find((expose) => isRecord(expose) && expose.name === 'routes');
  const assets = isRecord(routes) && isRecord(routes.assets) ? routes.assets.js : undefined;
  return entry.length ? [...entry, ...buildFiles(isRecord(assets) ? assets.sync : [])] : [];
}

/**
 * The shell's files for the shared modules a page consumes (its antd components), in the
 * order the page names them, each once: `$consumes` of the remote's route-chunks.json
 * joined with the shell's shared-chunks.json. Files the shell loads at boot are not in it.
 */
async function consumedFiles(
  frontendDir: string,
  routes: Record<string, unknown>,
  route: string,
): Promise<string[]> {
  const consumes = routes[CONSUMES_KEY];
  const keys = isRecord(consumes) ? consumes[route] : undefined;
  if (!Array.isArray(keys) || keys.length === 0) return [];
  const shared = await readJsonFile(path.join(frontendDir, 'shell', 'dist', SHARED_CHUNKS_FILE));
  if (!isRecord(shared)) return [];
  const files = new Set<string>();
  for (const key of keys) {
    if (typeof key !== 'string' || !Object.hasOwn(shared, key)) continue;
    for (const file of buildFiles(shared[key])) files.add(file);
  }
  return [...files];
}

/**
 * Preload hints for the remote page a path lands on: its remote's mf-manifest.json, entry,
 * `./routes` and the page's chunks (`route-chunks.json`, written by packages/mf-config), in
 * the order the page asks for them, then the shell's chunks of the antd components (and
 * other shared modules) the page consumes from the shell. They download beside the shell's
 * own scripts, so once the shell runs, the remote's chain (manifest → entry → routes → page
 * → components) costs no round trip. Only for a remote the manifest places at its build on
 * this server (another deployment's files are not known here), and at low priority: the
 * shell's scripts, which paint first, are not held back (preloading every remote chunk at
 * the default priority once delayed the first paint fourfold).
 */
export async function routePreloadHints(
  frontendDir: string,
  manifest: RemotesManifest,
  pathname: string,
): Promise<string> {
  const segment = pathname.split('/').find(Boolean) ?? 'index';
  if (!ROUTE_SEGMENT.test(segment)) return '';
  for (const name of REMOTE_NAMES) {
    const base = `/remotes/${name}/`;
    if (manifest[name] !== `${base}mf-manifest.json`) continue;
    const dist = path.join(frontendDir, `mf-${name}`, 'dist');
    const routes = await readJsonFile(path.join(dist, ROUTE_CHUNKS_FILE));
    const pageFiles = isRecord(routes) ? buildFiles(routes[`route-${segment}`]) : [];
    if (pageFiles.length === 0) continue;
    const entry = entryFiles(await readJsonFile(path.join(dist, 'mf-manifest.json')));
    if (entry.length === 0) return '';
    const shellFiles = isRecord(routes)
      ? await consumedFiles(frontendDir, routes, `route-${segment}`)
      : [];
    const script = (href: string) =>
      `<link rel="preload" as="script" fetchpriority="low" href="${href}">`;
    const links = [
      `<link rel="preload" as="fetch" crossorigin fetchpriority="low" href="${manifest[name]}">`,
      ...[...entry, ...pageFiles].map((file) => script(`${base}${file}`)),
      ...shellFiles.map((file) => script(`/${file}`)),
    ];
    return links.join('');
  }
  return '';
}

/**
 * Preloads of the files the shell fetches at boot beyond its entry (`$boot` in the shell's
 * shared-chunks.json): its bootstrap and the shared modules behind it, which the shell
 * otherwise discovers a level at a time (the session and ui packages, then the antd modules
 * they use …), a round trip per level before anything is drawn. At low priority, as the
 * entry script itself is (a deferred script): at the default (high) priority Lighthouse
 * counts them as render-blocking and its first-paint estimate went from 0.3 to 1.3 s.
 */
export async function bootPreloadHints(frontendDir: string): Promise<string> {
  const shared = await readJsonFile(path.join(frontendDir, 'shell', 'dist', SHARED_CHUNKS_FILE));
  if (!isRecord(shared)) return '';
  return buildFiles(shared[BOOT_KEY])
    .map((file) => `<link rel="preload" as="script" fetchpriority="low" href="/${file}">`)
    .join('');
}

/** `/images/<id>`: the image page, whose largest paint is the image's picture. */
const IMAGE_PAGE = /^\/images\/([1-9]\d{0,15})\/?$/;
/** A picture of this site's media (no quote, nothing to escape). */
const MEDIA_PATH = /^\/media\/[\w./-]+$/;

/**
 * On an image page, a high-priority preload of its picture: the picture then downloads
 * beside the scripts instead of after the page's code and its API call. Asked of the API as
 * an anonymous visitor would (an image it does not show to everyone gets no hint; the page
 * still shows it to whoever may see it), in-process, so it costs no network round trip.
 */
async function picturePreloadHint(app: FastifyInstance, pathname: string): Promise<string> {
  const id = IMAGE_PAGE.exec(pathname)?.[1];
  if (!id) return '';
  try {
    const response = await app.inject({ method: 'GET', url: `/api/images/${id}/` });
    if (response.statusCode !== 200) return '';
    const body: unknown = response.json();
    const src = isRecord(body) ? body.imgsrc : undefined;
    return typeof src === 'string' && MEDIA_PATH.test(src)
      ? `<link rel="preload" as="image" fetchpriority="high" href="${src}">`
      : '';
  } catch {
    return '';
  }
}

/** `/search`: the storefront's search page, whose largest paint is a picture of its first rows. */
const SEARCH_PAGE = /^\/search\/?$/;
/** The search page's own key (results grouped by date), which the search API does not take. */
const SEARCH_PAGE_ONLY_KEYS = ['group'];
/**
 * The search page's pictures preloaded: about its first two rows at a desktop width, the
 * ones it loads first at a high priority (`PRIORITY_ROWS` in mf-storefront's SearchResults).
 */
export const SEARCH_PRELOAD_PICTURES = 8;
/**
 * The longest the HTML waits for the search behind its hints: a search slower than that
 * (a cold one at a million images) would cost the page more than the hints save it.
 */
const SEARCH_HINT_TIMEOUT_MS = 150;

/**
 * On the search page, high-priority preloads of the first rows' pictures: they download with
 * the scripts, so the largest paint waits for the page's code only, no longer for the code,
 * then the search answer, then the grid's first render, then the picture. The search is the
 * page's own (the URL's query, which the API reads with the page's defaults), asked
 * in-process as an anonymous visitor, so an anonymous page's own request a moment later is
 * answered from the search's cache. A query the API refuses, or a search slower than
 * SEARCH_HINT_TIMEOUT_MS, gives no hint.
 */
async function searchPreloadHints(app: FastifyInstance, url: string): Promise<string> {
  const mark = url.indexOf('?');
  if (!SEARCH_PAGE.test(mark === -1 ? url : url.slice(0, mark))) return '';
  const params = new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1));
  for (const key of SEARCH_PAGE_ONLY_KEYS) params.delete(key);
  const query = params.toString();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SEARCH_HINT_TIMEOUT_MS);
  });
  try {
    const response = await Promise.race([
      app.inject({ method: 'GET', url: `/content/search/v3/${query ? `?${query}` : ''}` }),
      timeout,
    ]);
    if (response?.statusCode !== 200) return '';
    const body: unknown = response.json();
    const images = isRecord(body) && Array.isArray(body.images) ? (body.images as unknown[]) : [];
    return images
      .slice(0, SEARCH_PRELOAD_PICTURES)
      .map((image) => (isRecord(image) ? image.thumb : undefined))
      .filter((src): src is string => typeof src === 'string' && MEDIA_PATH.test(src))
      .map((src) => `<link rel="preload" as="image" fetchpriority="high" href="${src}">`)
      .join('');
  } catch {
    return '';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * On the home page, a preload of `/api/site/`, the first call its page makes (the variant
 * decides which strips it shows and asks for): the answer depends only on the host and is
 * there when the page's loader asks, so the strips' calls start a round trip earlier. With
 * credentials, as the API client sends them, so the browser uses the preloaded answer.
 */
const sitePreloadHint = (pathname: string): string =>
  pathname === '/'
    ? '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/site/">'
    : '';

/** Puts `markup` at the end of the HTML's head (nowhere without one). */
const intoHead = (html: string, markup: string): string => {
  const head = html.indexOf('</head>');
  return head === -1 || !markup ? html : `${html.slice(0, head)}${markup}${html.slice(head)}`;
};

const acceptsHtml = (request: FastifyRequest): boolean =>
  (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the production builds on the API's port: the shell at `/`, each remote at
 * `/remotes/<name>/`, `/remotes.json`, and the SPA fallback (any other HTML GET gets the
 * shell's index.html). A missing build is skipped with a warning. Also owns the app's
 * not-found handler: everything else answers 404 `{"detail": "Not found."}`.
 */
export async function registerFrontends(
  app: FastifyInstance,
  options: FrontendOptions,
): Promise<void> {
  const shellDist = path.join(options.frontendDir, 'shell', 'dist');
  const shellIndex = path.join(shellDist, 'index.html');
  const hasShell = existsSync(shellIndex);

  for (const name of REMOTE_NAMES) {
    const dist = path.join(options.frontendDir, `mf-${name}`, 'dist');
    if (!existsSync(dist)) {
      app.log.warn({ dist }, `front end mf-${name} is not built; /remotes/${name}/ is not served`);
      continue;
    }
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      cacheControl: false,
      index: false,
      dotfiles: 'ignore',
      // The build's .br/.gz copies (mf-config), sent as they are; others compress per request.
      preCompressed: true,
      allowedPath: servable(options.production),
      setHeaders: (reply, file) => {
        setBuildHeaders(reply, file);
        // A shell on another origin (a CDN, a dev server) may load this remote: CORS for
        // its fetches, and a resource policy that lets its <script> tags through.
        reply.header('access-control-allow-origin', '*');
        reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }

  /**
   * index.html with the remotes manifest in it (as it was when it was read) and the preload
   * hints of the page at `pathname`, or null.
   */
  const shellHtml = async (pathname: string, url = pathname): Promise<string | null> => {
    const html = await readFile(shellIndex, 'utf8').catch(() => null);
    if (html === null) return null;
    const read = await readRemotesManifest(options.remotesFile);
    // A manifest that cannot be used is not inlined: the page asks /remotes.json, whose 503
    // says why (and the log names the problem).
    if (!read.ok) return html;
    const [boot, picture, pictures, scripts] = await Promise.all([
      bootPreloadHints(options.frontendDir),
      picturePreloadHint(app, pathname),
      searchPreloadHints(app, url),
      routePreloadHints(options.frontendDir, read.manifest, pathname),
    ]);
    return intoHead(
      inlineRemotesManifest(html, read.manifest),
      boot + sitePreloadHint(pathname) + picture + pictures + scripts,
    );
  };
  const sendShell = (reply: FastifyReply, html: string) =>
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', NO_CACHE).send(html);

  if (hasShell) {
    // `/` is the SPA's too: its index.html carries the remotes manifest like every page's.
    app.get('/', { schema: { hide: true } }, async (_request, reply) => {
      const html = await shellHtml('/');
      if (html === null) return reply.code(404).send({ detail: NOT_FOUND });
      return sendShell(reply, html);
    });
    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      decorateReply: false,
      cacheControl: false,
      index: false,
      dotfiles: 'ignore',
      // The build's .br/.gz copies (mf-config), sent as they are; others compress per request.
      preCompressed: true,
      allowedPath: servable(options.production),
      setHeaders: setBuildHeaders,
    });
  } else {
    app.log.warn(
      { dist: shellDist },
      'the shell is not built; / and the SPA fallback are not served',
    );
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/remotes.json',
    {
      schema: {
        summary: 'Remote name → URL of its mf-manifest.json, read by the shell at boot',
        tags: ['front ends'],
        response: { 200: remotesManifest },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_CACHE);
      const read = await readRemotesManifest(options.remotesFile);
      if (!read.ok) {
        // The shell needs every remote's entry and loads code from it: a partial manifest
        // would fail every remote anyway, and a refused URL must never reach the page.
        request.log.error(
          { err: read.error, file: options.remotesFile, problem: read.problem },
          `REMOTES_FILE cannot be used: ${read.problem}`,
        );
        throw new ApiError(503, { detail: REMOTES_UNAVAILABLE });
      }
      return read.manifest;
    },
  );

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      hasShell &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      acceptsHtml(request) &&
      isSpaPath(pathname)
    ) {
      const html = await shellHtml(pathname, request.url);
      if (html !== null) return sendShell(reply, html);
    }
    return reply.code(404).send({ detail: NOT_FOUND });
  });
}
