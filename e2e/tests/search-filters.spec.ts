import { expect, test, type Page } from '@playwright/test';
import { area } from '../support/app';
import { DEMO, signIn } from '../support/accounts';

// The search screen's Filters panel as a buyer uses it: choices ↔ URL ↔ results.

const filters = (page: Page) => area(page, 'storefront').getByRole('region', { name: 'Filters' });
const tiles = (page: Page) => area(page, 'storefront').locator('[aria-label="Images"] a');
const resultCount = async (page: Page) => {
  const text = await area(page, 'storefront')
    .getByRole('navigation', { name: 'Pagination' })
    .getByText(/results?$/)
    .first()
    .textContent();
  return Number((text ?? '').replace(/[^0-9]/g, ''));
};

test.use({ viewport: { width: 1366, height: 900 } });

test('filters write the URL, narrow the results, survive a reload and Clear All', async ({
  page,
  request,
}) => {
  await page.goto('/search?q=abstract');
  await expect(tiles(page).first()).toBeVisible();
  const all = await resultCount(page);
  expect(all).toBeGreaterThan(0);

  // The facet count beside a colour is what choosing it finds.
  const panel = filters(page);
  const colour = panel.getByRole('group', { name: 'Colour' });
  const pastel = colour.getByRole('checkbox', { name: /^Pastel \((\d+)\)$/ });
  const label = await colour.locator('label', { hasText: /^Pastel/ }).textContent();
  const facet = Number(/\((\d+)\)/.exec(label ?? '')?.[1]);
  expect(facet).toBeGreaterThan(0);
  await pastel.click();
  await expect(page).toHaveURL(/[?&]colours=pastel(&|$)/);
  await expect.poll(() => resultCount(page)).toBe(facet);
  const api = (await (
    await request.get('/content/search/v3/?q=abstract&colours=pastel&limit=1')
  ).json()) as { total: number };
  expect(api.total).toBe(facet);

  // A named colour clears the tonal one (SPEC §5); the badge counts active filters.
  await colour.getByRole('checkbox', { name: /^Blue / }).click();
  await expect(page).toHaveURL(/colours=blue/);
  await expect(page).not.toHaveURL(/colours=pastel/);
  await panel
    .getByRole('group', { name: 'Orientation' })
    .getByRole('checkbox', { name: /^Horizontal / })
    .click();
  await expect(panel.getByLabel('2 active filters')).toBeVisible();

  // The URL is the state: a reload shows the same choices.
  await page.reload();
  await expect(filters(page).getByRole('checkbox', { name: /^Blue / })).toBeChecked();
  await expect(filters(page).getByRole('checkbox', { name: /^Horizontal / })).toBeChecked();

  await filters(page).getByRole('button', { name: 'Clear All' }).click();
  await expect(page).toHaveURL(/\/search\?q=abstract$/);
  await expect.poll(() => resultCount(page)).toBe(all);
});

test('the price and minimum size filters, typed into the URL, show as chosen', async ({ page }) => {
  await page.goto('/search?price=2&minimum_size=large');
  const panel = filters(page);
  await expect(panel.getByRole('checkbox', { name: /^\$\$ / })).toBeChecked();
  await expect(panel.getByRole('radio', { name: /^Large \(3 MP\+\)/ })).toBeChecked();
  await expect(panel.getByLabel('2 active filters')).toBeVisible();
});

test('a signed-in buyer finds their favourites with the favorites filter', async ({ page }) => {
  await signIn(page, DEMO.customer, '/search?q=circles');
  const first = tiles(page).first();
  await expect(first).toBeVisible();
  const href = (await first.getAttribute('href')) ?? '';
  await page.goto(href);
  const favourite = page.getByRole('button', { name: 'Favorite' });
  if ((await favourite.getAttribute('aria-pressed')) !== 'true') await favourite.click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/search');
  await filters(page).getByRole('checkbox', { name: 'My favorites only' }).click();
  await expect(page).toHaveURL(/favorites=true/);
  await expect(
    area(page, 'storefront').locator(`[aria-label="Images"] a[href="${href}"]`),
  ).toHaveCount(1);

  // Guests are not offered the filter.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/search');
  await expect(filters(page).getByRole('heading', { name: 'Filters' })).toBeVisible();
  await expect(filters(page).getByRole('checkbox', { name: 'My favorites only' })).toHaveCount(0);
});

test('on a phone the filters open in a drawer from the Filters button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/search?colours=red');
  const storefront = area(page, 'storefront');
  await storefront.getByRole('button', { name: /^Filters/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('checkbox', { name: /^Red / })).toBeChecked();
  await drawer.getByRole('checkbox', { name: /^Red / }).click();
  await expect(page).toHaveURL(/\/search$/);
});
