import { expect, request, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/accounts';
import { mainArea } from '../support/app';
import { e2eEnv } from '../support/env';

/** The storefront's wording (mf-storefront features/collections collection-rules.ts). */
const NAME_REQUIRED = 'Please enter a name.';
const NAME_TOO_LONG = 'Use at most 100 characters.';
const YOU_OWN_THIS = 'You own this';
const LOCKED = 'Locked: you cannot edit this collection';
const STAFF_ONLY = 'Not public: only staff can see it';
const CANNOT_EDIT = 'You cannot edit this collection.';

/** A name no earlier run against the same data has used. */
const uniqueName = (label: string) => `${label} ${Date.now().toString(36)}`;

/** Fills and sends the collection form as a person would, by its labels. */
async function createCollection(
  page: Page,
  values: { name: string; description?: string; communal?: boolean; public?: boolean },
): Promise<number> {
  const main = mainArea(page);
  await page.goto('/collections');
  await main.getByRole('button', { name: 'New collection' }).click();
  await expect(page).toHaveURL(/\/collections\/new$/);
  await expect(main.getByRole('checkbox', { name: 'Communal' })).toBeChecked();
  await expect(main.getByRole('checkbox', { name: 'Public' })).toBeChecked();
  await main.getByRole('textbox', { name: 'Name' }).fill(values.name);
  if (values.description) {
    await main.getByRole('textbox', { name: 'Description' }).fill(values.description);
  }
  if (values.communal === false) await main.getByRole('checkbox', { name: 'Communal' }).uncheck();
  if (values.public === false) await main.getByRole('checkbox', { name: 'Public' }).uncheck();
  await main.getByRole('button', { name: 'Create collection' }).click();
  await expect(page).toHaveURL(/\/collections\/\d+$/);
  await expect(main.getByRole('heading', { level: 1, name: values.name })).toBeVisible();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** Puts images into a collection through the data API, as the owner. */
async function prependImages(id: number, imageIds: number[]): Promise<void> {
  const api = await request.newContext({ baseURL: e2eEnv('baseUrl') });
  try {
    const tokens = await api.post('/auth/jwt/create/', {
      data: { email: DEMO.customer.email, password: DEMO.customer.password },
    });
    expect(tokens.ok()).toBe(true);
    const { access } = (await tokens.json()) as { access: string };
    const res = await api.patch(`/api/collections/${id}/prepend/`, {
      headers: { Authorization: `Bearer ${access}` },
      data: { prepend: imageIds },
    });
    expect(res.status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

async function someImageIds(count: number): Promise<number[]> {
  const api = await request.newContext({ baseURL: e2eEnv('baseUrl') });
  try {
    const res = await api.get(`/api/images/?limit=${count}`);
    const page = (await res.json()) as { results: Array<{ id: number }> };
    return page.results.map((image) => image.id);
  } finally {
    await api.dispose();
  }
}

test.describe('collections', () => {
  test('a customer creates a collection, sees it with its images, and edits it', async ({
    page,
  }) => {
    await signIn(page, DEMO.customer, '/collections');
    const main = mainArea(page);

    // SPEC §5: name required and at most 100 characters; nothing is sent until it is right.
    await main.getByRole('button', { name: 'New collection' }).click();
    await main.getByRole('button', { name: 'Create collection' }).click();
    await expect(main.getByText(NAME_REQUIRED)).toBeVisible();
    await main.getByRole('textbox', { name: 'Name' }).fill('x'.repeat(101));
    await main.getByRole('button', { name: 'Create collection' }).click();
    await expect(main.getByText(NAME_TOO_LONG)).toBeVisible();
    await main.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/collections$/);

    const name = uniqueName('Quiet harbours');
    const id = await createCollection(page, { name, description: 'Boats at rest' });
    await expect(main.getByText(YOU_OWN_THIS)).toBeVisible();
    await expect(main.getByText('Boats at rest')).toBeVisible();
    await expect(main.getByText('List is empty')).toBeVisible();
    await expect(page).toHaveTitle(`${name} | Atelier`);

    const imageIds = await someImageIds(3);
    await prependImages(id, imageIds);
    await page.reload();
    await expect(main.locator(`a[href="/images/${imageIds[0]}"]`)).toBeVisible();
    await expect(main.locator('a[href^="/images/"]')).toHaveCount(3);

    await main.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`/collections/${id}/edit`);
    const field = main.getByRole('textbox', { name: 'Name' });
    await expect(field).toHaveValue(name);
    await field.fill(`${name} at dusk`);
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(`/collections/${id}`);
    await expect(main.getByRole('heading', { level: 1, name: `${name} at dusk` })).toBeVisible();

    // The list finds it by the search box and links to it.
    await page.goto(`/collections?search=${encodeURIComponent(name)}`);
    await main
      .getByRole('link', { name: `${name} at dusk` })
      .first()
      .click();
    await expect(page).toHaveURL(`/collections/${id}`);
  });

  test('edit is for the owner, or staff when communal; a private one is hidden from guests', async ({
    browser,
  }) => {
    const owner = await browser.newPage();
    await signIn(owner, DEMO.customer, '/collections');
    const communal = await createCollection(owner, { name: uniqueName('Shared dunes') });
    const closed = await createCollection(owner, {
      name: uniqueName('Private studies'),
      communal: false,
      public: false,
    });
    await expect(mainArea(owner).getByRole('img', { name: STAFF_ONLY })).toBeVisible();
    await owner.close();

    const staff = await browser.newPage();
    await signIn(staff, DEMO.staff, `/collections/${communal}`);
    const main = mainArea(staff);
    await expect(main.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(main.getByText(YOU_OWN_THIS)).toHaveCount(0);

    await staff.goto(`/collections/${closed}`);
    await expect(main.getByRole('img', { name: LOCKED })).toBeVisible();
    await expect(main.getByRole('img', { name: STAFF_ONLY })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await staff.goto(`/collections/${closed}/edit`);
    await expect(main.getByText(CANNOT_EDIT)).toBeVisible();
    await expect(main.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
    await staff.close();

    const guest = await browser.newPage();
    await guest.goto(`/collections/${communal}`);
    await expect(mainArea(guest).getByRole('heading', { level: 1 })).toBeVisible();
    await expect(mainArea(guest).getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await guest.goto(`/collections/${closed}`);
    await expect(mainArea(guest).getByText(/404/).first()).toBeVisible();
    await guest.goto('/collections/new');
    await expect(mainArea(guest).getByText('This page requires login.')).toBeVisible();
    await guest.close();
  });
});
