import { createTestApp, type TestContext } from '../test/app';
import { TEST_DRIVERS } from '../test/databases';
import type { OpenApiDocument } from '../test/fuzz/generator';
import { routeRegex } from './method-not-allowed';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

describe('routeRegex', () => {
  it('matches a route URL with its parameters, the trailing slash optional', () => {
    const regex = routeRegex('/api/collections/:id/remove/');
    expect(regex.test('/api/collections/12/remove/')).toBe(true);
    expect(regex.test('/api/collections/12/remove')).toBe(true);
    expect(regex.test('/api/collections/%E2%82/remove/')).toBe(true);
    expect(regex.test('/api/collections/12/prepend/')).toBe(false);
    expect(regex.test('/api/collections/1/2/remove/')).toBe(false);
    expect(routeRegex('/api/docs/*').test('/api/docs/static/index.js')).toBe(true);
    expect(routeRegex('/remotes.json').test('/remotesXjson')).toBe(false);
  });
});

describe.each(TEST_DRIVERS)('wrong methods on %s', (driver) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers 405 with Allow for every method a documented API path does not take', async () => {
    await ctx.app.ready();
    const document = ctx.app.swagger() as unknown as OpenApiDocument;
    const seen: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      if (!/^\/(api|auth|accounts|content)\//.test(path)) continue;
      const url = path.replace(/\{[^}]+\}/g, '1');
      const documented = Object.keys(item).map((m) => m.toUpperCase());
      for (const method of METHODS.filter((m) => !documented.includes(m))) {
        const res = await ctx.app.inject({ method: method as 'GET', url });
        const allow = String(res.headers.allow ?? '').split(', ');
        seen.push(`${method} ${url}`);
        expect([method, url, res.statusCode, res.json()]).toEqual([
          method,
          url,
          405,
          { detail: `Method "${method}" not allowed.` },
        ]);
        expect(allow).toEqual(expect.arrayContaining(documented));
        expect(allow).not.toContain(method);
      }
    }
    // Enough of the API was walked for the loop above to mean something.
    expect(seen.length).toBeGreaterThan(50);
  });

  it('lists HEAD with GET, and keeps answering the methods a path takes', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/images/' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    const get = await ctx.app.inject({ url: '/api/images/' });
    expect(get.statusCode).toBe(200);
  });

  it('keeps 404 for unknown API paths and for front-end and media paths', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing/'],
      ['PUT', '/api/no-such-thing/'],
      ['PUT', '/cart'],
      ['POST', '/media/a.jpg'],
      ['DELETE', '/remotes/shell/remoteEntry.js'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect([method, url, res.statusCode, res.headers.allow]).toEqual([
        method,
        url,
        404,
        undefined,
      ]);
    }
  });
});
