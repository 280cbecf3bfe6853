import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { DEMO, submitCredentials } from '../support/accounts';
import { mainArea, settledDialog } from '../support/app';
import { freePort, SERVER_DIR, startServer, type RunningServer } from '../support/server';

/**
 * Royalty levels and tax reporting (issue 14) on a server of their own: it starts once to
 * migrate and seed the demo accounts, stops, gets artist payments of 2025 written into its
 * database (support/tax-seed.mjs: payouts are another screen's work), and starts again.
 */

const SCREENSHOTS = process.env.MANAGE_SCREENSHOTS;
const PAST_DAY_ERROR =
  'A rate cannot take effect before today (UTC): royalties already earned keep their rate.';

async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** The rows of a downloaded CSV as objects (the seeded values hold no commas or quotes). */
async function csvRows(download: Download): Promise<Array<Record<string, string>>> {
  const text = await readFile(await download.path(), 'utf8');
  const [header, ...lines] = text.trim().split(/\r\n/);
  const names = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i], v])));
}

test.describe('manage: royalty levels and tax reporting', () => {
  let server: RunningServer;
  let dir: string;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    dir = await mkdtemp(path.join(tmpdir(), 'atelier-e2e-tax-'));
    const options = {
      port: await freePort(Number(process.env.ATELIER_E2E_PORT ?? 8202) + 1),
      dataDir: path.join(dir, 'data'),
      demoImages: 12,
      logFile: path.join(dir, 'server.log'),
      env: { TAX_PAYER_NAME: 'Atelier E2E Prints', TAX_PAYER_TIN: '12-3456789' },
    };
    server = await startServer(options);
    await server.stop();
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, '..', 'support', 'tax-seed.mjs'), options.dataDir],
      { cwd: SERVER_DIR, stdio: 'pipe' },
    );
    server = await startServer(options);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test("staff change a level's rate (a server error on its field first), then export 2025's 1099-NEC data", async ({
    page,
  }) => {
    const main = mainArea(page);
    await page.goto(`${server.url}/accounts/login?redirect=/manage/royalty-levels`);
    await submitCredentials(main, DEMO.staff);
    await expect(main.getByRole('heading', { level: 1, name: 'Royalty Levels' })).toBeVisible();
    const featured = main.getByRole('row').filter({ hasText: 'Featured' });
    await expect(featured).toContainText('30%');
    await shoot(page, 'royalty-levels');

    await featured.getByRole('link', { name: 'Edit Featured' }).click();
    await expect(page).toHaveURL(/\/manage\/royalty-levels\/\d+\/edit$/);
    const rate = main.getByRole('spinbutton', { name: 'Rate (%)' });
    await expect(rate).toHaveValue('30');
    await rate.fill('32.5');
    const from = main.getByLabel('Rate effective from');
    await from.fill('2020-01-01');
    await main.getByRole('button', { name: 'Save changes' }).click();
    // The server refuses a day in the past, on the field.
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await expect(main.getByText(PAST_DAY_ERROR)).toBeVisible();
    await shoot(page, 'royalty-level-edit-error');
    await from.fill(new Date().toISOString().slice(0, 10));
    await main.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/manage\/royalty-levels\/\d+$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Featured' })).toBeVisible();
    const history = main.getByRole('table', { name: 'Rate history' });
    await expect(history.getByRole('row').filter({ hasText: 'Current' })).toContainText('32.5%');
    await expect(history.getByRole('row').filter({ hasText: 'Past' })).toContainText('30%');
    await shoot(page, 'royalty-level-detail');

    // Tax reporting, from the manage menu, for 2025.
    await page.getByRole('link', { name: 'Tax Reporting' }).first().click();
    await expect(main.getByRole('heading', { level: 1, name: 'Tax Reporting' })).toBeVisible();
    const pickYear = async (year: number) => {
      await main.getByRole('combobox', { name: 'Tax year' }).click();
      await page
        .locator('.ant-select-item-option')
        .filter({ hasText: new RegExp(`^${year}$`) })
        .click();
      await expect(page).toHaveURL(new RegExp(`year=${year}`));
    };
    await pickYear(2024);
    await expect(main.getByText('No artist was paid in this year')).toBeVisible();
    await pickYear(2025);
    const table = main.getByRole('table', { name: 'Artist payments in 2025' });
    const over = table.getByRole('row').filter({ hasText: 'E2E Over' });
    await expect(over).toContainText('$600.00');
    await expect(over).toContainText('Over threshold');
    await expect(over).toContainText('***-**-0002');
    const under = table.getByRole('row').filter({ hasText: 'E2E Under' });
    await expect(under).toContainText('$599.99');
    await expect(under).not.toContainText('Over threshold');
    await expect(table.getByRole('row').filter({ hasText: 'E2E Foreign' })).toContainText('W-8BEN');
    await expect(main).not.toContainText('111220002');
    await shoot(page, 'tax-reporting');

    // The filter lives in the URL: the box is ticked once the route has the parameter.
    const overOnly = main.getByRole('checkbox', { name: 'Over threshold only' });
    await overOnly.click();
    await expect(page).toHaveURL(/over_threshold=true/);
    await expect(overOnly).toBeChecked();
    await expect(table.getByRole('row').filter({ hasText: 'E2E Under' })).toHaveCount(0);
    await expect(table.getByRole('row').filter({ hasText: 'E2E Over' })).toHaveCount(1);

    // The masked export: W-9 payees over the threshold only.
    const [masked] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('button', { name: 'Export 1099-NEC CSV' }).click(),
    ]);
    expect(masked.suggestedFilename()).toBe('1099-nec-2025.csv');
    const rows = await csvRows(masked);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tax_year: '2025',
      payer_name: 'Atelier E2E Prints',
      payer_tin: '12-3456789',
      recipient_name: 'E2E Over',
      recipient_tin: '***-**-0002',
      box1_nonemployee_compensation: '600.00',
    });

    // The full-TIN export: a confirm that says it is recorded (it fits a phone; Cancel sends
    // nothing), then the export, then the log shows it.
    await page.setViewportSize({ width: 390, height: 844 });
    await main.getByRole('button', { name: 'Export with full TINs' }).click();
    const dialog = await settledDialog(page);
    await expect(dialog).toContainText('recorded with your name and the time');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/tax-full-tin-confirm-390.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.setViewportSize({ width: 1366, height: 900 });
    await main.getByRole('button', { name: 'Export with full TINs' }).click();
    await settledDialog(page);
    await expect(dialog).toContainText('recorded with your name and the time');
    const [full] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export and record' }).click(),
    ]);
    expect(full.suggestedFilename()).toBe('1099-nec-2025-full-tin.csv');
    expect((await csvRows(full))[0]).toMatchObject({
      recipient_name: 'E2E Over',
      recipient_tin: '111220002',
    });
    const log = main.getByRole('list', { name: 'Export log' });
    await expect(log.getByRole('listitem').first()).toContainText('Full TINs');
    await expect(log.getByRole('listitem').first()).toContainText(DEMO.staff.email);
    await expect(log.getByRole('listitem')).toHaveCount(2);

    // One artist's payments: the failed one listed, not counted.
    await table.getByRole('link', { name: 'E2E Over' }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'E2E Over · 2025' })).toBeVisible();
    await expect(
      main.getByRole('table', { name: 'Payments in 2025' }).getByRole('row'),
    ).toHaveCount(3);
    await shoot(page, 'tax-artist');
    await page.goto(`${server.url}/manage/tax-reporting?year=2025`);
    await main.getByRole('link', { name: 'E2E Under' }).click();
    const payments = main.getByRole('table', { name: 'Payments in 2025' });
    await expect(payments.getByRole('row').filter({ hasText: 'FAILED' })).toContainText('No');
  });
});
