import { expect, request, test, type Page } from '@playwright/test';
import { DEMO, latestEmailTo, signIn, uniqueEmail } from '../support/accounts';
import { area, navBar } from '../support/app';
import { e2eEnv } from '../support/env';

// The whole buying path as a person goes through it: Quick Add on the image page (mf-cart's
// fragment inside mf-storefront's page), the cart, checkout by purchase order, the
// confirmation, the email and the order.

interface PublishedImage {
  id: number;
  title: string;
}

/** Published internal images of the demo catalogue (external stock has preset sizes). */
async function publishedImages(count: number): Promise<PublishedImage[]> {
  const api = await request.newContext({ baseURL: e2eEnv('baseUrl') });
  try {
    const response = await api.get('/api/images/?limit=60');
    const page = (await response.json()) as {
      results: Array<PublishedImage & { published: boolean; source: string }>;
    };
    const images = page.results.filter(
      (image) => image.published && !['GET', 'GETRM'].includes(image.source),
    );
    if (images.length < count) throw new Error('the demo catalogue has too few images');
    return images.slice(0, count);
  } finally {
    await api.dispose();
  }
}

const cartLink = (page: Page) => navBar(page).getByRole('link', { name: /^(Cart|Project)/ });
const quickAdd = (page: Page) => page.getByRole('region', { name: 'Quick Add' });

/** Adds the image shown at /images/{id} with Quick Add's defaults. */
async function addFromImagePage(page: Page, image: PublishedImage, email?: string) {
  await page.goto(`/images/${image.id}`);
  await expect(page.getByRole('heading', { level: 1, name: image.title })).toBeVisible();
  const form = quickAdd(page);
  await form.getByRole('button', { name: 'Add to cart' }).click();
  if (email) {
    const dialog = page.getByRole('dialog', { name: 'Enter your email to save your cart' });
    await expect(dialog.getByRole('link', { name: 'Sign in instead' })).toBeVisible();
    await dialog.getByRole('textbox', { name: /Email/ }).fill(email);
    await dialog.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(page.getByText('Added to your cart.')).toBeVisible();
}

async function fillShipping(page: Page) {
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByLabel('Full name').fill('Grace Hopper');
  await form.getByLabel('Address line 1', { exact: true }).fill('1 Gallery Way');
  await form.getByLabel('City').fill('Portland');
  await form.getByLabel('State / Region').fill('OR');
  await form.getByLabel('ZIP / Postal code').fill('97201');
  await form.getByRole('radio', { name: /Purchase order/ }).check();
  await form.getByLabel('PO number').fill('PO-4471');
  return form;
}

test.describe('buying a print', () => {
  test('a guest adds two prints, edits the cart, checks out by purchase order and opens the order', async ({
    page,
  }) => {
    const [first, second] = await publishedImages(2);
    if (!first || !second) throw new Error('two images are needed');
    const email = uniqueEmail('guest-buyer');

    await page.goto('/');
    await expect(cartLink(page)).toContainText('No items');

    // The first add asks for an email (SPEC §5), the second does not.
    await addFromImagePage(page, first, email);
    await expect(cartLink(page)).toContainText('1 item');
    await addFromImagePage(page, second);
    await expect(cartLink(page)).toContainText('2 items');

    await cartLink(page).click();
    const cart = area(page, 'cart');
    await expect(cart.getByText(/^Project ID: \d+$/)).toBeVisible();
    const firstRow = cart.getByRole('listitem', { name: first.title });
    const secondRow = cart.getByRole('listitem', { name: second.title });
    await expect(firstRow).toBeVisible();
    await expect(secondRow).toBeVisible();

    // Quantity: sent once the typing stops, and the nav count follows.
    const quantity = firstRow.getByRole('spinbutton', { name: 'Quantity' });
    await quantity.fill('3');
    await quantity.press('Tab');
    await expect(cart.getByText('Subtotal (4 items)')).toBeVisible();
    await expect(cartLink(page)).toContainText('4 items');

    // Remove asks first; Cancel keeps the item.
    await secondRow.getByRole('button', { name: `Remove ${second.title}` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${second.title} from this project?` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(secondRow).toBeVisible();
    await secondRow.getByRole('button', { name: `Remove ${second.title}` }).click();
    await page
      .getByRole('dialog', { name: `Remove ${second.title} from this project?` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(secondRow).toHaveCount(0);
    await expect(cart.getByText('Subtotal (3 items)')).toBeVisible();
    await expect(cartLink(page)).toContainText('3 items');
    const total = await cart.getByRole('region', { name: 'Order summary' }).innerText();

    await cart.getByRole('button', { name: 'Check out' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const form = await fillShipping(page);
    await expect(form.getByLabel('Email')).toHaveValue(email);
    await form.getByRole('button', { name: 'Place order' }).click();

    await expect(page).toHaveURL(/\/checkout\/confirmation\/[\w-]+$/);
    const heading = cart.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(/Order #\d+/);
    const orderTitle = /Order #\d+/.exec(await heading.innerText())?.[0] ?? '';
    await expect(cart.getByText(`A confirmation was sent to ${email}`)).toBeVisible();
    // The totals the cart showed are what was ordered.
    expect(total).toContain('Total');
    await expect(cartLink(page)).toContainText('No items');

    // The confirmation email carries the order's link.
    const mail = await latestEmailTo(email);
    expect(mail).toContain(orderTitle);
    const link = /https?:\/\/\S+\/orders\/[\w-]+/.exec(mail)?.[0];
    expect(link).toBeTruthy();

    // The guest opens the order from the email's link.
    await page.goto(new URL(link ?? '').pathname);
    await expect(cart.getByRole('heading', { level: 1, name: orderTitle })).toBeVisible();
    await expect(cart.getByText('PO-4471')).toBeVisible();
    await expect(cart.getByRole('listitem', { name: first.title })).toBeVisible();
  });

  test("a guest's cart becomes the customer's project at sign-in; once ordered it says so", async ({
    page,
  }) => {
    const [image] = await publishedImages(3).then((images) => images.slice(2));
    if (!image) throw new Error('an image is needed');
    await addFromImagePage(page, image, uniqueEmail('later-customer'));
    await expect(cartLink(page)).toContainText('1 item');

    await signIn(page, DEMO.customer, '/cart');
    // Signed in, the cart is a project (SPEC §2) and still holds the print.
    await expect(cartLink(page)).toContainText(/^Project/);
    await expect(cartLink(page)).toContainText('1 item');
    const cart = area(page, 'cart');
    await expect(cart.getByRole('listitem', { name: image.title })).toBeVisible();
    const projectId = /Project ID: (\d+)/.exec(
      await cart.getByText(/^Project ID: \d+$/).innerText(),
    )?.[1];

    await cart.getByRole('button', { name: 'Check out' }).click();
    const form = await fillShipping(page);
    await form.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/checkout\/confirmation\//);

    // The ordered project keeps its items, read-only, and points at its order.
    await page.goto(`/projects/${projectId}`);
    const alert = cart.getByRole('alert').filter({ hasText: 'This project has been ordered' });
    await expect(alert).toBeVisible();
    await alert.getByRole('link', { name: 'View order' }).click();
    await expect(cart.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();

    await page.goto('/orders');
    await expect(cart.getByRole('link', { name: /^Order #\d+$/ }).first()).toBeVisible();
  });

  test('a custom size with an Auto side is priced and added', async ({ page }) => {
    const [image] = await publishedImages(4).then((images) => images.slice(3));
    if (!image) throw new Error('an image is needed');
    await signIn(page, DEMO.customer, `/images/${image.id}`);
    const form = quickAdd(page);
    await form.getByLabel('Custom size (inches)').fill('30');
    await form.getByRole('button', { name: 'Use size' }).click();
    await expect(form.getByText(/30" x [\d.]+" \(Auto\)/)).toBeVisible();
    const price = await form.getByRole('status', { name: 'Price' }).innerText();
    const amount = /\$[\d,]+\.\d\d/.exec(price)?.[0] ?? 'no price';
    await form.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added to your cart.')).toBeVisible();

    await page.goto('/cart');
    const row = area(page, 'cart').getByRole('listitem', { name: image.title }).last();
    await expect(row).toContainText(/30" x [\d.]+"/);
    await expect(row).toContainText(amount);
  });

  test('with mf-cart down, Quick Add offers a retry and the image page works', async ({ page }) => {
    const [image] = await publishedImages(1);
    if (!image) throw new Error('an image is needed');
    await page.route('**/remotes/cart/**', (route) => route.abort());
    await page.goto(`/images/${image.id}`);
    await expect(page.getByRole('heading', { level: 1, name: image.title })).toBeVisible();
    const unavailable = page.getByRole('alert').filter({ hasText: 'Quick Add is unavailable' });
    await expect(unavailable).toBeVisible();
    // The rest of the page works: a keyword link still searches.
    await expect(page.getByRole('button', { name: 'Back to browsing' })).toBeVisible();

    await page.unroute('**/remotes/cart/**');
    await unavailable.getByRole('button', { name: 'Retry' }).click();
    await expect(quickAdd(page).getByRole('button', { name: 'Add to cart' })).toBeVisible();
  });
});
