import { expect, test, type Page } from '@playwright/test';
import { area, expectRenderedContent, HOME_HEADLINE, navBar } from '../support/app';

/** The shell's bar (SPEC §9: shown only when a navigation takes over 100 ms). */
const progressBar = (page: Page) => page.getByRole('progressbar', { name: 'Loading page' });

/** Records whether the bar was ever on the page, however briefly, from now on. */
async function watchForBar(page: Page) {
  await page.evaluate(() => {
    const seen = () =>
      document.querySelector('[role="progressbar"][aria-label="Loading page"]') !== null;
    const w = window as unknown as { __barSeen: boolean };
    w.__barSeen = seen();
    new MutationObserver(() => {
      if (seen()) w.__barSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
}
const barWasSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __barSeen: boolean }).__barSeen);

test.describe('navigation progress bar', () => {
  test('a slow remote shows a fixed bar at the top after 100 ms, which goes when the page arrives', async ({
    page,
  }) => {
    await page.goto('/');
    await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
    const mainTop = await page.locator('main#main').evaluate((m) => m.getBoundingClientRect().top);

    // mf-cart's files take 1.5 s to arrive.
    await page.route('**/remotes/cart/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await navBar(page).getByRole('link', { name: /Cart/ }).click();

    await expect(progressBar(page)).toBeVisible();
    const box = await progressBar(page).boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0 });
    expect(box?.height).toBeLessThanOrEqual(4);
    // Across the page (as wide as its body: the viewport less the scrollbar gutter it keeps).
    expect(box?.width).toBe(
      await page.evaluate(() => Math.round(document.body.getBoundingClientRect().width)),
    );
    // An overlay: nothing on the page moved to make room for it.
    expect(await page.locator('main#main').evaluate((m) => m.getBoundingClientRect().top)).toBe(
      mainTop,
    );

    await expectRenderedContent(area(page, 'cart'), 'Cart');
    await expect(progressBar(page)).toHaveCount(0);
  });

  test('a fast navigation never shows the bar', async ({ page }) => {
    await page.goto('/cart');
    await expectRenderedContent(area(page, 'cart'), 'Cart');
    // The storefront's code is fetched once, then home is a navigation within loaded code.
    await navBar(page).getByRole('link', { name: 'Atelier home' }).click();
    await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
    await navBar(page).getByRole('link', { name: /Cart/ }).click();
    await expectRenderedContent(area(page, 'cart'), 'Cart');

    await watchForBar(page);
    await navBar(page).getByRole('link', { name: 'Atelier home' }).click();
    await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
    await navBar(page).getByRole('link', { name: /Cart/ }).click();
    await expectRenderedContent(area(page, 'cart'), 'Cart');
    expect(await barWasSeen(page)).toBe(false);
  });
});
