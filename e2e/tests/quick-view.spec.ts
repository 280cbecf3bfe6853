import { expect, test, type Page } from '@playwright/test';
import { area } from '../support/app';
import { DEMO, signIn } from '../support/accounts';

// The inline quick view of the media grid, as a buyer and as staff use it.

const grid = (page: Page) => area(page, 'storefront').locator('[aria-label="Images"]');
const panel = (page: Page) =>
  area(page, 'storefront').getByRole('region', { name: /^Quick view: / });
const hashId = (page: Page) => Number(new URL(page.url()).hash.slice(1));

test('a click opens the quick view below the row; ←/→ step, Esc closes, the hash keeps it', async ({
  page,
}) => {
  await page.goto('/search?q=abstract');
  const tiles = grid(page).locator('a');
  await expect(tiles.nth(3)).toBeVisible();
  const second = tiles.nth(1);
  const title = ((await second.getAttribute('aria-label')) ?? '').replace(/ by .*$/, '');
  const id = Number(((await second.getAttribute('href')) ?? '').split('/').pop());

  await second.click();
  await expect(panel(page)).toHaveAccessibleName(`Quick view: ${title}`);
  await expect(page).toHaveURL(new RegExp(`/search\\?q=abstract#${id}$`));
  await expect(panel(page).getByRole('heading', { name: title })).toBeVisible();
  // The panel sits under the clicked tile: below it on the page.
  const tileBox = await second.boundingBox();
  const panelBox = await panel(page).boundingBox();
  expect(panelBox!.y).toBeGreaterThan(tileBox!.y + tileBox!.height - 1);

  await page.keyboard.press('ArrowRight');
  await expect.poll(() => hashId(page)).not.toBe(id);
  const next = hashId(page);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => hashId(page)).toBe(id);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => hashId(page)).toBe(next);

  // The selection is in the URL: a reload opens the same image.
  await page.reload();
  await expect(panel(page)).toBeVisible();
  expect(hashId(page)).toBe(next);

  // Typing in the search box keeps the arrows for the caret.
  const search = page
    .getByRole('searchbox')
    .or(page.getByRole('textbox', { name: /search/i }))
    .first();
  await search.click();
  await page.keyboard.press('ArrowLeft');
  expect(hashId(page)).toBe(next);

  // Focus leaves the search box for the panel (a click there can land under the sticky header).
  await panel(page).focus();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/search\?q=abstract$/);
});

test('a modifier-click opens the image page in a new tab, not the quick view', async ({
  page,
  context,
}) => {
  await page.goto('/search');
  const tile = grid(page).locator('a').first();
  await expect(tile).toBeVisible();
  const href = (await tile.getAttribute('href')) ?? '';
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    tile.click({ modifiers: ['ControlOrMeta'] }),
  ]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(href);
  await expect(panel(page)).toHaveCount(0);
  await tab.close();
});

test('Quick Add from the quick view puts the print in the cart', async ({ page }) => {
  await page.goto('/search?q=abstract');
  await grid(page).locator('a').first().click();
  const quickAdd = panel(page).getByRole('region', { name: 'Quick Add' });
  await quickAdd.getByRole('button', { name: 'Add to cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter your email to save your cart' });
  await dialog.getByRole('textbox', { name: /Email/ }).fill(`quick-${Date.now()}@example.com`);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Added to your cart.')).toBeVisible();
});

test('staff unpublish from the quick actions menu hides the image from guests', async ({
  page,
  browser,
}) => {
  // Our own catalogue only: external stock images cannot be unpublished.
  await signIn(page, DEMO.staff, '/search?q=circles&api=internal');
  const tile = grid(page).locator('a').first();
  await expect(tile).toBeVisible();
  const href = (await tile.getAttribute('href')) ?? '';
  const title = ((await tile.getAttribute('aria-label')) ?? '').replace(/ by .*$/, '');
  await tile.hover();
  await area(page, 'storefront')
    .getByRole('button', { name: `Quick actions for ${title}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Unpublish' }).click();
  await expect(page.getByText(`Unpublished “${title}”`, { exact: true })).toBeVisible();
  // Staff still see it, marked.
  await expect(
    area(page, 'storefront')
      .locator(`[data-tile-id="${href.split('/').pop()}"]`)
      .getByText('Unpublished'),
  ).toBeVisible();

  const guest = await browser.newPage();
  await guest.goto(`${new URL(page.url()).origin}/search?q=circles&api=internal`);
  await expect(guest.locator('[aria-label="Images"] a').first()).toBeVisible();
  await expect(guest.locator(`[aria-label="Images"] a[href="${href}"]`)).toHaveCount(0);

  // Publish it back, and guests find it again.
  await area(page, 'storefront')
    .getByRole('button', { name: `Quick actions for ${title}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Publish' }).click();
  await expect(page.getByText(`Published “${title}”`, { exact: true })).toBeVisible();
  await guest.reload();
  await expect(guest.locator(`[aria-label="Images"] a[href="${href}"]`)).toHaveCount(1);
  await guest.close();
});
