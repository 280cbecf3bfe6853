import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, accountButton, signIn, submitCredentials, uniqueEmail } from '../support/accounts';
import { area, navBar } from '../support/app';
import { e2eEnv } from '../support/env';

// The artist's path as a person walks it: apply with samples, staff approve (through the
// staff API until the manage review screen exists), onboarding (royalty, W-9, bank account),
// then the Artist Profile link; and the demo artist seeing a customer's order of their work.

const PASSWORD = 'a long enough passphrase';

interface TokenPair {
  access: string;
}

/** An API context signed in as `credentials` (JWT, as the front ends send it). */
async function apiAs(credentials: { email: string; password: string }): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL: e2eEnv('baseUrl') });
  const response = await anonymous.post('/auth/jwt/create/', { data: credentials });
  expect(response.status()).toBe(200);
  const { access } = (await response.json()) as TokenPair;
  await anonymous.dispose();
  return request.newContext({
    baseURL: e2eEnv('baseUrl'),
    extraHTTPHeaders: { authorization: `JWT ${access}` },
  });
}

/** Small real pictures for the samples: thumbnails of the demo catalogue. */
async function samplePictures(count: number) {
  const api = await request.newContext({ baseURL: e2eEnv('baseUrl') });
  const page = (await (await api.get(`/api/images/?limit=${count}`)).json()) as {
    results: Array<{ thumb: string }>;
  };
  const files = [];
  for (const [index, image] of page.results.slice(0, count).entries()) {
    const body = await (await api.get(image.thumb)).body();
    files.push({ name: `sample-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer: body });
  }
  await api.dispose();
  return files;
}

const artistArea = (page: Page) => area(page, 'artist');

test('a new artist applies with samples, is approved, onboards and gets the Artist Profile link', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('artist-apply');

  // Apply: sign up from the portal, then about you.
  await page.goto('/artist/apply');
  await artistArea(page).getByRole('link', { name: 'Start application' }).click();
  await expect(page).toHaveURL(/\/artist\/apply\/login$/);
  await artistArea(page).getByRole('link', { name: 'Create an account' }).click();
  await submitCredentials(page.locator('main'), { email, password: PASSWORD }, 'Sign Up');
  await expect(page).toHaveURL(/\/artist\/apply\/info$/);
  const about = page.getByRole('form', { name: 'About you' });
  await about.getByLabel('Full name').fill('Noor Painter');
  await about.getByLabel('Your practice').fill('Oil on linen');
  await about.getByLabel('About your work').fill('Large quiet landscapes of the Douro valley.');
  await about.getByLabel('Location').fill('Porto, Portugal');
  await about.getByLabel('Links').fill('https://noor.example/portfolio');
  await about.getByRole('button', { name: 'Save and continue' }).click();

  // Samples: a text file named .jpg is refused by its content; three pictures are taken.
  await expect(page).toHaveURL(/\/artist\/apply\/sample$/);
  const send = page.getByRole('button', { name: 'Send application' });
  await expect(send).toBeDisabled();
  const input = page.locator('input[type=file]');
  await input.setInputFiles({
    name: 'not-a-picture.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('this is text, not a picture'),
  });
  await expect(
    page.getByText(/not-a-picture\.jpg: Upload a JPEG, PNG or WebP picture\./),
  ).toBeVisible();
  await input.setInputFiles(await samplePictures(3));
  await expect(page.getByRole('img', { name: /^sample-\d\.jpg$/ })).toHaveCount(3);
  await send.click();
  await expect(page).toHaveURL(/\/artist\/apply\/applied$/);
  await expect(artistArea(page).getByText('Application sent')).toBeVisible();

  // Staff approve through the staff-only API; the applicant cannot.
  const applicant = await apiAs({ email, password: PASSWORD });
  const staff = await apiAs(DEMO.staff);
  const waiting = (await (await staff.get('/api/artist-applications/?waiting=true')).json()) as {
    results: Array<{ id: number; email: string; samples: unknown[] }>;
  };
  const application = waiting.results.find((a) => a.email === email);
  expect(application?.samples).toHaveLength(3);
  const decision = `/api/artist-applications/${application?.id}/decision/`;
  expect((await applicant.post(decision, { data: { decision: 'approve' } })).status()).toBe(403);
  const approved = await staff.post(decision, {
    data: { decision: 'approve', message: 'Welcome, Noor: your landscapes are lovely.' },
  });
  expect(approved.status()).toBe(200);

  // The decision and the message, then onboarding.
  await page.goto('/artist/message');
  await expect(artistArea(page).getByText('Your application is approved')).toBeVisible();
  await expect(
    artistArea(page).getByText('Welcome, Noor: your landscapes are lovely.'),
  ).toBeVisible();
  await artistArea(page).getByRole('link', { name: 'Set up your account' }).click();
  await expect(page).toHaveURL(/\/artist\/new\/royalty$/);
  await expect(artistArea(page).getByText('Standard', { exact: true })).toBeVisible();
  await expect(
    artistArea(page).getByText("25% of each print's price", { exact: true }),
  ).toBeVisible();
  await artistArea(page)
    .getByRole('checkbox', { name: /accept the artist agreement/ })
    .check();
  await artistArea(page).getByRole('button', { name: 'Accept and continue' }).click();

  await expect(page).toHaveURL(/\/artist\/new\/tax$/);
  const tax = page.getByRole('form', { name: 'Tax form' });
  await expect(tax.getByRole('heading', { name: 'Form W-9' })).toBeVisible();
  await tax.getByLabel('Name (as shown on your income tax return)').fill('Noor Painter');
  await tax.getByLabel('Social security number').fill('666-12-3456');
  await tax.getByLabel('Address line 1').fill('1 Main St');
  await tax.getByLabel('City').fill('Springfield');
  await tax.getByRole('checkbox', { name: /I certify/ }).check();
  await tax.getByRole('button', { name: 'Save and continue' }).click();
  await expect(tax.getByText('Enter a valid SSN (9 digits, e.g. 123-45-6789).')).toBeVisible();
  await tax.getByLabel('Social security number').fill('123-45-6789');
  await tax.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(/\/artist\/new\/payment$/);
  const payee = page.getByRole('form', { name: 'Payee details' });
  await payee.getByLabel('First name').fill('Noor');
  await payee.getByLabel('Last name').fill('Painter');
  await payee.getByRole('button', { name: 'Save and add an account' }).click();
  const account = page.getByRole('form', { name: 'Add a payout account' });
  await account.getByLabel('Account holder').fill('Noor Painter');
  await account.getByLabel('Routing number').fill('011000016');
  await account.getByLabel('Account number').fill('000123456789');
  await account.getByRole('button', { name: 'Add account' }).click();
  await expect(account.getByText('Enter a valid 9-digit ABA routing number.')).toBeVisible();
  await account.getByLabel('Routing number').fill('011000015');
  await account.getByRole('button', { name: 'Add account' }).click();
  await expect(artistArea(page).getByText('Your artist account is ready')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Payout accounts' }).getByText('Bank •••• 6789'),
  ).toBeVisible();

  // application_stage is 'payment', and the My Account menu has the Artist Profile link.
  const profile = (await (await applicant.get('/api/v2/profile/')).json()) as {
    application_stage: string;
  };
  expect(profile.application_stage).toBe('payment');
  const tin = await applicant.get('/api/artist-onboarding/tax/');
  expect(await tin.text()).not.toContain('123456789');
  await accountButton(page, email).click();
  const menu = navBar(page).getByRole('list', { name: 'My Account' });
  await menu.getByRole('link', { name: 'Artist Profile' }).click();
  await expect(page).toHaveURL(/\/artist\/profile$/);
  await expect(artistArea(page).getByRole('heading', { name: 'Noor Painter' })).toBeVisible();
  await applicant.dispose();
  await staff.dispose();
});

test("the demo artist sees a customer's order of their picture, with the royalty", async ({
  page,
}) => {
  const artist = await apiAs(DEMO.artist);
  const art = (await (await artist.get('/api/artist-portal/art/?limit=50')).json()) as {
    results: Array<{
      id: number;
      title: string;
      published: boolean;
      orders: number;
      prints_sold: number;
      royalties: number;
    }>;
  };
  const picture = art.results.find((a) => a.published);
  if (!picture) throw new Error('the demo artist owns no published picture');

  // A customer orders a print of it (purchase order).
  const customer = await apiAs(DEMO.customer);
  const created = await customer.post('/api/v2/projects/', { data: { name: 'Artist e2e' } });
  const { token } = (await created.json()) as { token: string };
  const added = await customer.post(`/api/v2/projects/${token}/items/`, {
    data: { imagedata: picture.id, size: { w: 16, h: 12 }, substrate: 'print', action: 'add' },
  });
  expect(added.status()).toBeLessThan(300);
  const ordered = await customer.post(`/api/v2/projects/${token}/checkout/`, {
    headers: { 'idempotency-key': `artist-e2e-${Date.now()}` },
    data: {
      email: DEMO.customer.email,
      shipping_address: {
        name: 'Casey Customer',
        line1: '1 Gallery Way',
        city: 'Portland',
        region: 'OR',
        postal_code: '97201',
        country: 'US',
      },
      payment_method: 'purchase_order',
      po_number: 'PO-ART-1',
    },
  });
  expect(ordered.status()).toBe(201);
  const { order_id: orderId } = (await ordered.json()) as { order_id: number };
  const after = (await (await artist.get(`/api/artist-portal/art/${picture.id}/`)).json()) as {
    orders: number;
    royalties: number;
    prints_sold: number;
  };
  expect(after.orders).toBe(picture.orders + 1);
  expect(after.prints_sold).toBe(picture.prints_sold + 1);
  expect(after.royalties).toBeGreaterThan(picture.royalties);

  await signIn(page, DEMO.artist, '/artist/art');
  const list = page.getByRole('region', { name: 'Your pictures' });
  const row = list.getByRole('link', { name: new RegExp(picture.title) }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Published');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/artist/art/${picture.id}$`));
  await expect(artistArea(page).getByRole('heading', { name: picture.title })).toBeVisible();
  const sale = artistArea(page).getByRole('row', { name: new RegExp(`Order #${orderId}`) });
  await expect(sale).toContainText('16″ × 12″ print');
  await expect(sale).toContainText('$');
  await artist.dispose();
  await customer.dispose();
});
