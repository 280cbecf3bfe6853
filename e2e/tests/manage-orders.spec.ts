import { expect, request, test, type Browser, type Page } from '@playwright/test';
import { DEMO, latestEmailTo, signIn, uniqueEmail } from '../support/accounts';
import { area, mainArea } from '../support/app';
import { e2eEnv } from '../support/env';

// Order fulfilment (issue 14): a guest orders, staff find the order in /manage/order, start
// production, ship it with carrier and tracking (the customer is emailed the tracking and
// sees it on their order page); a second order is cancelled with a reason.

const SCREENSHOTS = process.env.MANAGE_SCREENSHOTS;
const UPS_TRACKING = '1Z999AA10123456784';

async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** A published internal image of the demo catalogue, the n-th. */
async function publishedImage(n: number): Promise<{ id: number; title: string }> {
  const api = await request.newContext({ baseURL: e2eEnv('baseUrl') });
  try {
    const page = (await (await api.get('/api/images/?limit=60')).json()) as {
      results: Array<{ id: number; title: string; published: boolean; source: string }>;
    };
    const images = page.results.filter(
      (image) => image.published && !['GET', 'GETRM'].includes(image.source),
    );
    const image = images[n];
    if (!image) throw new Error('the demo catalogue has too few images');
    return image;
  } finally {
    await api.dispose();
  }
}

/** A guest buys one print by purchase order; answers the order's number and its page. */
async function placeOrder(page: Page, imageIndex: number, email: string, name: string) {
  const image = await publishedImage(imageIndex);
  await page.goto(`/images/${image.id}`);
  await page
    .getByRole('region', { name: 'Quick Add' })
    .getByRole('button', { name: 'Add to cart' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Enter your email to save your cart' });
  await dialog.getByRole('textbox', { name: /Email/ }).fill(email);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Added to your cart.')).toBeVisible();
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Address line 1', { exact: true }).fill('12 Harbour Street');
  await form.getByLabel('City').fill('Portland');
  await form.getByLabel('State / Region').fill('OR');
  await form.getByLabel('ZIP / Postal code').fill('97201');
  await form.getByRole('radio', { name: /Purchase order/ }).check();
  await form.getByLabel('PO number').fill('PO-9001');
  await form.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation\/[\w-]+$/);
  const heading = area(page, 'cart').getByRole('heading', { level: 1 });
  await expect(heading).toContainText(/Order #\d+/);
  const number = /Order #(\d+)/.exec(await heading.innerText())?.[1] ?? '';
  const mail = await latestEmailTo(email);
  const link = /https?:\/\/\S+(\/orders\/[\w-]+)/.exec(mail)?.[1] ?? '';
  expect(link).not.toBe('');
  return { number, link };
}

async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO.staff, '/manage/order');
  return page;
}

test.describe('manage: order fulfilment', () => {
  test('staff move an order to in production, then ship it with tracking; the customer sees it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail('fulfil-buyer');
    const order = await placeOrder(page, 5, email, 'Ines Fulfilment');

    const staff = await staffPage(browser);
    const main = mainArea(staff);
    await expect(main.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await main.getByRole('searchbox', { name: 'Search orders' }).fill(order.number);
    await main.getByRole('searchbox', { name: 'Search orders' }).press('Enter');
    const table = main.getByRole('table', { name: 'Orders' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('Ines Fulfilment');
    await expect(table).toContainText('Placed');
    await shoot(staff, 'order-list');
    await table.getByRole('link', { name: `Order #${order.number}` }).click();
    await expect(staff).toHaveURL(new RegExp(`/manage/order/${order.number}$`));
    await expect(
      main.getByRole('heading', { level: 1, name: new RegExp(`Order #${order.number}`) }),
    ).toBeVisible();
    await shoot(staff, 'order-placed');

    await main.getByRole('button', { name: 'Start production' }).click();
    await expect(main.getByRole('button', { name: 'Ship…' })).toBeVisible();
    const production = await latestEmailTo(email);
    expect(production).toContain(`Your Atelier order #${order.number} is in production`);

    await main.getByRole('button', { name: 'Ship…' }).click();
    const ship = main.getByRole('form', { name: 'Ship the order' });
    await ship.getByRole('combobox', { name: 'Carrier' }).click();
    await staff.getByTitle('UPS', { exact: true }).click();
    await ship.getByRole('textbox', { name: 'Tracking number' }).fill('1Z12');
    await ship.getByRole('button', { name: 'Mark shipped and email the customer' }).click();
    await expect(ship).toContainText('Enter a valid UPS tracking number');
    await shoot(staff, 'order-ship-form');
    await ship.getByRole('textbox', { name: 'Tracking number' }).fill(UPS_TRACKING);
    await ship.getByRole('button', { name: 'Mark shipped and email the customer' }).click();
    await expect(main.getByText(/Nothing more to do: this order is shipped/)).toBeVisible();
    await expect(main.getByRole('link', { name: UPS_TRACKING })).toHaveAttribute(
      'href',
      `https://www.ups.com/track?tracknum=${UPS_TRACKING}`,
    );
    await expect(main).toContainText('In production');
    await shoot(staff, 'order-shipped');

    const shipped = await latestEmailTo(email);
    expect(shipped).toContain(`Subject: Your Atelier order #${order.number} has shipped`);
    expect(shipped).toContain(`Tracking number: ${UPS_TRACKING}`);

    await page.goto(order.link);
    const shipment = area(page, 'cart').getByRole('region', { name: 'Shipment' });
    await expect(shipment).toContainText('UPS');
    await expect(shipment.getByRole('link', { name: UPS_TRACKING })).toBeVisible();
    await staff.context().close();
  });

  test('staff cancel an order with a reason, which the customer is told', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail('cancel-buyer');
    const order = await placeOrder(page, 6, email, 'Otto Cancelled');
    const staff = await staffPage(browser);
    const main = mainArea(staff);
    await staff.goto(`/manage/order/${order.number}`);
    await main.getByRole('button', { name: 'Cancel order…' }).click();
    const form = main.getByRole('form', { name: 'Cancel the order' });
    await form.getByRole('button', { name: 'Cancel order and email the customer' }).click();
    await expect(form).toContainText('Give the customer a reason for the cancellation.');
    await form
      .getByRole('textbox', { name: 'Reason (sent to the customer)' })
      .fill('The artist has withdrawn this edition.');
    await form.getByRole('button', { name: 'Cancel order and email the customer' }).click();
    await expect(main.getByText(/Nothing more to do: this order is cancelled/)).toBeVisible();
    const mail = await latestEmailTo(email);
    expect(mail).toContain(`Your Atelier order #${order.number} has been cancelled`);
    expect(mail).toContain('The artist has withdrawn this edition.');

    // The status filter finds it among the cancelled ones.
    await staff.goto('/manage/order?status=cancelled');
    await expect(main.getByRole('table', { name: 'Orders' })).toContainText(
      `Order #${order.number}`,
    );

    await page.goto(order.link);
    await expect(area(page, 'cart').getByRole('region', { name: 'Cancellation' })).toContainText(
      'The artist has withdrawn this edition.',
    );
    await staff.context().close();
  });

  test('every staff bar link lands on a working screen', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.staff, '/');
    const bar = page.getByRole('navigation', { name: 'Staff' });
    const expected: Array<[string, RegExp]> = [
      ['Dashboard', /\/dashboard$/],
      ['Projects', /\/projects$/],
      ['Art', /\/manage\/image$/],
      ['Collections', /\/collections$/],
      ['Manage', /\/manage$/],
      ['Upload', /\/manage\/upload\/new$/],
      ['Artist Portal', /\/artist$/],
    ];
    for (const [label, url] of expected) {
      await bar.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(url);
      const main = mainArea(page);
      await expect(main.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(main).not.toContainText('404 Not Found');
      await expect(main.getByRole('alert').filter({ hasText: /failed|error/i })).toHaveCount(0);
    }
  });

  test('staff email an artist from the artist profile and see it among the sent ones', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.staff, '/manage/artist-profile');
    const main = mainArea(page);
    await expect(main.getByRole('heading', { level: 1, name: 'Artist Profiles' })).toBeVisible();
    await main.locator('a[href^="/manage/artist-profile/"]').first().click();
    await expect(page).toHaveURL(/\/manage\/artist-profile\/\d+$/);
    await main.getByRole('button', { name: /Email/ }).click();
    await expect(page).toHaveURL(/\/manage\/artist-profile\/\d+\/email$/);
    const form = main.getByRole('form', { name: 'Email the artist' });
    await form.getByRole('button', { name: 'Send email' }).click();
    await expect(form).toContainText('Write a subject.');
    const subject = `Your next edition ${Date.now().toString(36)}`;
    await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await form
      .getByRole('textbox', { name: 'Message' })
      .fill('We would like to print your harbour series on canvas.\nCould you send the masters?');
    await form.getByRole('button', { name: 'Send email' }).click();
    const sent = main.getByRole('list', { name: 'Sent emails' });
    await expect(sent).toContainText(subject);
    await shoot(page, 'artist-email');
    const to = /To: (\S+@\S+)/.exec(await main.getByText(/^To: /).innerText())?.[1] ?? '';
    const mail = await latestEmailTo(to);
    expect(mail).toContain(`Subject: ${subject}`);
    expect(mail).toContain('Could you send the masters?');
  });
});
