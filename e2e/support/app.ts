import { expect, type Locator, type Page } from '@playwright/test';
import { writeFile, readFile } from 'node:fs/promises';
import { e2eEnv } from './env';
import type { RemoteName, RemotesJson } from './server';

export type { RemoteName, RemotesJson };

interface SessionUser {
  uuid: string;
  name: string;
  email: string;
  is_staff: boolean;
}

/** The part of the page's handles (`window.__ATELIER__`, `window.dataLayer`) the tests use. */
declare global {
  interface Window {
    __ATELIER__?: {
      session: {
        getState(): {
          user: SessionUser | null;
          setUser(user: SessionUser | null): void;
          clear(): void;
        };
      };
      cart: { getState(): { token: string | null; guest: boolean } };
      api: { get<T>(path: string): Promise<T> };
    };
    dataLayer?: Array<{ event: string } & Record<string, unknown>>;
  }
}

export const BRAND_SUFFIX = ' | Atelier';
export const HOME_HEADLINE = 'Art for every wall';
export const LOGIN_REQUIRED = 'This page requires login.';
export const STAFF_REQUIRED = 'This page requires staff login.';

export const STAFF_USER: SessionUser = {
  uuid: 'u1',
  name: 'Ada Staff',
  email: 'ada@example.com',
  is_staff: true,
};
export const CUSTOMER_USER: SessionUser = {
  uuid: 'u2',
  name: 'Ben Buyer',
  email: 'ben@example.com',
  is_staff: false,
};

/** The area a remote renders into. */
export const area = (page: Page, remote: RemoteName): Locator =>
  page.locator(`[data-remote="${remote}"]`);

export const mainArea = (page: Page): Locator => page.locator('main#main');

/**
 * The open dialog once its opening animation has finished. Playwright's stability check can
 * pass between two frames of antd's zoom-in on a loaded machine, and the click then lands
 * where the button was a frame earlier (a 6 px tall box in one CI run: no click, no export).
 */
export async function settledDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  return dialog;
}
export const navBar = (page: Page): Locator => page.locator('header.atelier-header');

/**
 * Signs a user in the way the page itself will once sign-in arrives: through the shell's
 * session store (`window.__ATELIER__.session`). Client-side only, so a reload signs out.
 */
export async function signInClientSide(page: Page, user: SessionUser = STAFF_USER): Promise<void> {
  await page.waitForFunction(() => Boolean(window.__ATELIER__));
  await page.evaluate((u) => window.__ATELIER__!.session.getState().setUser(u), user);
}

export async function signOutClientSide(page: Page): Promise<void> {
  await page.evaluate(() => window.__ATELIER__!.session.getState().clear());
}

/** Starts an in-app navigation (pushState + popstate) without waiting for it to finish. */
export async function startNavigation(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/**
 * Navigates inside the single-page app without a reload (what following an in-app link
 * does), so a client-side session survives: the URL is pushed and the router is told.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await startNavigation(page, path);
  await expect
    .poll(() => page.evaluate(() => window.location.pathname + window.location.search))
    .toBe(path.split('#')[0]);
  // The router is idle again: lazy routes are in and the new page has rendered.
  await expect(mainArea(page)).toHaveAttribute('aria-busy', 'false');
}

/**
 * The area shows something a person can read: it is visible and has a size, no loading
 * placeholder is left, it holds more than a few characters of text, and (unless `heading`
 * is null) its first h1 is visible and non-empty, and matches `heading` when one is given.
 */
export async function expectRenderedContent(
  region: Locator,
  heading?: string | RegExp | null,
): Promise<string> {
  await expect(region).toBeVisible();
  if (heading !== null) {
    const h1 = region.locator('h1').first();
    await expect(h1).toBeVisible();
    await expect(h1).toHaveText(heading ?? /\S/);
  }
  await expect(
    region.locator('.ant-skeleton, .atelier-grid-skeleton, .atelier-loading'),
  ).toHaveCount(0);
  await expect(region).toHaveText(/\S{3,}/);
  const text = (await region.innerText()).replace(/\s+/g, ' ').trim();
  expect(text.length, `text of the area: "${text}"`).toBeGreaterThan(10);
  const box = await region.boundingBox();
  expect(box && box.width > 0 && box.height > 0, 'the area has a size on the page').toBe(true);
  return text;
}

/** Every URL the page requests from now on (documents, scripts, fetches, images). */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** The page-view events the shell pushed to `window.dataLayer`. */
export async function pageViews(page: Page): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(() =>
    (window.dataLayer ?? []).filter((event) => event.event === 'page_view'),
  );
}

export async function readRemotes(): Promise<RemotesJson> {
  return JSON.parse(await readFile(e2eEnv('remotesFile'), 'utf8')) as RemotesJson;
}

/**
 * Points remotes in the server's REMOTES_FILE elsewhere for the length of `body`, then
 * puts the file back exactly as it was, whatever happens.
 */
export async function withRemotes<T>(
  change: Partial<RemotesJson>,
  body: () => Promise<T>,
): Promise<T> {
  const file = e2eEnv('remotesFile');
  const original = await readFile(file, 'utf8');
  const next = { ...(JSON.parse(original) as RemotesJson), ...change };
  await writeFile(file, `${JSON.stringify(next, null, 2)}\n`);
  try {
    return await body();
  } finally {
    await writeFile(file, original);
  }
}
