import { expect, test } from '@playwright/test';
import { area, expectRenderedContent, HOME_HEADLINE } from '../support/app';
import { e2eEnv, GOVERNMENT_E2E_HOST } from '../support/env';

/** The e2e server's address under the government host name (same port, same server). */
function governmentUrl(): string {
  const url = new URL(e2eEnv('baseUrl'));
  url.hostname = GOVERNMENT_E2E_HOST;
  return url.origin;
}

test('the government host name serves the government home page and title', async ({ page }) => {
  await page.goto(`${governmentUrl()}/`);
  const storefront = area(page, 'storefront');
  await expectRenderedContent(storefront, 'Art for government spaces');
  await expect(page).toHaveTitle(/^Art for Government Spaces/);
  await expect(storefront.getByText(HOME_HEADLINE)).toHaveCount(0);

  // The same catalogue behind it: searching from the government home finds the demo images.
  await storefront.getByRole('link', { name: 'Search the catalogue' }).click();
  await expect(page).toHaveURL(/\/search/);
  await expect(storefront.locator('[aria-label="Images"] img').first()).toBeVisible();
});

test('the standard host name keeps the standard home page and title', async ({ page }) => {
  await page.goto('/');
  const storefront = area(page, 'storefront');
  await expectRenderedContent(storefront, HOME_HEADLINE);
  await expect(page).toHaveTitle(/^Fine Art & Photography Prints/);
  await expect(storefront.getByText('Art for government spaces')).toHaveCount(0);
});

test('the site API names the variant by the Host header alone', async ({ request }) => {
  const standard = await request.get('/api/site/');
  expect(await standard.json()).toEqual({
    kind: 'standard',
    title: 'Fine Art & Photography Prints',
  });
  const port = new URL(e2eEnv('baseUrl')).port;
  const government = await request.get('/api/site/', {
    headers: { host: `${GOVERNMENT_E2E_HOST}:${port}` },
  });
  expect(await government.json()).toEqual({
    kind: 'government',
    title: 'Art for Government Spaces',
  });
  expect(government.headers()['vary']).toMatch(/host/i);
});
