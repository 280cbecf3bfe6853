import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { e2eEnv } from './env';
import { navBar } from './app';

/** The demo accounts the server creates with the demo catalogue (README: demo only). */
export const DEMO = {
  customer: { email: 'customer@example.com', password: 'demo-customer-pass' },
  artist: { email: 'artist@example.com', password: 'demo-artist-pass' },
  staff: { email: 'staff@example.com', password: 'demo-staff-pass' },
} as const;

/** An address no other test (or earlier run against the same data) has used. */
export const uniqueEmail = (label: string): string =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The My Account menu button, labelled with the user's name or email. */
export const accountButton = (page: Page, nameOrEmail: string): Locator =>
  navBar(page).getByRole('button', { name: `My Account: ${nameOrEmail}` });

/** Fills and sends a sign-in or sign-up form inside `scope`. */
export async function submitCredentials(
  scope: Locator | Page,
  credentials: { email: string; password: string },
  button: 'Sign In' | 'Sign Up' = 'Sign In',
): Promise<void> {
  await scope.getByLabel('Email').fill(credentials.email);
  await scope.getByLabel('Password', { exact: true }).fill(credentials.password);
  await scope.getByRole('button', { name: button }).click();
}

/** Signs in through /accounts/login as a person would, and waits for the account menu. */
export async function signIn(
  page: Page,
  credentials: { email: string; password: string },
  redirect = '/',
): Promise<void> {
  await page.goto(`/accounts/login?redirect=${encodeURIComponent(redirect)}`);
  await submitCredentials(page.locator('main'), credentials);
  await expect(page).toHaveURL((url) => url.pathname === redirect.split('?')[0]);
  await expect(navBar(page).getByRole('button', { name: /^My Account: / })).toBeVisible();
}

const outboxDir = (dataDir?: string): string =>
  path.join(dataDir ?? path.join(e2eEnv('runDir'), 'data'), 'outbox');

/** The text of the newest email in the server's outbox sent to `to`, waiting for it. */
export async function latestEmailTo(to: string, dataDir?: string): Promise<string> {
  const dir = outboxDir(dataDir);
  let found = '';
  await expect
    .poll(
      async () => {
        const names = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
        for (const name of names) {
          const text = await readFile(path.join(dir, name), 'utf8');
          if (text.includes(to)) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { message: `an email to ${to} in ${dir}` },
    )
    .toBe(true);
  return found;
}

/** The reset link of a password-reset email. */
export function resetLinkIn(email: string): URL {
  const match = /https?:\/\/\S+\/accounts\/reset-password-confirm\/[^\s/]+\/[^\s/]+/.exec(email);
  if (!match) throw new Error(`no reset link in the email:\n${email}`);
  return new URL(match[0]);
}
