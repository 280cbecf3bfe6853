import { expect, test } from '@playwright/test';
import {
  area,
  expectRenderedContent,
  HOME_HEADLINE,
  navBar,
  navigateInApp,
  signInClientSide,
} from '../support/app';

/** Sign-out (SPEC §2 /accounts/logout: "Signs out, then goes to the redirect or to login"). */

test('signing out clears the session on the page, whatever the server answers', async ({
  page,
}) => {
  await page.goto('/');
  await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
  await signInClientSide(page);
  await expect(area(page, 'storefront').getByText('Welcome back, Ada Staff.')).toBeVisible();
  await navigateInApp(page, '/accounts/logout?redirect=%2Fsearch');
  await expect
    .poll(() => page.evaluate(() => window.__ATELIER__!.session.getState().user))
    .toBeNull();
  await expect(navBar(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('signing out then goes to the redirect', async ({ page }) => {
  await page.goto('/');
  await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
  await signInClientSide(page);
  await navigateInApp(page, '/accounts/logout?redirect=%2Fsearch');
  await expect(page).toHaveURL(/\/search$/, { timeout: 8_000 });
  await expectRenderedContent(area(page, 'storefront'), 'All art');
});

test('signing out without a redirect goes to the sign-in page', async ({ page }) => {
  await page.goto('/accounts/logout');
  await expect(page).toHaveURL(/\/accounts\/login$/, { timeout: 8_000 });
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});
