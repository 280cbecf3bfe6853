import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestContext } from '../test/app';
import { TEST_DRIVERS } from '../test/databases';
import { defaultRemotesManifest, REMOTES_UNAVAILABLE } from './frontends';
import { documentCsp, HSTS, RESOURCE_CSP } from './security-headers';

const SHELL_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/main.js"></script></body></html>';
const STRIPE_KEY = 'pk_test_0123456789abcdef';

/** The policy every HTML page gets with the built-in manifest and no card payment. */
const PAGE_CSP =
  "default-src 'self'; script-src 'self'; script-src-attr 'none'; " +
  "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; " +
  "connect-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'self'; " +
  "form-action 'self'; frame-ancestors 'none'";

/** A shell and a cart remote built with source maps, and media with dotfiles beside them. */
async function writeFiles(dir: string): Promise<void> {
  const shell = path.join(dir, 'frontends', 'shell', 'dist');
  const cart = path.join(dir, 'frontends', 'mf-cart', 'dist');
  const media = path.join(dir, 'media');
  await mkdir(shell, { recursive: true });
  await mkdir(cart, { recursive: true });
  await mkdir(path.join(media, '.git'), { recursive: true });
  await mkdir(path.join(media, 'thumbs'), { recursive: true });
  await writeFile(path.join(shell, 'index.html'), SHELL_HTML);
  await writeFile(path.join(shell, 'main.js'), 'run();\n//# sourceMappingURL=main.js.map');
  await writeFile(path.join(shell, 'main.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  await writeFile(path.join(shell, '.env'), 'SECRET=shell');
  await writeFile(path.join(cart, 'remoteEntry.js'), 'var mf_cart = {};');
  await writeFile(path.join(cart, '512.9e8d7c6b.js.map'), '{"version":3}');
  await writeFile(path.join(media, '.secret'), 'SECRET=media');
  await writeFile(path.join(media, '.git', 'config'), '[core]');
  await writeFile(path.join(media, 'thumbs', '1.jpg'), 'jpeg');
}

const html = { accept: 'text/html' };

const directive = (csp: string | undefined, name: string): string[] =>
  (csp ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1) ?? [];

describe('documentCsp', () => {
  it('allows scripts only from this site: no inline script, no eval', () => {
    const csp = documentCsp({ remoteOrigins: [], stripe: false, https: false });
    expect(csp).toBe(PAGE_CSP);
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-eval'");
  });

  it("adds the remotes' origins wherever a remote's files load from", () => {
    const csp = documentCsp({
      remoteOrigins: ['https://cart.example', 'http://localhost:8082'],
      stripe: false,
      https: false,
    });
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'connect-src']) {
      expect(directive(csp, name)).toEqual(
        expect.arrayContaining(["'self'", 'https://cart.example', 'http://localhost:8082']),
      );
    }
    expect(directive(csp, 'frame-src')).toEqual(["'none'"]);
  });

  it("adds Stripe's origins only with card payment, and upgrades requests over TLS", () => {
    const csp = documentCsp({ remoteOrigins: [], stripe: true, https: true });
    expect(directive(csp, 'script-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(directive(csp, 'frame-src')).toContain('https://js.stripe.com');
    expect(directive(csp, 'frame-src')).toContain('https://hooks.stripe.com');
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp.endsWith('; upgrade-insecure-requests')).toBe(true);
    expect(PAGE_CSP).not.toContain('stripe');
  });
});

describe.each(TEST_DRIVERS)('security headers on %s', (driver) => {
  describe('a plain-HTTP install (development)', () => {
    let ctx: TestContext;
    let remotesFile: string;

    beforeAll(async () => {
      remotesFile = path.join(tmpdir(), `atelier-csp-remotes-${process.pid}-${driver}.json`);
      ctx = await createTestApp(driver, { prepare: writeFiles, config: { remotesFile } });
    });
    afterAll(async () => {
      await ctx?.close();
      await rm(remotesFile, { force: true });
    });

    beforeEach(async () => {
      await writeFile(remotesFile, JSON.stringify(defaultRemotesManifest()));
    });

    it('gives the shell page the policy, and forbids framing it', async () => {
      for (const url of ['/', '/cart', '/images/12']) {
        const res = await ctx.app.inject({ url, headers: html });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-security-policy']).toBe(PAGE_CSP);
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('sends nosniff, no framing and a no-content policy on JSON, errors and media', async () => {
      for (const url of ['/api/', '/api/nope/', '/remotes.json', '/media/thumbs/1.jpg']) {
        const res = await ctx.app.inject({ url });
        expect(res.headers['content-security-policy']).toBe(RESOURCE_CSP);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
      }
    });

    it("allows the origins REMOTES_FILE names, and follows the file's changes", async () => {
      await writeFile(
        remotesFile,
        JSON.stringify({
          ...defaultRemotesManifest(),
          storefront: 'http://localhost:8081/mf-manifest.json',
          cart: 'https://cdn.example/cart/v1/mf-manifest.json',
        }),
      );
      const first = (await ctx.app.inject({ url: '/', headers: html })).headers[
        'content-security-policy'
      ] as string;
      for (const name of ['script-src', 'connect-src', 'style-src']) {
        expect(directive(first, name)).toEqual([
          "'self'",
          'http://localhost:8081',
          'https://cdn.example',
          ...(name === 'style-src' ? ["'unsafe-inline'"] : []),
        ]);
      }
      await writeFile(remotesFile, JSON.stringify(defaultRemotesManifest()));
      const second = await ctx.app.inject({ url: '/', headers: html });
      expect(second.headers['content-security-policy']).toBe(PAGE_CSP);
    });

    it('refuses a manifest URL that is not http(s): 503, and the page allows none of it', async () => {
      for (const bad of [
        'javascript:alert(1)',
        ' JavaScript:alert(1)',
        'data:text/javascript,alert(1)',
        '//evil.example/mf-manifest.json',
        'https://evil.example;script-src/x',
      ]) {
        await writeFile(remotesFile, JSON.stringify({ ...defaultRemotesManifest(), cart: bad }));
        const res = await ctx.app.inject({ url: '/remotes.json' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ detail: REMOTES_UNAVAILABLE });
        expect(res.body).not.toContain('alert');
        const page = await ctx.app.inject({ url: '/', headers: html });
        expect(page.headers['content-security-policy']).toBe(PAGE_CSP);
      }
    });

    it('gives the page no validator: a reload always gets the policy of the current manifest', async () => {
      const first = await ctx.app.inject({ url: '/', headers: html });
      expect(first.statusCode).toBe(200);
      expect(first.headers.etag).toBeUndefined();
      expect(first.headers['last-modified']).toBeUndefined();
      expect(first.headers['content-security-policy']).toBe(PAGE_CSP);
    });

    it('keeps the API docs working under a page policy', async () => {
      const docs = await ctx.app.inject({ url: '/api/docs/', headers: html });
      expect(docs.statusCode).toBe(200);
      expect(docs.headers['content-security-policy']).toBe(PAGE_CSP);
      // No inline script: every script is a file of this site.
      expect(docs.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      const bundle = await ctx.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
      expect(bundle.statusCode).toBe(200);
    });

    it('lets a shell on another origin load a remote, and nothing else', async () => {
      const entry = await ctx.app.inject({ url: '/remotes/cart/remoteEntry.js' });
      expect(entry.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const api = await ctx.app.inject({ url: '/api/' });
      expect(api.headers['cross-origin-resource-policy']).toBe('same-site');
    });

    it('never serves dotfiles, under MEDIA_DIR or the front ends', async () => {
      for (const url of ['/media/.secret', '/media/.git/config', '/.env']) {
        const res = await ctx.app.inject({ url });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('SECRET');
        expect(res.body).not.toContain('[core]');
      }
      expect((await ctx.app.inject({ url: '/media/thumbs/1.jpg' })).statusCode).toBe(200);
    });

    it('serves source maps outside production', async () => {
      expect((await ctx.app.inject({ url: '/main.js.map' })).statusCode).toBe(200);
    });

    it('does not send HSTS for a forwarded https request from an untrusted proxy', async () => {
      const res = await ctx.app.inject({
        url: '/',
        headers: { ...html, 'x-forwarded-proto': 'https' },
      });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('production behind a TLS proxy, with card payment', () => {
    let ctx: TestContext;

    beforeAll(async () => {
      ctx = await createTestApp(driver, {
        prepare: writeFiles,
        config: {
          production: true,
          trustProxy: true,
          stripePublishableKey: STRIPE_KEY,
          stripeSecretKey: 'sk_test_0123456789abcdef',
          stripeWebhookSecret: 'whsec_0123456789abcdef',
        },
      });
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it('sends HSTS and upgrades subresources only on requests that came over TLS', async () => {
      const tls = await ctx.app.inject({
        url: '/',
        headers: { ...html, 'x-forwarded-proto': 'https' },
      });
      expect(tls.headers['strict-transport-security']).toBe(HSTS);
      expect(tls.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      const api = await ctx.app.inject({
        url: '/api/',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(api.headers['strict-transport-security']).toBe(HSTS);

      const plain = await ctx.app.inject({ url: '/', headers: html });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    });

    it("allows Stripe's script and frames when card payment is configured", async () => {
      const res = await ctx.app.inject({ url: '/cart', headers: html });
      const csp = res.headers['content-security-policy'] as string;
      expect(directive(csp, 'script-src')).toContain('https://js.stripe.com');
      expect(directive(csp, 'frame-src')).toContain('https://js.stripe.com');
      expect(directive(csp, 'connect-src')).toContain('https://api.stripe.com');
      expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    });

    it('serves no source maps in production, while the scripts still load', async () => {
      for (const url of ['/main.js.map', '/remotes/cart/512.9e8d7c6b.js.map']) {
        const res = await ctx.app.inject({ url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.' });
      }
      expect((await ctx.app.inject({ url: '/main.js' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ url: '/remotes/cart/remoteEntry.js' })).statusCode).toBe(200);
    });
  });
});
