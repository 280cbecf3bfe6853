import { expect, test, type Page } from '@playwright/test';
import { DEMO, accountButton, submitCredentials, uniqueEmail } from '../support/accounts';
import { area, navBar } from '../support/app';
import { apiAs, orderPrint, png, samplePictures, usd } from '../support/artist';

/**
 * Issue 13's end-to-end walk, as one story: a new user applies with samples → staff approve
 * (the staff API, until the manage review screen exists) → onboarding in the UI (royalty
 * agreement, W-9, bank account) → stage 'payment' and the Artist Profile link → the new
 * artist uploads two pictures, one interrupted (the connection drops on its second chunk) and
 * resumed → staff approve and publish one (API) → storefront search finds it → a customer
 * orders it → the artist sees the sale and the royalty on /artist/art/:id.
 */

const PASSWORD = 'a long enough passphrase';

interface UploadJson {
  id: number;
  name: string;
  image: number | null;
  status: string;
}

const artistArea = (page: Page) => area(page, 'artist');
const pictureRow = (page: Page, fileName: string) =>
  artistArea(page).getByRole('listitem', { name: fileName });

test('a new artist applies, is approved, onboards, uploads, is published, sells and sees the royalty', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('artist-journey');
  const word = `quokka${Date.now().toString(36)}`;

  await test.step('apply with samples', async () => {
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

    // A text file named .jpg is refused by its content; three pictures are taken.
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
    const samples = page.getByRole('img', { name: /^sample-\d\.jpg$/ });
    await expect(samples).toHaveCount(3);
    // The private samples load in the applicant's browser (signed URLs, not /media).
    for (const sample of await samples.all()) {
      await expect(sample).toHaveAttribute('src', /^\/api\/artist-samples\/\d+\/\?expires=/);
      await expect
        .poll(() => sample.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await send.click();
    await expect(page).toHaveURL(/\/artist\/apply\/applied$/);
    await expect(artistArea(page).getByText('Application sent')).toBeVisible();
  });

  const applicant = await apiAs({ email, password: PASSWORD });
  const staff = await apiAs(DEMO.staff);

  await test.step('staff approve (the applicant cannot); a stranger cannot see the samples', async () => {
    const waiting = (await (await staff.get('/api/artist-applications/?waiting=true')).json()) as {
      results: Array<{ id: number; email: string; samples: Array<{ id: number; url: string }> }>;
    };
    const application = waiting.results.find((a) => a.email === email);
    expect(application?.samples).toHaveLength(3);
    const stranger = await apiAs(DEMO.customer);
    const sampleId = application?.samples[0]?.id;
    expect((await stranger.get(`/api/artist-samples/${sampleId}/`)).status()).toBe(404);
    await stranger.dispose();
    const decision = `/api/artist-applications/${application?.id}/decision/`;
    expect((await applicant.post(decision, { data: { decision: 'approve' } })).status()).toBe(403);
    const approved = await staff.post(decision, {
      data: { decision: 'approve', message: 'Welcome, Noor: your landscapes are lovely.' },
    });
    expect(approved.status()).toBe(200);
  });

  await test.step('onboard: royalty agreement, W-9, bank account', async () => {
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
  });

  await test.step("stage 'payment': the My Account menu shows Artist Profile", async () => {
    const profile = (await (await applicant.get('/api/v2/profile/')).json()) as {
      application_stage: string;
    };
    expect(profile.application_stage).toBe('payment');
    expect(await (await applicant.get('/api/artist-onboarding/tax/')).text()).not.toContain(
      '123456789',
    );
    await accountButton(page, email).click();
    const menu = navBar(page).getByRole('list', { name: 'My Account' });
    await menu.getByRole('link', { name: 'Artist Profile' }).click();
    await expect(page).toHaveURL(/\/artist\/profile$/);
    await expect(artistArea(page).getByRole('heading', { name: 'Noor Painter' })).toBeVisible();
  });

  await test.step('upload two pictures, one interrupted and resumed', async () => {
    // Over one 8 MB chunk, so that it travels in two PATCH requests.
    const large = png(2100, 1500, true);
    const small = png(900, 600, false);
    expect(large.length).toBeGreaterThan(9 * 1024 * 1024);
    // The connection drops once, on the large picture's second chunk.
    const patches: string[] = [];
    let dropped = false;
    await page.route('**/api/files/*', async (route) => {
      const req = route.request();
      if (req.method() === 'PATCH') {
        const offset = Number(req.headers()['upload-offset']);
        patches.push(`${offset}`);
        if (!dropped && offset > 0) {
          dropped = true;
          await route.abort('connectionreset');
          return;
        }
      }
      await route.continue();
    });

    await page.goto('/artist/upload/advanced');
    const main = artistArea(page);
    await expect(main.getByRole('heading', { name: 'Upload', level: 1 })).toBeVisible();
    await main.locator('input[type=file]').setInputFiles([
      { name: 'harbour-master.png', mimeType: 'image/png', buffer: large },
      { name: 'quiet-field.png', mimeType: 'image/png', buffer: small },
    ]);
    for (const file of ['harbour-master.png', 'quiet-field.png']) {
      await expect(pictureRow(page, file).getByText('Uploaded')).toBeVisible({ timeout: 90_000 });
    }
    expect(dropped).toBe(true);
    // After the drop, the same offset was sent again: resumed, not restarted from zero.
    const resumedAt = patches.filter((offset) => offset !== '0');
    expect(resumedAt.length).toBeGreaterThanOrEqual(2);
    expect(new Set(resumedAt).size).toBe(1);
    await page.unroute('**/api/files/*');
    await expect(
      pictureRow(page, 'harbour-master.png').getByText('PNG, 2100 × 1500 px'),
    ).toBeVisible();
    await expect(
      pictureRow(page, 'harbour-master.png').getByRole('table', { name: /Print-readiness/ }),
    ).toBeVisible();

    await pictureRow(page, 'harbour-master.png')
      .getByRole('textbox', { name: 'Name of harbour-master.png' })
      .fill(`Harbour ${word}`);
    await pictureRow(page, 'quiet-field.png')
      .getByRole('textbox', { name: 'Name of quiet-field.png' })
      .fill(`Field ${word}`);
    await main.getByRole('textbox', { name: 'Location' }).fill('Porto');
    await main.getByRole('button', { name: 'Send 2 for review' }).click();
    for (const file of ['harbour-master.png', 'quiet-field.png']) {
      await expect(pictureRow(page, file).getByText('Sent for review')).toBeVisible();
    }
    await expect(
      main.getByRole('list', { name: 'Your uploads' }).getByText(`Harbour ${word}`),
    ).toBeVisible();
  });

  let imageId = 0;
  await test.step('staff approve and publish one (API); search finds it', async () => {
    const listed = (await (await staff.get('/api/upload/?limit=100')).json()) as {
      results: UploadJson[];
    };
    const harbour = listed.results.find((upload) => upload.name === `Harbour ${word}`);
    expect(harbour).toBeDefined();
    const url = `/api/upload/${harbour?.id}/`;
    await expect
      .poll(async () => ((await (await staff.get(url)).json()) as UploadJson).status)
      .toBe('ready');
    expect((await staff.post(`${url}approve/`, { data: {} })).status()).toBe(200);
    expect((await staff.post(`${url}publish/`, { data: {} })).status()).toBe(200);
    await expect
      .poll(async () => ((await (await staff.get(url)).json()) as UploadJson).image, {
        timeout: 60_000,
      })
      .not.toBeNull();
    imageId = ((await (await staff.get(url)).json()) as UploadJson).image ?? 0;

    await page.goto(`/search?q=${word}`);
    const tiles = area(page, 'storefront').locator('[aria-label="Images"] a');
    await expect(tiles).toHaveCount(1);
    await expect(tiles.first()).toHaveAccessibleName(new RegExp(`Harbour ${word}`));
  });

  await test.step('a customer orders it; the artist sees the sale and the royalty', async () => {
    const customer = await apiAs(DEMO.customer);
    // 7″ × 5″: the picture's shape, within its 300 dpi size.
    const orderId = await orderPrint(customer, DEMO.customer.email, imageId, { w: 7, h: 5 });
    await customer.dispose();
    const art = (await (await applicant.get(`/api/artist-portal/art/${imageId}/`)).json()) as {
      orders: number;
      prints_sold: number;
      royalties: number;
      sales: Array<{ order_id: number; royalty: number; royalty_rate_bp: number }>;
    };
    expect(art).toMatchObject({ orders: 1, prints_sold: 1 });
    expect(art.royalties).toBeGreaterThan(0);
    expect(art.sales).toMatchObject([{ order_id: orderId, royalty_rate_bp: 2500 }]);

    await page.goto('/artist/art');
    const list = page.getByRole('region', { name: 'Your pictures' });
    const row = list.getByRole('link', { name: new RegExp(`Harbour ${word}`) }).first();
    await expect(row).toContainText('Published');
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/artist/art/${imageId}$`));
    await expect(artistArea(page).getByRole('heading', { name: `Harbour ${word}` })).toBeVisible();
    const sale = artistArea(page).getByRole('row', { name: new RegExp(`Order #${orderId}`) });
    await expect(sale).toContainText('7″ × 5″ print');
    await expect(sale).toContainText('25%');
    await expect(sale).toContainText(usd(art.royalties));
    await expect(artistArea(page).getByText(usd(art.royalties)).first()).toBeVisible();
  });

  await applicant.dispose();
  await staff.dispose();
});
