import { SITE_TITLES, siteInfo } from '@atelier/contracts';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { siteKindOf } from './routes';

describe('siteKindOf', () => {
  const hosts = ['gov.shop.example', 'gov.localhost:8080'];

  it.each([
    ['gov.shop.example', 'government'],
    ['GOV.Shop.Example', 'government'],
    // An entry without a port matches its host on any port.
    ['gov.shop.example:443', 'government'],
    ['gov.localhost:8080', 'government'],
    // An entry with a port matches that port only.
    ['gov.localhost:3000', 'standard'],
    ['gov.localhost', 'standard'],
    ['shop.example', 'standard'],
    ['evil-gov.shop.example', 'standard'],
    ['gov.shop.example.evil', 'standard'],
    ['', 'standard'],
  ])('%s is the %s site', (host, kind) => {
    expect(siteKindOf(host, hosts)).toBe(kind);
  });

  it('serves the standard site everywhere when GOVERNMENT_HOSTS is empty', () => {
    expect(siteKindOf('localhost:8080', [])).toBe('standard');
  });
});

describe.each(TEST_DRIVERS)('GET /api/site/ on %s', (driver) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(driver, {
      config: { governmentHosts: ['gov.atelier.test'] },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const site = (headers: Record<string, string>) => ctx.app.inject({ url: '/api/site/', headers });

  it('answers the government variant and its title to a government host', async () => {
    const res = await site({ host: 'gov.atelier.test:8080' });
    expect(res.statusCode).toBe(200);
    expect(siteInfo.parse(res.json())).toEqual({
      kind: 'government',
      title: SITE_TITLES.government,
    });
    // A cache in front must keep one answer per host.
    expect(res.headers.vary).toMatch(/\bHost\b/i);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers the standard variant to any other host', async () => {
    const res = await site({ host: 'atelier.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'standard', title: SITE_TITLES.standard });
    expect(SITE_TITLES.standard).not.toBe(SITE_TITLES.government);
  });

  it('ignores X-Forwarded-Host without TRUST_PROXY', async () => {
    const res = await site({ host: 'atelier.test', 'x-forwarded-host': 'gov.atelier.test' });
    expect(res.json()).toMatchObject({ kind: 'standard' });
  });
});

describe('GET /api/site/ behind a trusted proxy', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp('pglite', {
      config: { governmentHosts: ['gov.atelier.test'], trustProxy: true },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('takes the host the proxy forwards', async () => {
    const res = await ctx.app.inject({
      url: '/api/site/',
      headers: { host: 'backend:8080', 'x-forwarded-host': 'gov.atelier.test' },
    });
    expect(res.json()).toMatchObject({ kind: 'government' });
  });
});
