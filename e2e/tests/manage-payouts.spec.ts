import { readFile } from 'node:fs/promises';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, signIn, uniqueEmail } from '../support/accounts';
import { area } from '../support/app';
import { e2eEnv } from '../support/env';

// Money out as staff see it: two portal artists (approved, onboarded with a bank account,
// each with a published picture) sell prints on paid orders; one account is INVALID. Staff
// run payouts from Payments Due: the INVALID one is held back with its reason, the other is
// paid and the bank file downloaded. The account is fixed, the next run pays it. A payment
// marked FAILED is back in Payments Due.

const PASSWORD = 'a long enough passphrase';
const ROUTING = '011000015';

async function apiAs(credentials: { email: string; password: string }): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL: e2eEnv('baseUrl') });
  const response = await anonymous.post('/auth/jwt/create/', { data: credentials });
  expect(response.status()).toBe(200);
  const { access } = (await response.json()) as { access: string };
  await anonymous.dispose();
  return request.newContext({
    baseURL: e2eEnv('baseUrl'),
    extraHTTPHeaders: { authorization: `JWT ${access}` },
  });
}

const ok = async (response: Awaited<ReturnType<APIRequestContext['get']>>, what: string) => {
  if (response.status() >= 300) {
    throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  }
  return response.json() as Promise<Record<string, unknown>>;
};

/** Three real pictures (demo thumbnails) as base64, for samples and an upload. */
async function pictures(count: number): Promise<Buffer[]> {
  const api = await request.newContext({ baseURL: e2eEnv('baseUrl') });
  const page = (await (await api.get(`/api/images/?limit=${count}`)).json()) as {
    results: Array<{ thumb: string }>;
  };
  const files = [];
  for (const image of page.results.slice(0, count))
    files.push(await (await api.get(image.thumb)).body());
  await api.dispose();
  return files;
}

interface PortalArtist {
  name: string;
  email: string;
  api: APIRequestContext;
  identityToken: string;
  accountToken: string;
  accountNumber: string;
  imageId: number;
}

/** An artist through the portal API: apply, approval, onboarding, a published picture. */
async function portalArtist(
  staff: APIRequestContext,
  name: string,
  accountNumber: string,
): Promise<PortalArtist> {
  const email = uniqueEmail('payout-artist');
  const anonymous = await request.newContext({ baseURL: e2eEnv('baseUrl') });
  await ok(
    await anonymous.post('/auth/users/', { data: { email, password: PASSWORD, name } }),
    'register',
  );
  await anonymous.dispose();
  const api = await apiAs({ email, password: PASSWORD });
  await ok(
    await api.put('/api/artist-application/', {
      data: { full_name: name, email, practice: 'Photography', bio: 'Coastal light studies.' },
    }),
    'application',
  );
  const [first, ...rest] = await pictures(3);
  for (const [index, picture] of [first!, ...rest].entries()) {
    await ok(
      await api.post('/api/artist-application/samples/', {
        data: { name: `sample-${index}.jpg`, data: picture.toString('base64') },
      }),
      'sample',
    );
  }
  await ok(await api.post('/api/artist-application/submit/', { data: {} }), 'submit');
  const waiting = (await ok(
    await staff.get('/api/artist-applications/?waiting=true&limit=100'),
    'applications',
  )) as {
    results: Array<{ id: number; email: string }>;
  };
  const application = waiting.results.find((a) => a.email === email);
  await ok(
    await staff.post(`/api/artist-applications/${application?.id}/decision/`, {
      data: { decision: 'approve', message: 'Welcome.' },
    }),
    'approve',
  );
  const royalty = (await ok(await api.get('/api/artist-onboarding/royalty/'), 'royalty')) as {
    agreement: { version: string };
  };
  await ok(
    await api.post('/api/artist-onboarding/royalty/', {
      data: { accept: true, version: royalty.agreement.version },
    }),
    'accept royalty',
  );
  await ok(
    await api.put('/api/artist-onboarding/tax/', {
      data: {
        form: 'W-9',
        legal_name: name,
        tax_classification: 'individual',
        address: { line1: '1 Main St', city: 'Springfield', country: 'US' },
        tin_type: 'SSN',
        tin: '123-45-6789',
        certify: true,
      },
    }),
    'tax form',
  );
  const [firstName = name, ...last] = name.split(' ');
  await ok(
    await api.put('/api/artist-payee/', { data: { firstName, lastName: last.join(' '), email } }),
    'payee',
  );
  const payee = (await ok(
    await api.post('/api/artist-payee/accounts/', {
      data: {
        type: 'bank-accounts',
        country: 'US',
        accountHolder: name,
        routingNumber: ROUTING,
        accountNumber,
      },
    }),
    'account',
  )) as { identity: { token: string }; accounts: Array<{ token: string }> };

  // A picture of theirs, uploaded (tus), approved and published: the catalogue artist.
  const bytes = first!;
  const created = await api.post('/api/files/', {
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${Buffer.from('harbour.jpg').toString('base64')}`,
    },
  });
  expect(created.status()).toBe(201);
  const location = created.headers()['location']!;
  const patched = await api.patch(location, {
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    data: bytes,
  });
  expect(patched.status()).toBe(204);
  const upload = (await ok(
    await api.post('/api/upload/', {
      data: { name: `${name} harbour`, file: location.split('/').pop() },
    }),
    'upload',
  )) as { id: number };
  await expect
    .poll(
      async () =>
        ((await (await staff.get(`/api/upload/${upload.id}/`)).json()) as { status: string })
          .status,
      {
        timeout: 60_000,
      },
    )
    .toBe('ready');
  await ok(await staff.post(`/api/upload/${upload.id}/approve/`, { data: {} }), 'approve upload');
  await ok(await staff.post(`/api/upload/${upload.id}/publish/`, { data: {} }), 'publish upload');
  let imageId = 0;
  await expect
    .poll(
      async () => {
        const art = (await (await api.get('/api/artist-portal/art/?limit=50')).json()) as {
          results?: Array<{ id: number; published: boolean }>;
        };
        imageId = art.results?.find((a) => a.published)?.id ?? 0;
        return imageId;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  return {
    name,
    email,
    api,
    identityToken: payee.identity.token,
    accountToken: payee.accounts[0]!.token,
    accountNumber,
    imageId,
  };
}

/** A customer's paid order of a large print of each given picture. */
async function paidOrder(staff: APIRequestContext, imageIds: number[]) {
  const customer = await apiAs(DEMO.customer);
  const created = (await ok(
    await customer.post('/api/v2/projects/', { data: { name: 'Payout prints' } }),
    'project',
  )) as {
    token: string;
  };
  for (const imageId of imageIds) {
    await ok(
      await customer.post(`/api/v2/projects/${created.token}/items/`, {
        data: {
          imagedata: imageId,
          size: { w: 36, h: 24 },
          substrate: 'print',
          action: 'add',
          quantity: 3,
        },
      }),
      'add',
    );
  }
  const order = (await ok(
    await customer.post(`/api/v2/projects/${created.token}/checkout/`, {
      headers: { 'idempotency-key': `payouts-e2e-${Date.now()}` },
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
        payment_method: 'invoice',
      },
    }),
    'checkout',
  )) as { id: number; status: string };
  if (order.status !== 'paid') {
    await ok(
      await staff.patch(`/api/v2/orders/${order.id}/`, { data: { status: 'paid' } }),
      'mark paid',
    );
  }
  await customer.dispose();
}

const manage = (page: Page) => area(page, 'manage');

/** PAYOUTS_SCREENSHOTS=<dir>: the screen at 1366 and 390 px wide, for a person to look at. */
async function shoot(page: Page, name: string) {
  const dir = process.env.PAYOUTS_SCREENSHOTS;
  if (!dir) return;
  const size = page.viewportSize() ?? { width: 1366, height: 900 };
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

async function runPayouts(page: Page) {
  await page.goto('/manage/payment-due');
  await manage(page).getByRole('button', { name: 'Run payouts' }).click();
  await expect(page).toHaveURL(/\/manage\/payment-due\/run$/);
}

/** What the run screen shows: 'done', an alert's text, or the confirmation still open. */
async function runOutcome(page: Page): Promise<string> {
  if (await manage(page).getByRole('heading', { name: 'Payout run done' }).isVisible()) {
    return 'done';
  }
  const alerts = await manage(page).getByRole('alert').allInnerTexts();
  if (alerts.length > 0) return `alert: ${alerts.join(' | ')}`;
  const confirming = page.getByRole('dialog', { name: 'Execute this payout run?' });
  return (await confirming.isVisible()) ? 'the confirmation is still open' : 'nothing yet';
}

/** Executes the previewed run and waits for its result, saying what showed instead. */
async function executeRun(page: Page) {
  await manage(page).getByRole('button', { name: 'Execute payout run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Execute this payout run?' });
  await dialog.getByRole('button', { name: 'Execute' }).click();
  await expect.poll(() => runOutcome(page), { timeout: 30_000 }).toBe('done');
}

test('staff run payouts: an INVALID account is held back, fixed, then paid; a FAILED payment is due again', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36);
  const staff = await apiAs(DEMO.staff);
  const ada = await portalArtist(staff, `Ada Payout${suffix}`, '000111222333');
  const bea = await portalArtist(staff, `Bea Payout${suffix}`, '000444555666');
  // Two orders: each artist's royalties pass the $25.00 minimum together.
  await paidOrder(staff, [ada.imageId, bea.imageId]);
  await paidOrder(staff, [ada.imageId, bea.imageId]);
  await ok(
    await staff.post(
      `/api/artist-identity/${bea.identityToken}/bank-accounts/${bea.accountToken}/status-transitions/`,
      { data: { transitionTo: 'INVALID', notes: 'The bank says the account number is wrong' } },
    ),
    'account INVALID',
  );

  // Payments Due lists both; the run holds Bea back and pays Ada.
  await signIn(page, DEMO.staff, '/manage/payment-due');
  const dueSearch = manage(page).getByRole('searchbox', { name: 'Search Payments Due' });
  await dueSearch.fill(suffix);
  await dueSearch.press('Enter');
  const due = manage(page).getByRole('table', { name: 'Payments Due' });
  await expect(due.getByRole('link', { name: ada.name })).toBeVisible();
  await expect(due.getByRole('link', { name: bea.name })).toBeVisible();
  await shoot(page, 'payment-due');

  await runPayouts(page);
  const held = manage(page).getByRole('table', { name: 'Held back' });
  await expect(held.getByRole('row', { name: new RegExp(bea.name) })).toContainText(
    'The payout account is INVALID.',
  );
  const paid = manage(page).getByRole('table', { name: 'To be paid' });
  await expect(paid.getByRole('row', { name: new RegExp(ada.name) })).toContainText(
    `•••• ${ada.accountNumber.slice(-4)}`,
  );
  await expect(paid.getByRole('row', { name: new RegExp(bea.name) })).toHaveCount(0);
  await shoot(page, 'run-preview');
  await executeRun(page);
  const runPayments = manage(page).getByRole('list', { name: 'Payments of this run' });
  await expect(runPayments.getByRole('link', { name: ada.name })).toBeVisible();
  await expect(runPayments.getByRole('link', { name: bea.name })).toHaveCount(0);
  await shoot(page, 'run-done');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    manage(page).getByRole('button', { name: 'Download bank file (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^atelier-payout-run-.*\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const [header, ...rows] = csv.trim().split('\r\n');
  expect(header).toContain('payment_token,artist_name,royalty_code');
  const adaRow = rows.find((row) => row.includes(ada.name));
  expect(adaRow).toContain(`,${ROUTING},${ada.accountNumber},`);
  expect(rows.some((row) => row.includes(bea.name))).toBe(false);

  // The account is fixed; the next run pays Bea.
  await ok(
    await staff.post(
      `/api/artist-identity/${bea.identityToken}/bank-accounts/${bea.accountToken}/status-transitions/`,
      { data: { transitionTo: 'ACTIVATED', notes: 'Corrected by the artist' } },
    ),
    'account ACTIVATED',
  );
  await runPayouts(page);
  await expect(
    manage(page)
      .getByRole('table', { name: 'To be paid' })
      .getByRole('row', { name: new RegExp(bea.name) }),
  ).toContainText(`•••• ${bea.accountNumber.slice(-4)}`);
  await executeRun(page);
  await manage(page)
    .getByRole('list', { name: 'Payments of this run' })
    .getByRole('link', { name: bea.name })
    .click();

  // Bea's payment fails at the bank: it is due again.
  await expect(
    manage(page).getByRole('heading', { name: new RegExp(`^${bea.name}: \\$`) }),
  ).toBeVisible();
  await manage(page).getByText('Mark Failed').click();
  await manage(page).getByRole('textbox', { name: 'Notes' }).fill('Rejected by the bank');
  await manage(page).getByRole('button', { name: 'Record status' }).click();
  await expect(manage(page).getByText('Failed', { exact: true })).toBeVisible();
  await expect(manage(page).getByRole('button', { name: 'Re-issue payment' })).toBeVisible();
  await shoot(page, 'artist-payment');
  await page.goto(`/manage/payment-due?search=${suffix}`);
  const dueAgain = manage(page).getByRole('table', { name: 'Payments Due' });
  await expect(dueAgain.getByRole('link', { name: bea.name })).toBeVisible();
  await expect(dueAgain.getByRole('link', { name: ada.name })).toHaveCount(0);
  await dueAgain.getByRole('link', { name: bea.name }).click();
  await expect(
    manage(page).getByRole('table', { name: `Order lines due to ${bea.name}` }),
  ).toBeVisible();
  await shoot(page, 'payment-due-detail');
  await page.goto('/manage/artist-payment');
  await expect(manage(page).getByRole('table', { name: 'Artist Payments' })).toBeVisible();
  await shoot(page, 'artist-payments');

  await staff.dispose();
  await ada.api.dispose();
  await bea.api.dispose();
});
