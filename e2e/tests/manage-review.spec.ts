import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, signIn, uniqueEmail } from '../support/accounts';
import { area, navBar } from '../support/app';
import { e2eEnv } from '../support/env';

/**
 * Staff review screens (issue 14), as staff use them: the artist application queue (approve
 * with a message the applicant then reads on /artist/message; decline another), the staff
 * upload form for a publisher, publishing it into search, and marking a payout account
 * INVALID with notes. Applicants and their payout details are set up through the API.
 */

const PASSWORD = 'a long enough passphrase';
const manage = (page: Page) => area(page, 'manage');

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

/** Real pictures: thumbnails of the demo catalogue (JPEG, a few hundred pixels a side). */
async function demoPictures(count: number): Promise<Buffer[]> {
  const api = await request.newContext({ baseURL: e2eEnv('baseUrl') });
  const page = (await (await api.get(`/api/images/?limit=${count}`)).json()) as {
    results: Array<{ thumb: string }>;
  };
  const pictures = [];
  for (const image of page.results.slice(0, count)) {
    pictures.push(await (await api.get(image.thumb)).body());
  }
  await api.dispose();
  return pictures;
}

/** A new user who has sent an artist application with three samples. */
async function applicant(email: string, fullName: string): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL: e2eEnv('baseUrl') });
  const registered = await anonymous.post('/auth/users/', {
    data: { email, password: PASSWORD, name: fullName },
  });
  expect(registered.status()).toBe(201);
  await anonymous.dispose();
  const api = await apiAs({ email, password: PASSWORD });
  const info = await api.put('/api/artist-application/', {
    data: {
      full_name: fullName,
      email,
      practice: 'Cyanotypes of coastal plants',
      bio: 'Sun prints made on the shore.',
      location: 'Aberdeen, Scotland',
      links: ['https://example.com/portfolio'],
    },
  });
  expect(info.status()).toBe(200);
  for (const [index, picture] of (await demoPictures(3)).entries()) {
    const sample = await api.post('/api/artist-application/samples/', {
      data: { name: `sample-${index + 1}.jpg`, data: picture.toString('base64') },
    });
    expect(sample.status()).toBe(201);
  }
  expect((await api.post('/api/artist-application/submit/')).status()).toBe(200);
  return api;
}

/** Staff open an application from the manage queue (awaiting review is the default list). */
async function openApplication(page: Page, fullName: string): Promise<void> {
  await page.goto('/manage');
  await manage(page)
    .getByRole('navigation', { name: 'Manage' })
    .getByRole('link', { name: 'Artist Applications' })
    .click();
  await expect(page).toHaveURL(/\/manage\/artist-application$/);
  const queue = manage(page).getByRole('list', { name: 'Applications' });
  await queue.getByRole('link', { name: fullName }).click();
  await expect(manage(page).getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await expect(manage(page).getByRole('list', { name: 'Samples' }).getByRole('img')).toHaveCount(3);
}

test('staff approve and decline applications, upload and publish for a publisher, and mark a payout account INVALID', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const tag = Date.now().toString(36);
  const approvedEmail = uniqueEmail('review-approved');
  const approvedName = `Isla Approved ${tag}`;
  const declinedName = `Rowan Declined ${tag}`;
  const approvedApi = await applicant(approvedEmail, approvedName);
  const declinedApi = await applicant(uniqueEmail('review-declined'), declinedName);

  // Approve with a message, from the manage queue.
  await signIn(page, DEMO.staff, '/manage');
  await openApplication(page, approvedName);
  const welcome = `Welcome aboard, Isla (${tag}).`;
  await manage(page).getByLabel('Message to the applicant').fill(welcome);
  await manage(page).getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Approve this application?');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(manage(page).getByText(/^Approved on /)).toBeVisible();
  await expect(manage(page).getByText(`Message: ${welcome}`)).toBeVisible();

  // The applicant reads it on /artist/message.
  const applicantContext = await browser.newContext();
  const applicantPage = await applicantContext.newPage();
  await signIn(applicantPage, { email: approvedEmail, password: PASSWORD }, '/artist/message');
  await expect(
    area(applicantPage, 'artist').getByText('Your application is approved'),
  ).toBeVisible();
  await expect(area(applicantPage, 'artist').getByText(welcome)).toBeVisible();
  await applicantContext.close();

  // Decline another: a decline needs a message.
  await openApplication(page, declinedName);
  await manage(page).getByRole('button', { name: 'Decline' }).click();
  await expect(manage(page).getByText(/a decline needs a message/)).toBeVisible();
  await manage(page).getByLabel('Message to the applicant').fill('Not a fit for us yet.');
  await manage(page).getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
  await expect(manage(page).getByText(/^Declined on /)).toBeVisible();
  const declined = (await (await declinedApi.get('/api/artist-application/')).json()) as {
    decision: string;
    decision_message: string;
  };
  expect(declined).toMatchObject({
    decision: 'declined',
    decision_message: 'Not a fit for us yet.',
  });

  // Staff upload a picture for a publisher from the staff bar's Upload link.
  const staffApi = await apiAs(DEMO.staff);
  const publisherName = `Tidewater Press ${tag}`;
  expect((await staffApi.post('/api/publisher/', { data: { name: publisherName } })).status()).toBe(
    201,
  );
  await navBar(page)
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Upload' })
    .click();
  await expect(page).toHaveURL(/\/manage\/upload\/new$/);
  const [picture] = await demoPictures(1);
  await manage(page)
    .locator('input[type=file]')
    .setInputFiles({ name: `kelp-${tag}.jpg`, mimeType: 'image/jpeg', buffer: picture! });
  const queued = manage(page).getByRole('listitem', { name: `kelp-${tag}.jpg` });
  await expect(queued).toContainText('Uploaded');
  const word = `kelpforest${tag}`;
  await manage(page).getByLabel('Name', { exact: true }).fill(`Kelp ${word}`);
  await manage(page).getByLabel('Location').fill('Oban, Scotland');
  await manage(page).getByRole('radio', { name: 'A publisher' }).check();
  const lookup = manage(page).getByRole('combobox', { name: 'Publisher' });
  await lookup.fill(`Tidewater Press ${tag}`);
  await page.locator('.ant-select-item-option', { hasText: publisherName }).click();
  await expect(manage(page).getByLabel('Chosen publisher')).toHaveText(publisherName);
  await manage(page).getByRole('button', { name: 'Save upload' }).click();
  await expect(page).toHaveURL(/\/manage\/upload\/\d+$/);
  const uploadId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(manage(page).getByRole('heading', { level: 1, name: `Kelp ${word}` })).toBeVisible();
  await expect(manage(page).getByText(`Publisher: ${publisherName}`)).toBeVisible();
  await expect(manage(page).getByRole('img', { name: `Kelp ${word}` })).toBeVisible();
  await expect(manage(page).getByRole('table', { name: /Print-readiness/ })).toBeVisible();

  // It is listed for review; approve, then publish: search finds it.
  await page.goto(`/manage/upload?review=pending&search=${encodeURIComponent(publisherName)}`);
  await manage(page)
    .getByRole('list', { name: 'Uploads' })
    .getByRole('link', { name: `Kelp ${word}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/manage/upload/${uploadId}$`));
  await manage(page).getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  const publish = manage(page).getByRole('button', { name: 'Publish' });
  await expect(publish).toBeEnabled();
  await publish.click();
  await expect(
    manage(page).getByText('Published: in the catalogue and found by search.'),
  ).toBeVisible({ timeout: 30_000 });
  const found = (await (await staffApi.get(`/content/search/v3/?q=${word}`)).json()) as {
    images: Array<{ title: string }>;
  };
  expect(found.images.map((image) => image.title)).toContain(`Kelp ${word}`);

  // The approved artist onboards (API) to a bank account; staff mark it INVALID.
  const royalty = (await (await approvedApi.get('/api/artist-onboarding/royalty/')).json()) as {
    agreement: { version: string };
  };
  expect(
    (
      await approvedApi.post('/api/artist-onboarding/royalty/', {
        data: { accept: true, version: royalty.agreement.version },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await approvedApi.put('/api/artist-onboarding/tax/', {
        data: {
          form: 'W-9',
          legal_name: approvedName,
          tax_classification: 'individual',
          address: {
            line1: '1 Shore Rd',
            city: 'Springfield',
            region: 'IL',
            postal_code: '62701',
            country: 'US',
          },
          tin_type: 'SSN',
          tin: '123-45-6789',
          certify: true,
        },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await approvedApi.put('/api/artist-payee/', {
        data: { firstName: 'Isla', lastName: `Approved ${tag}`, email: approvedEmail },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await approvedApi.post('/api/artist-payee/accounts/', {
        data: {
          type: 'bank-accounts',
          country: 'US',
          accountHolder: approvedName,
          routingNumber: '011000015',
          accountNumber: '000123456789',
        },
      })
    ).status(),
  ).toBe(201);

  await page.goto('/manage');
  await manage(page)
    .getByRole('navigation', { name: 'Manage' })
    .getByRole('link', { name: 'Artist Identities' })
    .click();
  await manage(page)
    .getByRole('link', { name: `Isla Approved ${tag}` })
    .click();
  await expect(
    manage(page).getByRole('heading', { level: 1, name: `Isla Approved ${tag}` }),
  ).toBeVisible();
  const banks = manage(page).getByRole('region', { name: 'Bank accounts' });
  await expect(banks).toContainText('Default');
  await banks.getByRole('link', { name: '•••• 6789' }).click();
  await expect(manage(page).getByRole('heading', { level: 1, name: '•••• 6789' })).toBeVisible();
  const history = manage(page).getByRole('list', { name: 'Status transitions' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await manage(page).getByRole('combobox', { name: 'New status' }).click();
  await page.locator('.ant-select-item-option', { hasText: /^Invalid$/ }).click();
  await manage(page).getByLabel('Notes').fill('The bank says the account is closed.');
  await manage(page).getByRole('button', { name: 'Change status' }).click();
  await expect(history.getByRole('listitem')).toHaveCount(2);
  const made = history.getByRole('link', { name: 'Activated → Invalid' });
  await expect(made).toBeVisible();
  await made.click();
  await expect(
    manage(page).getByRole('heading', { level: 1, name: 'Activated → Invalid' }),
  ).toBeVisible();
  await expect(manage(page).getByText('The bank says the account is closed.')).toBeVisible();

  await approvedApi.dispose();
  await declinedApi.dispose();
  await staffApi.dispose();
});
