import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { REMOTE_NAMES } from '@atelier/contracts';
import { sql } from 'kysely';
import { createTestApp, type TestContext } from '../test/app';
import { TEST_DRIVERS } from '../test/databases';
import { loadTestCatalogue } from '../modules/search/testing';
import {
  bootPreloadHints,
  cacheControlFor,
  defaultRemotesManifest,
  IMMUTABLE,
  inlineRemotesManifest,
  isSpaPath,
  NO_CACHE,
  parseRemotesManifest,
  REMOTES_UNAVAILABLE,
  remoteUrlProblem,
  routePreloadHints,
  SEARCH_PRELOAD_PICTURES,
} from './frontends';

const SHELL_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/main.3f9a1c2b.js"></script></body></html>';
const BIG_JS = `/* shell */\n${'console.log("atelier");\n'.repeat(200)}`;

const PRECOMPRESSED_BR = brotliCompressSync(BIG_JS);
const PRECOMPRESSED_GZ = gzipSync(BIG_JS, { level: 9 });

/** Writes a minimal production build of the shell and of the cart remote only. */
async function writeBuilds(dir: string): Promise<void> {
  const shell = path.join(dir, 'frontends', 'shell', 'dist');
  const cart = path.join(dir, 'frontends', 'mf-cart', 'dist');
  await mkdir(shell, { recursive: true });
  await mkdir(cart, { recursive: true });
  await writeFile(path.join(shell, 'index.html'), SHELL_HTML);
  await writeFile(path.join(shell, 'main.3f9a1c2b.js'), BIG_JS);
  await writeFile(path.join(cart, 'remoteEntry.js'), 'var cart = {};');
  await writeFile(path.join(cart, 'mf-manifest.json'), '{"id":"cart"}');
  await writeFile(path.join(cart, '512.9e8d7c6b5a.js'), 'export {};');
  // What mf-config's production build writes beside a file: its .br and .gz copies.
  await writeFile(path.join(cart, '700.4b1d2e3f4a.js'), BIG_JS);
  await writeFile(path.join(cart, '700.4b1d2e3f4a.js.br'), PRECOMPRESSED_BR);
  await writeFile(path.join(cart, '700.4b1d2e3f4a.js.gz'), PRECOMPRESSED_GZ);
}

describe('front-end helpers', () => {
  it('chooses cache headers by file name', () => {
    for (const file of [
      'index.html',
      'remotes.json',
      'remoteEntry.js',
      'mf-manifest.json',
      'route-chunks.json',
      'shared-chunks.json',
    ]) {
      expect(cacheControlFor(`/x/${file}`)).toBe(NO_CACHE);
    }
    expect(cacheControlFor('/x/main.3f9a1c2b.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('/x/vendors-antd.5d0e9f1a2b3c4d5e.css')).toBe(IMMUTABLE);
    expect(cacheControlFor('/x/favicon.ico')).toBe(NO_CACHE);
  });

  it('writes the remotes manifest into the shell HTML, where no URL can end the element', () => {
    const manifest = {
      ...defaultRemotesManifest(),
      cart: 'https://cdn.example/cart/</script><script>alert(1)</script>/mf-manifest.json',
    };
    const html = inlineRemotesManifest(
      '<!doctype html><html><head><title>A</title></head><body></body></html>',
      manifest,
    );
    const match =
      /<script type="application\/json" id="atelier-remotes">(.*?)<\/script><\/head>/.exec(html);
    expect(match).not.toBeNull();
    expect(JSON.parse(match?.[1] ?? '')).toEqual(manifest);
    expect(html.match(/<script/g)).toHaveLength(1);
    // An HTML without a head is left as it is: the page then asks /remotes.json.
    expect(inlineRemotesManifest('<div id="root"></div>', manifest)).toBe('<div id="root"></div>');
  });

  it('preloads the files of the remote page a path lands on, in the order they are asked for', async () => {
    const dir = path.join(tmpdir(), `atelier-hints-${process.pid}`);
    const dist = path.join(dir, 'mf-cart', 'dist');
    await mkdir(dist, { recursive: true });
    await writeFile(
      path.join(dist, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js' } },
        exposes: [
          { name: 'quick-add', assets: { js: { sync: ['qa.11111111.js'] } } },
          { name: 'routes', assets: { js: { sync: ['routes.22222222.js'] } } },
        ],
      }),
    );
    await writeFile(
      path.join(dist, 'route-chunks.json'),
      JSON.stringify({
        'route-cart': ['512.33333333.js', 'route-cart.44444444.js'],
        'route-orders': ['"><script>alert(1)</script>.js'],
      }),
    );
    try {
      const manifest = defaultRemotesManifest();
      const hints = await routePreloadHints(dir, manifest, '/cart');
      const hrefs = [...hints.matchAll(/<link rel="preload" as="(\w+)"[^>]* href="([^"]+)">/g)];
      expect(hrefs.map(([, as, href]) => `${as} ${href}`)).toEqual([
        'fetch /remotes/cart/mf-manifest.json',
        'script /remotes/cart/remoteEntry.js',
        'script /remotes/cart/routes.22222222.js',
        'script /remotes/cart/512.33333333.js',
        'script /remotes/cart/route-cart.44444444.js',
      ]);
      expect(hints).toContain('fetchpriority="low"');
      // No page chunk named for the path, a file name that is not a plain file name, or a
      // remote deployed elsewhere: no hints.
      expect(await routePreloadHints(dir, manifest, '/checkout')).toBe('');
      expect(await routePreloadHints(dir, manifest, '/orders')).toBe('');
      const elsewhere = { ...manifest, cart: 'https://cdn.example/cart/mf-manifest.json' };
      expect(await routePreloadHints(dir, elsewhere, '/cart')).toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("preloads the shell's chunks of the shared modules a landing page consumes, after the page's own", async () => {
    const dir = path.join(tmpdir(), `atelier-shared-hints-${process.pid}`);
    const dist = path.join(dir, 'mf-storefront', 'dist');
    const shellDist = path.join(dir, 'shell', 'dist');
    await mkdir(dist, { recursive: true });
    await mkdir(shellDist, { recursive: true });
    await writeFile(
      path.join(dist, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js' } },
        exposes: [{ name: 'routes', assets: { js: { sync: ['routes.22222222.js'] } } }],
      }),
    );
    await writeFile(
      path.join(dist, 'route-chunks.json'),
      JSON.stringify({
        'route-search': ['route-search.44444444.js'],
        'route-index': ['route-index.55555555.js'],
        $consumes: {
          'route-search': ['antd/es/select', 'antd/es/button', 'react', 'antd/es/unknown'],
          'route-index': 'antd/es/button',
        },
      }),
    );
    await writeFile(
      path.join(shellDist, 'shared-chunks.json'),
      JSON.stringify({
        // Two components share a chunk of antd's internals: it is named once.
        'antd/es/button': ['101.aaaaaaaa.js', '300.cccccccc.js'],
        'antd/es/select': ['102.bbbbbbbb.js', '300.cccccccc.js', '"><script>.js'],
        toString: ['evil.js'],
      }),
    );
    try {
      const manifest = defaultRemotesManifest();
      const hrefs = async (pathname: string) =>
        [
          ...(await routePreloadHints(dir, manifest, pathname)).matchAll(
            /<link rel="preload" as="\w+" [^>]*href="([^"]+)">/g,
          ),
        ].map(([, href]) => href);
      expect(await hrefs('/search')).toEqual([
        '/remotes/storefront/mf-manifest.json',
        '/remotes/storefront/remoteEntry.js',
        '/remotes/storefront/routes.22222222.js',
        '/remotes/storefront/route-search.44444444.js',
        // react is loaded by the shell at boot (not in shared-chunks.json), an unknown key
        // and a file name that is not a plain file name are skipped.
        '/102.bbbbbbbb.js',
        '/300.cccccccc.js',
        '/101.aaaaaaaa.js',
      ]);
      // A malformed `$consumes` entry: the page's own files only.
      expect(await hrefs('/')).toEqual([
        '/remotes/storefront/mf-manifest.json',
        '/remotes/storefront/remoteEntry.js',
        '/remotes/storefront/routes.22222222.js',
        '/remotes/storefront/route-index.55555555.js',
      ]);
      // No shell build beside it: the remote's files only.
      await rm(shellDist, { recursive: true });
      expect(await hrefs('/search')).toHaveLength(4);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("preloads the shell's boot files from every page, at low priority", async () => {
    const dir = path.join(tmpdir(), `atelier-boot-hints-${process.pid}`);
    const shellDist = path.join(dir, 'shell', 'dist');
    await mkdir(shellDist, { recursive: true });
    try {
      // No shell build information: no hints.
      expect(await bootPreloadHints(dir)).toBe('');
      await writeFile(
        path.join(shellDist, 'shared-chunks.json'),
        JSON.stringify({
          $boot: ['1974.3953be5f.js', '../../etc/passwd.js', '3262.f02d6a74.js'],
          'antd/es/select': ['102.bbbbbbbb.js'],
        }),
      );
      expect(await bootPreloadHints(dir)).toBe(
        '<link rel="preload" as="script" fetchpriority="low" href="/1974.3953be5f.js">' +
          '<link rel="preload" as="script" fetchpriority="low" href="/3262.f02d6a74.js">',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps the API, media and remotes out of the SPA fallback', () => {
    expect(isSpaPath('/cart')).toBe(true);
    expect(isSpaPath('/accounts/login')).toBe(true);
    expect(isSpaPath('/apiary')).toBe(true);
    for (const p of [
      '/api',
      '/api/nope/',
      '/auth/jwt/create/',
      '/content/search/',
      '/media/x.jpg',
      '/remotes/cart/x.js',
      '/accounts/signout-no-redirect/',
    ]) {
      expect(isSpaPath(p)).toBe(false);
    }
  });

  it('points every remote at its manifest by default', () => {
    expect(defaultRemotesManifest()).toEqual({
      storefront: '/remotes/storefront/mf-manifest.json',
      cart: '/remotes/cart/mf-manifest.json',
      artist: '/remotes/artist/mf-manifest.json',
      manage: '/remotes/manage/mf-manifest.json',
    });
    expect(Object.keys(defaultRemotesManifest())).toEqual([...REMOTE_NAMES]);
  });

  it('accepts http(s) URLs and paths on this site as manifest URLs', () => {
    for (const url of [
      '/remotes/cart/mf-manifest.json',
      'remotes/cart/mf-manifest.json',
      'https://cdn.example/cart/v2/mf-manifest.json',
      'http://localhost:8082/mf-manifest.json',
      'http://[::1]:8082/mf-manifest.json',
    ]) {
      expect(remoteUrlProblem(url)).toBeNull();
    }
  });

  it('refuses scripts, data and hosts without a scheme as manifest URLs', () => {
    for (const url of [
      'javascript:alert(1)',
      '  JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      'data:application/json,{}',
      'blob:https://cdn.example/1',
      'file:///etc/passwd',
      '//cdn.example/mf-manifest.json',
      '/\\cdn.example/mf-manifest.json',
      'https://cdn.example;script-src/x',
    ]) {
      expect(remoteUrlProblem(url)).not.toBeNull();
    }
  });

  it("names the remotes' other origins once each, for the page's policy", () => {
    const read = parseRemotesManifest(
      JSON.stringify({
        storefront: '/remotes/storefront/mf-manifest.json',
        cart: 'https://cdn.example/cart/mf-manifest.json',
        artist: 'https://cdn.example/artist/mf-manifest.json',
        manage: 'http://localhost:8084/mf-manifest.json',
      }),
    );
    expect(read).toMatchObject({
      ok: true,
      origins: ['https://cdn.example', 'http://localhost:8084'],
    });
    const bad = parseRemotesManifest(
      JSON.stringify({ ...defaultRemotesManifest(), cart: 'data:text/javascript,1' }),
    );
    expect(bad).toMatchObject({ ok: false, problem: expect.stringContaining('cart:') });
  });
});

describe.each(TEST_DRIVERS)('front ends served by the API on %s', (driver) => {
  describe('with builds present', () => {
    let ctx: TestContext;
    let remotesFile: string;

    beforeAll(async () => {
      ctx = await createTestApp(driver, {
        prepare: writeBuilds,
        config: {
          remotesFile: path.join(tmpdir(), `atelier-remotes-${process.pid}-${driver}.json`),
        },
      });
      remotesFile = ctx.config.remotesFile as string;
    });
    afterAll(async () => {
      await ctx.close();
    });

    it('serves the shell at / with no-cache', async () => {
      const res = await ctx.app.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(SHELL_HTML);
      expect(res.headers['cache-control']).toBe(NO_CACHE);
    });

    it('answers the shell index.html for an SPA route such as /cart', async () => {
      for (const url of [
        '/cart',
        '/images/12',
        '/accounts/login?redirect=/cart',
        '/manage/image/3/edit',
      ]) {
        const res = await ctx.app.inject({
          url,
          headers: { accept: 'text/html,application/xhtml+xml' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control']).toBe(NO_CACHE);
        expect(res.body).toBe(SHELL_HTML);
      }
    });

    it('answers 404 JSON, not the shell, under /api and the other reserved paths', async () => {
      for (const url of [
        '/api/nope/',
        '/media/none.jpg',
        '/remotes/cart/none.js',
        '/accounts/signout-no-redirect/extra/',
      ]) {
        const res = await ctx.app.inject({ url, headers: { accept: 'text/html' } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.' });
      }
    });

    it('answers 404 JSON to a non-HTML request for an unknown path', async () => {
      const res = await ctx.app.inject({ url: '/cart', headers: { accept: 'application/json' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    });

    it('serves hashed files as immutable, and compresses JavaScript', async () => {
      const res = await ctx.app.inject({
        url: '/main.3f9a1c2b.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString()).toBe(BIG_JS);
      const br = await ctx.app.inject({
        url: '/main.3f9a1c2b.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
    });

    it("sends the build's precompressed copy of a file as it is, by the client's encodings", async () => {
      const url = '/remotes/cart/700.4b1d2e3f4a.js';
      const br = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.equals(PRECOMPRESSED_BR)).toBe(true);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe(IMMUTABLE);
      expect(br.headers['access-control-allow-origin']).toBe('*');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      const gz = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.rawPayload.equals(PRECOMPRESSED_GZ)).toBe(true);
      const plain = await ctx.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.payload).toBe(BIG_JS);
    });

    it('serves a remote under /remotes/<name>/ with the right cache headers', async () => {
      const entry = await ctx.app.inject({ url: '/remotes/cart/remoteEntry.js' });
      expect(entry.statusCode).toBe(200);
      expect(entry.headers['cache-control']).toBe(NO_CACHE);
      expect(entry.headers['access-control-allow-origin']).toBe('*');
      const manifest = await ctx.app.inject({ url: '/remotes/cart/mf-manifest.json' });
      expect(manifest.json()).toEqual({ id: 'cart' });
      expect(manifest.headers['cache-control']).toBe(NO_CACHE);
      const chunk = await ctx.app.inject({ url: '/remotes/cart/512.9e8d7c6b5a.js' });
      expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    });

    it('skips a remote whose build is missing', async () => {
      const res = await ctx.app.inject({ url: '/remotes/manage/remoteEntry.js' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    });

    it('reads REMOTES_FILE on every request, so a remote can be repointed without a restart', async () => {
      const first = {
        ...defaultRemotesManifest(),
        cart: 'https://cdn.example/cart/v1/mf-manifest.json',
      };
      await writeFile(remotesFile, JSON.stringify(first));
      const a = await ctx.app.inject({ url: '/remotes.json' });
      expect(a.statusCode).toBe(200);
      expect(a.json()).toEqual(first);
      expect(a.headers['cache-control']).toBe(NO_CACHE);

      const second = { ...first, cart: 'https://cdn.example/cart/v2/mf-manifest.json' };
      await writeFile(remotesFile, JSON.stringify(second));
      const b = await ctx.app.inject({ url: '/remotes.json' });
      expect(b.json()).toEqual(second);
    });

    it('answers 503 without details when REMOTES_FILE is invalid or missing', async () => {
      await writeFile(remotesFile, JSON.stringify({ storefront: '/x' }));
      const invalid = await ctx.app.inject({ url: '/remotes.json' });
      expect(invalid.statusCode).toBe(503);
      expect(invalid.json()).toEqual({ detail: REMOTES_UNAVAILABLE });
      await writeFile(remotesFile, '{not json');
      expect((await ctx.app.inject({ url: '/remotes.json' })).statusCode).toBe(503);
      await rm(remotesFile);
      expect((await ctx.app.inject({ url: '/remotes.json' })).statusCode).toBe(503);
    });

    it('never hands the shell a manifest URL that is not http(s)', async () => {
      await writeFile(
        remotesFile,
        JSON.stringify({
          ...defaultRemotesManifest(),
          manage: 'javascript:alert(document.cookie)',
        }),
      );
      const res = await ctx.app.inject({ url: '/remotes.json' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: REMOTES_UNAVAILABLE });
    });
  });

  describe('the search page, with a catalogue', () => {
    let ctx: TestContext;
    /** The `href`s of the HTML's image preloads, in order, each with a high priority. */
    const picturePreloads = (html: string) =>
      [
        ...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/g),
      ].map((match) => match[1]);
    const page = (url: string) => ctx.app.inject({ url, headers: { accept: 'text/html' } });
    const firstThumbs = async (query: string) => {
      const res = await ctx.app.inject({ url: `/content/search/v3/?${query}` });
      expect(res.statusCode).toBe(200);
      const { images } = res.json<{ images: { thumb: string }[] }>();
      return images.slice(0, SEARCH_PRELOAD_PICTURES).map((image) => image.thumb);
    };

    beforeAll(async () => {
      ctx = await createTestApp(driver, {
        prepare: async (dir) => {
          await writeBuilds(dir);
          // Hints go at the end of the head.
          await writeFile(
            path.join(dir, 'frontends', 'shell', 'dist', 'index.html'),
            SHELL_HTML.replace('<body>', '<head></head><body>'),
          );
        },
      });
      await loadTestCatalogue(ctx.database.db, 40);
      // A picture of its own per image, so the hints' order can be told apart.
      await sql`UPDATE images SET thumb_path = 'thumbs/00/' || id || '.jpg'`.execute(
        ctx.database.db,
      );
    }, 60_000);
    afterAll(async () => {
      await ctx.close();
    });

    it("preloads the pictures of the search's first rows, as the page will ask for them", async () => {
      for (const [url, query] of [
        ['/search', ''],
        ['/search?sort=popular', 'sort=popular'],
        ['/search?sort=popular&offset=10&group=1', 'sort=popular&offset=10'],
      ] as const) {
        const thumbs = await firstThumbs(query);
        expect(thumbs).toHaveLength(SEARCH_PRELOAD_PICTURES);
        expect(new Set(thumbs).size).toBe(SEARCH_PRELOAD_PICTURES);
        const res = await page(url);
        expect(res.statusCode).toBe(200);
        expect(picturePreloads(res.body)).toEqual(thumbs);
      }
    });

    it('preloads no picture for a search the API refuses, nor on other pages', async () => {
      for (const url of ['/search?sort=bogus', '/searches', '/cart', '/']) {
        const res = await page(url);
        expect(res.statusCode).toBe(200);
        expect(picturePreloads(res.body)).toEqual([]);
      }
    });
  });

  describe('without builds (tests, API-only deployments)', () => {
    let ctx: TestContext;

    beforeAll(async () => {
      ctx = await createTestApp(driver);
    });
    afterAll(async () => {
      await ctx.close();
    });

    it('still answers the default /remotes.json', async () => {
      const res = await ctx.app.inject({ url: '/remotes.json' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(defaultRemotesManifest());
      expect(res.headers['cache-control']).toBe(NO_CACHE);
    });

    it('answers 404 JSON for an HTML route, since there is no shell to fall back to', async () => {
      const res = await ctx.app.inject({ url: '/cart', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    });
  });
});
