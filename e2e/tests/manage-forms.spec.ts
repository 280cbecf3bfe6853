import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/accounts';
import { mainArea, recordRequests, STAFF_REQUIRED } from '../support/app';

/** A value no earlier run against the same data has used. */
const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

const SCREENSHOTS = process.env.MANAGE_SCREENSHOTS;

async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test.describe('manage: generic forms (SPEC §5)', () => {
  test('staff create and edit an artist, with a server error shown on its field', async ({
    page,
  }) => {
    const main = mainArea(page);
    await signIn(page, DEMO.staff, '/manage/artist');
    await expect(main.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
    await shoot(page, 'artist-list');
    await main.getByRole('button', { name: 'New Artist' }).click();
    await expect(page).toHaveURL(/\/manage\/artist\/new$/);
    const name = unique('Mira Okafor');
    const code = unique('OKA').replace(/\s/g, '').toUpperCase();
    await main.getByRole('textbox', { name: 'Name' }).fill(name);
    // A royalty code another artist has: the server refuses it on the field.
    const taken = await page.evaluate(async () => {
      const res = await fetch('/api/artist/?limit=1&ordering=id');
      return ((await res.json()) as { results: Array<{ royalty_code: string }> }).results[0]!
        .royalty_code;
    });
    await main.getByRole('textbox', { name: 'Royalty code' }).fill(taken);
    await shoot(page, 'artist-new');
    await main.getByRole('button', { name: 'Create artist' }).click();
    const codeItem = main
      .locator('.ant-form-item')
      .filter({ has: page.getByRole('textbox', { name: 'Royalty code' }) });
    await expect(codeItem).toContainText('artist with this royalty code already exists.');
    await expect(main.getByRole('textbox', { name: 'Royalty code' })).toBeFocused();
    await shoot(page, 'artist-new-error');
    await main.getByRole('textbox', { name: 'Royalty code' }).fill(code);
    await main.getByRole('checkbox', { name: 'Portal' }).check();
    await main.getByRole('button', { name: 'Create artist' }).click();
    await expect(page).toHaveURL(/\/manage\/artist\/\d+$/);
    await expect(main.getByRole('heading', { level: 1, name })).toBeVisible();
    const details = main.getByRole('definition');
    await expect(details.filter({ hasText: code })).toHaveCount(1);
    await shoot(page, 'artist-detail');

    await main.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/manage\/artist\/\d+\/edit$/);
    await expect(main.getByText('ID', { exact: true })).toBeVisible();
    await expect(main.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await main.getByRole('textbox', { name: 'Name' }).fill(`${name} Jr`);
    await main.getByRole('checkbox', { name: 'Active' }).uncheck();
    await shoot(page, 'artist-edit');
    await main.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/manage\/artist\/\d+$/);
    await expect(main.getByRole('heading', { level: 1, name: `${name} Jr` })).toBeVisible();

    // The list finds it by the search box (query param search).
    await page.goto(`/manage/artist?search=${encodeURIComponent(code)}`);
    await expect(main.getByRole('link', { name: `${name} Jr` })).toBeVisible();
    await page.goto('/manage/artist?search=no-such-artist-anywhere');
    await expect(main.getByText('No results')).toBeVisible();
  });

  test('staff create a collection and edit it, a too-long name refused on its field', async ({
    page,
  }) => {
    const main = mainArea(page);
    await signIn(page, DEMO.staff, '/manage/collections/new');
    await expect(main.getByRole('heading', { level: 1, name: 'New Collection' })).toBeVisible();
    const name = unique('Harbour blues');
    await main.getByRole('textbox', { name: 'Name' }).fill(name);
    await main.getByRole('textbox', { name: 'Description' }).fill('Boats, piers and the sea.');
    await main.getByRole('button', { name: 'Create collection' }).click();
    await expect(page).toHaveURL(/\/manage\/collections\/\d+$/);
    await expect(main.getByRole('heading', { level: 1, name })).toBeVisible();

    await main.getByRole('button', { name: 'Edit' }).click();
    // Past the field's 100 characters: the browser's maxlength stops typing, so send it as
    // a script would; the server's 400 lands on the field.
    await main.getByRole('textbox', { name: 'Name' }).evaluate((input: HTMLInputElement) => {
      input.removeAttribute('maxlength');
    });
    await main.getByRole('textbox', { name: 'Name' }).fill('x'.repeat(101));
    await main.getByRole('button', { name: 'Save changes' }).click();
    const nameItem = main
      .locator('.ant-form-item')
      .filter({ has: page.getByRole('textbox', { name: 'Name' }) });
    await expect(nameItem).toContainText('Ensure this field has no more than 100 characters.');
    await main.getByRole('textbox', { name: 'Name' }).fill(`${name} (edited)`);
    await main.getByRole('button', { name: 'Save changes' }).click();
    await expect(main.getByRole('heading', { level: 1, name: `${name} (edited)` })).toBeVisible();
  });

  test('every menu entry opens a screen, none crashes', async ({ page }) => {
    const main = mainArea(page);
    await signIn(page, DEMO.staff, '/manage');
    const menu = page.getByRole('navigation', { name: 'Manage' });
    // The menu is built from GET /api/: read it once it has arrived.
    await expect(menu.getByRole('link', { name: 'Images', exact: true })).toBeVisible();
    const links = await menu.getByRole('link').allTextContents();
    expect(links).toEqual(
      expect.arrayContaining([
        'Artists',
        'Artist Profiles',
        'Collections',
        'Payments Due',
        'Images',
      ]),
    );
    for (const label of links) {
      await menu.getByRole('link', { name: label, exact: true }).click();
      await expect(main.getByRole('heading', { level: 1, name: label })).toBeVisible();
      await expect(main.getByText('404 Not Found')).toHaveCount(0);
    }
    await menu.getByRole('link', { name: 'Images', exact: true }).click();
    await expect(main.locator('.mg-row a').first()).toBeVisible();
    await shoot(page, 'images-list');
    await main.locator('.mg-row a').first().click();
    await expect(page).toHaveURL(/\/manage\/image\/\d+$/);
    await expect(main.getByRole('img').first()).toBeVisible();
    await shoot(page, 'image-detail');
    await main.getByRole('button', { name: 'Edit' }).click();
    await expect(main.getByRole('combobox', { name: 'Artist' })).toBeVisible();
    await shoot(page, 'image-edit');
  });

  test('a customer sent to /manage is refused and fetches no mf-manage file', async ({ page }) => {
    const requests = recordRequests(page);
    await signIn(page, DEMO.customer, '/manage/artist/new');
    await expect(mainArea(page)).toContainText(STAFF_REQUIRED);
    await expect(mainArea(page).getByRole('textbox', { name: 'Name' })).toHaveCount(0);
    expect(requests.filter((url) => url.includes('/remotes/manage/'))).toEqual([]);
  });
});
