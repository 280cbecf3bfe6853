import { expect, test } from '@playwright/test';
import {
  area,
  expectRenderedContent,
  HOME_HEADLINE,
  mainArea,
  navBar,
  recordRequests,
  signInClientSide,
  STAFF_REQUIRED,
} from '../support/app';

const managedFiles = (requests: string[]) =>
  requests.filter((url) => url.includes('/remotes/manage/'));

/** Staff code stays on the server until a staff user needs it. */
test.describe('a guest never downloads mf-manage', () => {
  test('visiting /, /search and /cart (full loads) requests no file of mf-manage', async ({
    page,
  }) => {
    const requests = recordRequests(page);
    await page.goto('/');
    await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
    await page.goto('/search');
    await expectRenderedContent(area(page, 'storefront'), 'All art');
    await page.goto('/cart');
    await expectRenderedContent(area(page, 'cart'), 'Cart');
    expect(requests.some((url) => url.includes('/remotes/storefront/'))).toBe(true); // the recorder works
    expect(managedFiles(requests)).toEqual([]);
  });

  test('browsing /, /search and /cart through the nav bar requests no file of mf-manage', async ({
    page,
  }) => {
    const requests = recordRequests(page);
    await page.goto('/');
    await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
    const search = navBar(page).getByPlaceholder('Search Art');
    await search.fill('blue');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=blue$/);
    await expectRenderedContent(area(page, 'storefront'), 'Art matching “blue”');
    await navBar(page).getByRole('link', { name: /Cart/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expectRenderedContent(area(page, 'cart'), 'Cart');
    await navBar(page).getByRole('link', { name: 'Atelier home' }).click();
    await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
    expect(managedFiles(requests)).toEqual([]);
  });

  test("a guest at /manage sees 'This page requires staff login.' and still gets no mf-manage file", async ({
    page,
  }) => {
    const requests = recordRequests(page);
    await page.goto('/manage');
    await expectRenderedContent(mainArea(page), STAFF_REQUIRED);
    await page.goto('/manage/image');
    await expectRenderedContent(mainArea(page), STAFF_REQUIRED);
    expect(managedFiles(requests)).toEqual([]);
  });

  test('a staff user opening /manage does get mf-manage (the control case)', async ({ page }) => {
    const requests = recordRequests(page);
    await page.goto('/manage');
    await expectRenderedContent(mainArea(page), STAFF_REQUIRED);
    expect(managedFiles(requests)).toEqual([]);
    await signInClientSide(page);
    await expectRenderedContent(area(page, 'manage'), 'Manage');
    expect(
      managedFiles(requests).some((url) => url.endsWith('/remotes/manage/mf-manifest.json')),
    ).toBe(true);
  });
});
