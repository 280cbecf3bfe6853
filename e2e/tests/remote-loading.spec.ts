import { expect, test, type Route } from '@playwright/test';
import {
  area,
  expectRenderedContent,
  HOME_HEADLINE,
  mainArea,
  navBar,
  navigateInApp,
  signInClientSide,
  startNavigation,
} from '../support/app';

/**
 * A navigation into a remote's area that is interrupted while the remote loads (a second
 * click, a quick back) must not lose the remote's routes: the next navigation loads them.
 */
const slowManifest = () => async (route: Route) => {
  await new Promise((resolve) => setTimeout(resolve, 600));
  await route.continue();
};

test('clicking Cart twice while mf-cart is still loading opens the cart (not a 404)', async ({
  page,
}) => {
  await page.route('**/remotes/cart/mf-manifest.json', slowManifest());
  await page.goto('/');
  await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
  const cartLink = navBar(page).getByRole('link', { name: /Cart/ });
  await cartLink.click();
  await page.waitForTimeout(150);
  await cartLink.click();
  await expect(page).toHaveURL(/\/cart$/);
  await expectRenderedContent(area(page, 'cart'), 'Cart');
  await expect(mainArea(page).getByText('404 Not Found')).toHaveCount(0);
  // And the area keeps working afterwards.
  await navigateInApp(page, '/checkout');
  await expectRenderedContent(area(page, 'cart'), 'Checkout');
});

test('going somewhere else while a remote loads, then back, still loads it', async ({ page }) => {
  await page.route('**/remotes/artist/mf-manifest.json', slowManifest());
  await page.goto('/');
  await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
  await startNavigation(page, '/artist');
  await page.waitForTimeout(150); // mf-artist is on its way…
  await startNavigation(page, '/search'); // …when the visitor goes elsewhere
  await expectRenderedContent(area(page, 'storefront'), 'All art');
  await navigateInApp(page, '/artist');
  await expectRenderedContent(area(page, 'artist'), 'Artist Portal');
});

test('a staff user who signs in at /manage and moves on at once gets mf-manage (no hang)', async ({
  page,
}) => {
  await page.route('**/remotes/manage/mf-manifest.json', slowManifest());
  await page.goto('/manage');
  await expect(
    page.getByRole('heading', { name: 'This page requires staff login.' }),
  ).toBeVisible();
  await signInClientSide(page);
  // Straight on, before mf-manage has arrived.
  await startNavigation(page, '/manage/image');
  const manage = area(page, 'manage');
  await expectRenderedContent(manage.locator('nav[aria-label="Manage"] + div'), 'Images');
  await navigateInApp(page, '/manage/royalty-levels');
  await expectRenderedContent(manage.locator('nav[aria-label="Manage"] + div'), 'Royalty Levels');
  // The page still answers (no navigate() loop).
  expect(await page.evaluate(() => 1 + 1)).toBe(2);
});
