import { deflateSync, crc32 } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/accounts';
import { area } from '../support/app';

/**
 * The demo artist uploads two pictures in advanced mode, one of them interrupted mid-way
 * (the browser's connection drops on its second chunk) and resumed from the server's
 * offset; staff approve and publish one through the API; it appears in search.
 */

/** An RGB PNG of width × height px. `noise` makes it incompressible (a large file). */
function png(width: number, height: number, noise: boolean): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = width * 3 + 1;
  const raw = noise ? randomBytes(row * height) : Buffer.alloc(row * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * row] = 0; // filter: none
    if (!noise)
      for (let x = 0; x < width; x += 1)
        raw.fill((40 + (x * 180) / width) | 0, y * row + 1 + x * 3, y * row + 4 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: noise ? 0 : 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface UploadJson {
  id: number;
  name: string;
  image: number | null;
  status: string;
}

async function staffToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/auth/jwt/create/', { data: DEMO.staff });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

const pictureRow = (page: Page, fileName: string) =>
  area(page, 'artist').getByRole('listitem', { name: fileName });

test('an artist uploads two pictures, one resumed after a dropped connection; a published one is found in search', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const word = `quokka${Date.now().toString(36)}`;
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

  await signIn(page, DEMO.artist, '/artist/upload/advanced');
  const main = area(page, 'artist');
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

  // Staff publish one through the review API.
  const auth = { authorization: `JWT ${await staffToken(request)}` };
  const listed = (await (
    await request.get('/api/upload/?limit=100', { headers: auth })
  ).json()) as {
    results: UploadJson[];
  };
  const harbour = listed.results.find((upload) => upload.name === `Harbour ${word}`);
  expect(harbour).toBeDefined();
  await expect
    .poll(async () => {
      const res = await request.get(`/api/upload/${harbour!.id}/`, { headers: auth });
      return ((await res.json()) as UploadJson).status;
    })
    .toBe('ready');
  expect(
    (
      await request.post(`/api/upload/${harbour!.id}/approve/`, { headers: auth, data: {} })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.post(`/api/upload/${harbour!.id}/publish/`, { headers: auth, data: {} })
    ).status(),
  ).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/upload/${harbour!.id}/`, { headers: auth });
        return ((await res.json()) as UploadJson).image;
      },
      { timeout: 60_000 },
    )
    .not.toBeNull();

  await page.goto(`/search?q=${word}`);
  const tiles = area(page, 'storefront').locator('[aria-label="Images"] a');
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toHaveAccessibleName(new RegExp(`Harbour ${word}`));
});
