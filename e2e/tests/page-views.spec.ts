import { expect, test } from '@playwright/test';
import {
  area,
  expectRenderedContent,
  HOME_HEADLINE,
  navBar,
  pageViews,
  startNavigation,
} from '../support/app';

/** SPEC §1: page views are tracked when the path or the q query changes. */
test('window.dataLayer gets a page_view when the path or q changes, not when only offset changes', async ({
  page,
}) => {
  await page.goto('/');
  await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
  await expect.poll(() => pageViews(page)).toHaveLength(1);
  expect((await pageViews(page))[0]).toMatchObject({ event: 'page_view', page_path: '/' });

  // The path changes: /search.
  await area(page, 'storefront')
    .getByRole('link', { name: /^Browse all/ })
    .click();
  await expect(page).toHaveURL(/\/search$/);
  const storefront = area(page, 'storefront');
  await expectRenderedContent(storefront, 'All art');
  await expect.poll(() => pageViews(page)).toHaveLength(2);
  expect((await pageViews(page))[1]).toMatchObject({
    page_path: '/search',
    page_title: 'Search | Atelier',
  });

  // Only the offset changes (the Next page button): no page view.
  await storefront.getByRole('button', { name: 'Next page' }).first().click();
  await expect(page).toHaveURL(/[?&]offset=\d+/);
  await expect(storefront.getByRole('button', { name: 'Previous page' }).first()).toBeEnabled();
  await storefront.getByRole('button', { name: 'Previous page' }).first().click();
  // Back on the first page (its URL may leave the offset out).
  await expect(page).not.toHaveURL(/[?&]offset=[1-9]/);
  await page.waitForTimeout(500); // a page view is pushed a tick after the location changes
  expect(await pageViews(page)).toHaveLength(2);

  // q changes (the nav bar's search box): a page view with the search term.
  const search = navBar(page).getByPlaceholder('Search Art');
  await search.fill('blue');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=blue$/);
  await expect.poll(() => pageViews(page)).toHaveLength(3);
  expect((await pageViews(page))[2]).toMatchObject({ page_path: '/search', search_term: 'blue' });

  // The same q again with another offset: no page view.
  await expectRenderedContent(storefront, 'Art matching “blue”');
  await startNavigation(page, '/search?q=blue&offset=100');
  await expect(page).toHaveURL(/offset=100/);
  await page.waitForTimeout(500);
  expect(await pageViews(page)).toHaveLength(3);

  // Another q: a page view.
  await search.fill('red');
  await search.press('Enter');
  await expect.poll(() => pageViews(page)).toHaveLength(4);
  expect((await pageViews(page))[3]).toMatchObject({ page_path: '/search', search_term: 'red' });

  // Back to a path: a page view; every one carries the page's title with the brand.
  await navBar(page).getByRole('link', { name: /Cart/ }).click();
  await expectRenderedContent(area(page, 'cart'), 'Cart');
  await expect.poll(() => pageViews(page)).toHaveLength(5);
  expect((await pageViews(page))[4]).toMatchObject({
    page_path: '/cart',
    page_title: 'Cart | Atelier',
  });
});

test('a redirect (/artists → /artist) counts one page view, titled like the page', async ({
  page,
}) => {
  await page.goto('/artists');
  await expectRenderedContent(area(page, 'artist'), 'Artist Portal');
  await page.waitForTimeout(500);
  const views = await pageViews(page);
  expect(views.map((view) => view.page_path)).toEqual(['/artist']);
});

test('the page view of an image page carries the image title', async ({ page, request }) => {
  const newest = (await (await request.get('/api/images/?limit=1')).json()) as {
    results: Array<{ id: number; title: string }>;
  };
  const image = newest.results[0]!;
  await page.goto(`/images/${image.id}`);
  await expectRenderedContent(area(page, 'storefront'), image.title);
  await expect.poll(() => pageViews(page)).toHaveLength(1);
  expect((await pageViews(page))[0]).toMatchObject({ page_title: `${image.title} | Atelier` });
});
