import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  area,
  expectRenderedContent,
  LOGIN_REQUIRED,
  navBar,
  STAFF_REQUIRED,
} from '../support/app';
import {
  accountButton,
  DEMO,
  latestEmailTo,
  resetLinkIn,
  signIn,
  submitCredentials,
  uniqueEmail,
} from '../support/accounts';
import { freePort, startServer, type RunningServer } from '../support/server';

const PASSWORD = 'a fine long passphrase';

test.describe('a session from sign-up to sign-out, with access tokens that live 3 s', () => {
  let server: RunningServer;
  let dir: string;

  test.beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'atelier-e2e-tokens-'));
    server = await startServer({
      port: await freePort(),
      dataDir: path.join(dir, 'data'),
      demoImages: 0,
      logFile: path.join(dir, 'server.log'),
      env: { ACCESS_TOKEN_LIFETIME: '3' },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('sign up → signed in → reload keeps it → a later call refreshes → sign out', async ({
    page,
  }) => {
    const email = uniqueEmail('sign-up');
    await page.goto(`${server.url}/accounts/register`);
    await submitCredentials(page.locator('main'), { email, password: PASSWORD }, 'Sign Up');

    // Signed in at once: the menu shows the email.
    const menuButton = accountButton(page, email);
    await expect(menuButton).toBeVisible();
    await menuButton.click();
    const menu = navBar(page).getByRole('list', { name: 'My Account' });
    await expect(menu.getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign out' })).toBeVisible();

    await page.reload();
    await expect(accountButton(page, email)).toBeVisible();
    await expect(navBar(page).getByRole('link', { name: 'Sign In' })).toHaveCount(0);

    // Past the access token's life, a call answers 401 once, refreshes, and succeeds.
    const answers: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/auth/')) answers.push(`${response.status()} ${pathname}`);
    });
    await page.waitForTimeout(4_000);
    const me = await page.evaluate(() =>
      window.__ATELIER__!.api.get<{ email: string }>('/auth/users/me/'),
    );
    expect(me.email).toBe(email);
    expect(answers).toEqual([
      '401 /auth/users/me/',
      '200 /auth/jwt/refresh/',
      '200 /auth/users/me/',
    ]);
    await expect(page.getByText('Your session expired. Please sign in again.')).toHaveCount(0);

    await accountButton(page, email).click();
    await navBar(page).getByRole('link', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/accounts\/login$/);
    await expect(navBar(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    // Signed out on the server too: a reload starts a guest.
    await page.reload();
    await expect(navBar(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(accountButton(page, email)).toHaveCount(0);
  });
});

test('password reset through the emailed link, then sign in with the new password', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('reset');
  expect(
    (await request.post('/auth/users/', { data: { email, password: PASSWORD } })).status(),
  ).toBe(201);

  await page.goto('/accounts/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Request Reset' }).click();
  await expect(page.getByRole('status')).toContainText('Password reset requested.');

  const link = resetLinkIn(await latestEmailTo(email));
  await page.goto(link.pathname);
  const newPassword = 'another fine passphrase';
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('status')).toContainText('Password changed.');

  // The link is single-use.
  await page.goto(link.pathname);
  await page.getByLabel('New Password').fill('yet another passphrase');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid token for given user.');

  await page.goto('/accounts/login');
  await submitCredentials(page.locator('main'), { email, password: PASSWORD });
  await expect(page.getByRole('alert')).toContainText(
    'No active account found with the given credentials',
  );
  await submitCredentials(page.locator('main'), { email, password: newPassword });
  await expect(accountButton(page, email)).toBeVisible();
});

test('a guest opening /orders gets the sign-in prompt and signs in right there', async ({
  page,
}) => {
  await page.goto('/orders');
  const cart = area(page, 'cart');
  await expectRenderedContent(cart, LOGIN_REQUIRED);
  await expect(cart.getByText('Please sign in to continue')).toBeVisible();
  await submitCredentials(cart, DEMO.customer);
  await expect(navBar(page).getByRole('button', { name: /^My Account: / })).toBeVisible();
  await expect(cart.getByText(LOGIN_REQUIRED)).toHaveCount(0);
  await expect(page).toHaveURL(/\/orders$/);
});

test('a customer opening /manage is turned away and no mf-manage file is fetched', async ({
  page,
}) => {
  const manageFiles: string[] = [];
  page.on('request', (request) => {
    if (/\/remotes\/manage\//.test(request.url())) manageFiles.push(request.url());
  });
  await signIn(page, DEMO.customer);
  await page.goto('/manage');
  await expect(page.getByRole('heading', { name: STAFF_REQUIRED })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  expect(manageFiles).toEqual([]);
});

test('the staff demo user signs in and opens /manage', async ({ page }) => {
  await signIn(page, DEMO.staff, '/manage');
  await expect(navBar(page).getByRole('navigation', { name: 'Staff' })).toBeVisible();
  await expectRenderedContent(area(page, 'manage'));
  await expect(page.getByRole('heading', { name: STAFF_REQUIRED })).toHaveCount(0);
});
