import { expect, request, test, type Page } from '@playwright/test';
import { DEMO, signIn, uniqueEmail } from '../support/accounts';
import { navBar } from '../support/app';
import { e2eEnv } from '../support/env';

// SPEC §1: the header's Live Chat is a conversation with support. A guest with a cart writes;
// staff answer from the manage inbox, seeing the guest's project; the answer reaches the
// guest's open panel over the event stream, without a reload.

const DESKTOP = { width: 1366, height: 768 };
test.use({ viewport: DESKTOP });

async function firstPublishedImage(): Promise<{ id: number; title: string }> {
  const api = await request.newContext({ baseURL: e2eEnv('baseUrl') });
  try {
    const response = await api.get('/api/images/?limit=60');
    const page = (await response.json()) as {
      results: Array<{ id: number; title: string; published: boolean; source: string }>;
    };
    const image = page.results.find((i) => i.published && !['GET', 'GETRM'].includes(i.source));
    if (!image) throw new Error('the demo catalogue has no published internal image');
    return image;
  } finally {
    await api.dispose();
  }
}

async function openLiveChat(page: Page) {
  await navBar(page).getByRole('button', { name: 'Help' }).click();
  await navBar(page).getByRole('button', { name: 'Live Chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Live Chat' });
  await expect(chat).toBeVisible();
  return chat;
}

test('a guest asks support through Live Chat and sees the staff answer arrive', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('chat-guest');
  const question = `Can my print be made on canvas? (${email})`;
  const answer = 'Yes: every size of this picture is offered on canvas.';

  // A guest with a cart.
  const image = await firstPublishedImage();
  await page.goto(`/images/${image.id}`);
  await page
    .getByRole('region', { name: 'Quick Add' })
    .getByRole('button', { name: 'Add to cart' })
    .click();
  const emailDialog = page.getByRole('dialog', { name: 'Enter your email to save your cart' });
  await emailDialog.getByRole('textbox', { name: /Email/ }).fill(email);
  await emailDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Added to your cart.')).toBeVisible();

  const chat = await openLiveChat(page);
  await expect(chat.getByText('Support sees your cart:')).toBeVisible();
  const box = chat.getByRole('textbox', { name: 'Your message' });
  await expect(box).toBeFocused();
  await box.fill(question);
  await chat.getByRole('button', { name: 'Send' }).click();
  const log = chat.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText(question)).toBeVisible();
  await expect(box).toHaveValue('');
  let reloads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads += 1;
  });

  // Staff answer from the inbox, where the guest's cart is linked.
  const staffContext = await browser.newContext({ viewport: DESKTOP });
  const staff = await staffContext.newPage();
  try {
    await signIn(staff, DEMO.staff, '/manage/support');
    // The chat button is hidden for staff (SPEC §1).
    await navBar(staff).getByRole('button', { name: 'Help' }).click();
    await expect(navBar(staff).getByRole('link', { name: /^Call / })).toBeVisible();
    await expect(navBar(staff).getByRole('button', { name: 'Live Chat' })).toHaveCount(0);
    await navBar(staff).getByRole('button', { name: 'Help' }).click();

    const inbox = staff.getByRole('list', { name: 'Conversations' });
    const row = inbox.getByRole('listitem').filter({ hasText: question });
    await expect(row).toBeVisible();
    await expect(row.getByText('Awaiting reply')).toBeVisible();
    const project = row.getByRole('link', { name: 'Cart' });
    await expect(project).toHaveAttribute('href', /^\/projects\/\d+$/);
    await staff.screenshot({ path: test.info().outputPath('inbox-1366.png') });

    await row.getByRole('link', { name: email }).click();
    await expect(staff).toHaveURL(/\/manage\/support\/\d+$/);
    await expect(staff.getByRole('heading', { level: 1, name: email })).toBeVisible();
    await expect(staff.getByRole('log', { name: 'Messages' }).getByText(question)).toBeVisible();
    await staff.getByRole('textbox', { name: 'Reply' }).fill(answer);
    await staff.getByRole('button', { name: 'Send reply' }).click();
    await expect(staff.getByRole('log', { name: 'Messages' }).getByText(answer)).toBeVisible();
    await expect(staff.getByText('Answered')).toBeVisible();
    await staff.screenshot({ path: test.info().outputPath('thread-1366.png') });

    // The guest's open panel shows the answer: no reload, no click.
    await expect(log.getByText(answer)).toBeVisible();
    expect(reloads).toBe(0);
    await page.screenshot({ path: test.info().outputPath('chat-1366.png') });

    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.screenshot({ path: test.info().outputPath('thread-390.png') });
    await staff.goto('/manage/support');
    await expect(staff.getByRole('list', { name: 'Conversations' })).toBeVisible();
    await staff.screenshot({ path: test.info().outputPath('inbox-390.png') });
  } finally {
    await staffContext.close();
  }

  // On a phone the panel is a bottom sheet across the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const phoneChat = await openLiveChat(page);
  await expect(
    phoneChat.getByRole('log', { name: 'Conversation' }).getByText(answer),
  ).toBeVisible();
  // Across the screen: the page's width less the scrollbar gutter the page keeps.
  const { width, screen } = await phoneChat.evaluate((element) => ({
    width: element.getBoundingClientRect().width,
    screen: Math.round(document.body.getBoundingClientRect().width),
  }));
  expect(screen).toBeGreaterThan(360);
  expect(width).toBeGreaterThanOrEqual(screen - 1);
  await page.screenshot({ path: test.info().outputPath('chat-390.png') });
});
