import { expect, test } from '@playwright/test';
import {
  area,
  CUSTOMER_USER,
  expectRenderedContent,
  HOME_HEADLINE,
  LOGIN_REQUIRED,
  navigateInApp,
  signInClientSide,
  signOutClientSide,
  STAFF_USER,
} from '../support/app';

/**
 * One session store for the whole page: `@atelier/session` is a federation singleton, so
 * what the shell's store holds is what every remote reads.
 */
test.describe('the session store is one instance across the shell and the remotes', () => {
  test('a user set through the shell store is greeted by the storefront, and a sign-out is seen too', async ({
    page,
  }) => {
    await page.goto('/');
    const storefront = area(page, 'storefront');
    await expectRenderedContent(storefront, HOME_HEADLINE);
    await expect(storefront.getByText(/Welcome back/)).toHaveCount(0);

    await signInClientSide(page, STAFF_USER);
    await expect(storefront.getByText('Welcome back, Ada Staff.')).toBeVisible();

    await signOutClientSide(page);
    await expect(storefront.getByText(/Welcome back/)).toHaveCount(0);
    await expect(storefront.getByRole('heading', { name: HOME_HEADLINE })).toBeVisible();
  });

  test("a guarded artist page switches from 'This page requires login.' to its content when the shell store signs in", async ({
    page,
  }) => {
    await page.goto('/artist/art');
    const artist = area(page, 'artist');
    await expectRenderedContent(artist, LOGIN_REQUIRED);
    await expect(artist.getByText('Please sign in to continue')).toBeVisible();

    await signInClientSide(page, CUSTOMER_USER);
    await expectRenderedContent(artist, 'Your Art');
    await expect(artist.getByText(LOGIN_REQUIRED)).toHaveCount(0);
    await expect(page).toHaveURL(/\/artist\/art$/); // the same page, not a reload or a redirect

    // Signing out through the store guards the page again.
    await signOutClientSide(page);
    await expectRenderedContent(artist, LOGIN_REQUIRED);
  });

  test('the state survives moving between remotes (storefront → cart → artist) without a reload', async ({
    page,
  }) => {
    await page.goto('/');
    await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
    await signInClientSide(page, CUSTOMER_USER);
    const marker = await page.evaluate(() => {
      (window as unknown as { __e2eMarker: number }).__e2eMarker = Math.random();
      return (window as unknown as { __e2eMarker: number }).__e2eMarker;
    });

    // A signed-in user's project list is no longer guarded (mf-cart reads the same store).
    await navigateInApp(page, '/projects');
    await expectRenderedContent(area(page, 'cart'), 'Projects');
    // The artist remote sees the signed-in user too: past the login guard, to the
    // application gate (a guest would get 'This page requires login.').
    await navigateInApp(page, '/artist/account');
    await expect(
      area(page, 'artist').getByText('Your artist application has not been approved yet.'),
    ).toBeVisible();
    await navigateInApp(page, '/');
    await expect(area(page, 'storefront').getByText('Welcome back, Ben Buyer.')).toBeVisible();
    // Still the same document: the session was never re-created by a reload.
    expect(
      await page.evaluate(() => (window as unknown as { __e2eMarker: number }).__e2eMarker),
    ).toBe(marker);
  });
});
