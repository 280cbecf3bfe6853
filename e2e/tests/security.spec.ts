import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/accounts';
import { area, expectRenderedContent, HOME_HEADLINE, navBar } from '../support/app';
import { sampleCatalogue } from '../support/catalogue';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

/**
 * Records every Content-Security-Policy violation the page reports (the
 * `securitypolicyviolation` event of each document, and the console's CSP errors), so a test
 * can assert that the site works under its policy without anything being blocked.
 */
async function watchPolicy(page: Page) {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: event.sourceFile,
        sample: event.sample,
      });
    });
  });
  return {
    /** The violations of the current document so far, and the console's. */
    async expectNone(): Promise<void> {
      const violations = await page.evaluate(() => window.__cspViolations ?? []);
      expect(violations, 'CSP violations reported by the page').toEqual([]);
      expect(consoleErrors, 'CSP errors on the console').toEqual([]);
    },
  };
}

test.describe('the site under its Content-Security-Policy', () => {
  test('the shell page is served with the policy and cannot be framed', async ({ page }) => {
    const response = await page.goto('/');
    const headers = response!.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/(^|; )script-src 'self'[^;]*;/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  test('a guest browses home, a search, an image, the cart and the artist portal with nothing blocked', async ({
    page,
  }) => {
    const policy = await watchPolicy(page);
    const c = await sampleCatalogue();

    await page.goto('/');
    await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
    await policy.expectNone();

    await page.goto('/search?q=blue');
    await expectRenderedContent(area(page, 'storefront'), /^Art matching “blue”$/);
    await policy.expectNone();

    await page.goto(`/images/${c.image.id}`);
    await expectRenderedContent(area(page, 'storefront'), c.image.title);
    const picture = area(page, 'storefront').getByRole('img', { name: c.image.title });
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await policy.expectNone();

    await page.goto('/cart');
    await expectRenderedContent(area(page, 'cart'), 'Cart');
    await policy.expectNone();

    await page.goto('/artist');
    await expectRenderedContent(area(page, 'artist'), 'Artist Portal');
    await policy.expectNone();
  });

  test('staff sign in and open /manage with nothing blocked', async ({ page }) => {
    const policy = await watchPolicy(page);
    await signIn(page, DEMO.staff, '/manage');
    await expect(navBar(page).getByRole('navigation', { name: 'Staff' })).toBeVisible();
    await expectRenderedContent(area(page, 'manage'));
    await policy.expectNone();
  });

  test('the API docs work under the policy', async ({ page }) => {
    const policy = await watchPolicy(page);
    await page.goto('/api/docs/');
    await expect(page.getByRole('heading', { name: /Atelier API/ })).toBeVisible();
    await policy.expectNone();
  });

  test('an injected inline script is refused and reported', async ({ page }) => {
    await watchPolicy(page);
    await page.goto('/');
    await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    const violations = await page.evaluate(() => window.__cspViolations ?? []);
    expect(violations.map((v) => v.directive)).toContain('script-src-elem');
  });

  test('a page on another origin cannot frame the site', async ({ page, baseURL }) => {
    const framer = 'http://framer.example';
    const control = 'http://framed.example/';
    await page.route(`${framer}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><iframe name="site" src="${baseURL}/"></iframe><iframe name="control" src="${control}"></iframe>`,
      }),
    );
    await page.route(control, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><h1>framed page</h1>',
      }),
    );
    await page.goto(`${framer}/`);

    // The control shows that a frame which may load does load here.
    const controlFrame = page.frame({ name: 'control' })!;
    await expect(controlFrame.getByRole('heading', { name: 'framed page' })).toBeVisible();

    const site = page.frame({ name: 'site' })!;
    await page.waitForTimeout(2_000);
    // Chromium puts its error page in the frame instead of the site.
    expect(site.url()).not.toContain(new URL(baseURL!).host);
    await expect(site.locator('#root')).toHaveCount(0);
    await expect(site.locator('header.atelier-header')).toHaveCount(0);
  });
});
