import { expect, test } from '@playwright/test';
import { area, expectRenderedContent, HOME_HEADLINE, navBar } from '../support/app';

test('the home page shows catalogue images from the server, and they load', async ({
  page,
  request,
}) => {
  const mediaResponses = new Map<string, number>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/media/')) mediaResponses.set(url.pathname, response.status());
  });

  await page.goto('/');
  const storefront = area(page, 'storefront');
  await expectRenderedContent(storefront, HOME_HEADLINE);
  await expect(navBar(page)).toBeVisible();
  await expect(storefront.getByRole('heading', { name: 'New arrivals' })).toBeVisible();

  // New arrivals is the first grid (most popular follows).
  const grid = storefront.locator('[aria-label="Images"]').first();
  await expect(grid).toBeVisible();
  const thumbs = grid.locator('img');
  await expect(thumbs.first()).toBeVisible();

  // The grid shows the server's newest images: its tiles are the API's, in the API's order.
  const sources = await thumbs.evaluateAll((imgs) =>
    imgs.map((img) => new URL((img as HTMLImageElement).src).pathname),
  );
  const newest = (await (
    await request.get(`/api/images/?limit=${sources.length}&offset=0`)
  ).json()) as { results: Array<{ id: number; thumb: string; title: string }> };
  expect(newest.results.length).toBeGreaterThan(0);
  expect(sources).toEqual(newest.results.map((image) => image.thumb));
  for (const src of sources) expect(src).toMatch(/^\/media\/thumbs\//);

  // Every thumbnail in view has really loaded (decoded, with pixels), not a broken image.
  const visibleThumbs = async () =>
    thumbs.evaluateAll((imgs) =>
      imgs
        .map((node) => node as HTMLImageElement)
        .filter((img) => {
          const box = img.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
        })
        .map((img) => ({
          src: new URL(img.src).pathname,
          complete: img.complete,
          naturalWidth: img.naturalWidth,
        })),
    );
  await expect
    .poll(
      async () => {
        const inView = await visibleThumbs();
        return inView.length > 0 && inView.every((img) => img.complete && img.naturalWidth > 0);
      },
      { message: 'every thumbnail in view loaded with naturalWidth > 0' },
    )
    .toBe(true);
  const inView = await visibleThumbs();
  expect(inView.length, 'thumbnails in the first screen').toBeGreaterThanOrEqual(3);

  // ...and came from the server's /media/ with 200.
  for (const img of inView) {
    expect(mediaResponses.get(img.src), `response for ${img.src}`).toBe(200);
  }
  const served = await request.get(inView[0]!.src);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^image\//);
});

test('scrolling down loads the lazy thumbnails too', async ({ page }) => {
  await page.goto('/');
  const thumbs = area(page, 'storefront').locator('[aria-label="Images"] img');
  await expect(thumbs.first()).toBeVisible();
  const last = thumbs.last();
  await last.scrollIntoViewIfNeeded();
  await expect
    .poll(() => last.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
});
