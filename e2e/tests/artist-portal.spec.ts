import { expect, request, test, type Page } from '@playwright/test';
import { DEMO, signIn, uniqueEmail } from '../support/accounts';
import { area } from '../support/app';
import { e2eEnv } from '../support/env';
import { apiAs, samplePictures } from '../support/artist';

// What the artist journey (artist-journey.spec.ts) does not walk: the demo artist's seeded
// onboarding, and a declined applicant who may not apply again.

const PASSWORD = 'a long enough passphrase';
const artistArea = (page: Page) => area(page, 'artist');

test('the demo artist is onboarded: royalty level, W-9 on file (masked), a default bank account', async ({
  page,
}) => {
  await signIn(page, DEMO.artist, '/artist/account');
  const card = (title: string) =>
    artistArea(page).getByRole('link', { name: `${title}: view and change` });
  await expect(card('Royalty')).toContainText('Standard: 25%');
  await expect(card('Tax')).toContainText('W-9 · ***-**-6789');
  await expect(card('Payment')).toContainText('Bank •••• 6789');
  // Staff see an ACTIVATED payee with its default account, for payouts.
  const staff = await apiAs(DEMO.staff);
  const identities = (await (await staff.get('/api/artist-identity/?limit=100')).json()) as {
    results: Array<{ email: string; status: string }>;
  };
  expect(identities.results.find((i) => i.email === DEMO.artist.email)?.status).toBe('ACTIVATED');
  await staff.dispose();
});

test('a declined applicant is told so and cannot apply again', async ({ page }) => {
  const email = uniqueEmail('artist-declined');
  const anonymous = await request.newContext({ baseURL: e2eEnv('baseUrl') });
  expect(
    (await anonymous.post('/auth/users/', { data: { email, password: PASSWORD } })).status(),
  ).toBe(201);
  await anonymous.dispose();
  const applicant = await apiAs({ email, password: PASSWORD });
  expect(
    (
      await applicant.put('/api/artist-application/', {
        data: { full_name: 'Dee Clined', email, practice: 'Collage', bio: 'Paper.' },
      })
    ).status(),
  ).toBe(200);
  for (const picture of await samplePictures(3)) {
    const added = await applicant.post('/api/artist-application/samples/', {
      data: { name: picture.name, data: picture.buffer.toString('base64') },
    });
    expect(added.status()).toBe(201);
  }
  const sent = (await (await applicant.post('/api/artist-application/submit/')).json()) as {
    id: number;
  };
  const staff = await apiAs(DEMO.staff);
  const declined = await staff.post(`/api/artist-applications/${sent.id}/decision/`, {
    data: { decision: 'decline', message: 'Not for our catalogue yet.' },
  });
  expect(declined.status()).toBe(200);
  await staff.dispose();
  const again = await applicant.put('/api/artist-application/', {
    data: { full_name: 'Dee Clined', email, practice: 'Collage', bio: 'Paper.' },
  });
  expect(again.status()).toBe(400);
  expect(((await again.json()) as { non_field_errors: string[] }).non_field_errors[0]).toMatch(
    /^Your application was declined, and an account can apply only once/,
  );
  await applicant.dispose();

  await signIn(page, { email, password: PASSWORD }, '/artist/apply/info');
  await expect(
    artistArea(page).getByText(
      /^Your application was declined, and an account can apply only once/,
    ),
  ).toBeVisible();
  await expect(artistArea(page).getByRole('form', { name: 'About you' })).toHaveCount(0);
  await artistArea(page).getByRole('link', { name: 'Read the message' }).click();
  await expect(page).toHaveURL(/\/artist\/message$/);
  await expect(artistArea(page).getByText('Not for our catalogue yet.')).toBeVisible();
});
