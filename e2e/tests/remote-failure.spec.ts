import { expect, test, type Page } from '@playwright/test';
import {
  area,
  expectRenderedContent,
  HOME_HEADLINE,
  mainArea,
  navBar,
  withRemotes,
} from '../support/app';
import { freePort } from '../support/server';

const CART_FILES = '**/remotes/cart/**';

async function expectNavBarWorks(page: Page) {
  const nav = navBar(page);
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Cart/ })).toContainText('No items');
  // The Help menu opens.
  const help = nav.getByRole('button', { name: 'Help' });
  await help.click();
  await expect(help).toHaveAttribute('aria-expanded', 'true');
  const menu = nav.getByRole('list', { name: 'Help' });
  await expect(menu.getByRole('link', { name: /^Call / })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Live Chat' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
}

test.describe('one remote down: its area says so, the rest of the page works', () => {
  test('mf-cart unreachable: /cart shows the error panel, the nav bar and other areas work, Retry recovers', async ({
    page,
  }) => {
    await page.route(CART_FILES, (route) => route.abort());
    await page.goto('/cart');

    const panel = mainArea(page).locator('[data-remote-error="cart"]');
    await expect(panel).toBeVisible();
    await expect(panel).toHaveAttribute('role', 'alert');
    await expect(panel).toContainText('could not be loaded.');
    await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByText('Your project is empty')).toHaveCount(0);

    await expectNavBarWorks(page);

    // The search box still navigates, and the storefront still renders.
    const search = navBar(page).getByPlaceholder('Search Art');
    await search.fill('blue');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=blue$/);
    await expectRenderedContent(area(page, 'storefront'), 'Art matching “blue”');

    // Home still renders.
    await navBar(page).getByRole('link', { name: 'Atelier home' }).click();
    await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);

    // Back to the cart while it is still down: the panel again (the failure is not cached
    // as a success, nor does it take the page down).
    await navBar(page).getByRole('link', { name: /Cart/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(mainArea(page).locator('[data-remote-error="cart"]')).toBeVisible();

    // The network comes back: Retry loads the cart in place.
    await page.unroute(CART_FILES);
    await mainArea(page).getByRole('button', { name: 'Retry' }).click();
    const cart = area(page, 'cart');
    await expectRenderedContent(cart, 'Cart');
    await expect(cart.getByText('Your project is empty')).toBeVisible();
    await expect(cart.getByRole('link', { name: 'Browse top selling art' })).toBeVisible();
    await expect(page.locator('[data-remote-error]')).toHaveCount(0);
    await expect(page).toHaveURL(/\/cart$/);
  });

  test('remotes.json pointing mf-cart at a server that is down: the error panel, and home still works', async ({
    page,
  }) => {
    const deadPort = await freePort(); // nothing listens there
    await withRemotes({ cart: `http://127.0.0.1:${deadPort}/mf-manifest.json` }, async () => {
      await page.goto('/cart');
      await expect(mainArea(page).locator('[data-remote-error="cart"]')).toBeVisible();
      await expect(mainArea(page).locator('[data-remote-error="cart"]')).toContainText(
        'could not be loaded.',
      );
      await expectNavBarWorks(page);
      await navBar(page).getByRole('link', { name: 'Atelier home' }).click();
      await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
    });
  });

  test('a broken remote does not stop another remote loading first (storefront down, cart fine)', async ({
    page,
  }) => {
    await page.route('**/remotes/storefront/**', (route) => route.abort());
    await page.goto('/');
    await expect(mainArea(page).locator('[data-remote-error="storefront"]')).toBeVisible();
    await navBar(page).getByRole('link', { name: /Cart/ }).click();
    await expectRenderedContent(area(page, 'cart'), 'Cart');
    await expect(page.locator('[data-remote-error]')).toHaveCount(0);
  });
});
