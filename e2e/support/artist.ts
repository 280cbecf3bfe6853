import { crc32, deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { expect, request, type APIRequestContext } from '@playwright/test';
import { e2eEnv } from './env';

/** An API context signed in as `credentials` (JWT, as the front ends send it). */
export async function apiAs(credentials: {
  email: string;
  password: string;
}): Promise<APIRequestContext> {
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

/** Small real pictures for application samples: thumbnails of the demo catalogue. */
export async function samplePictures(count: number) {
  const api = await request.newContext({ baseURL: e2eEnv('baseUrl') });
  const page = (await (await api.get(`/api/images/?limit=${count}`)).json()) as {
    results: Array<{ thumb: string }>;
  };
  const files = [];
  for (const [index, image] of page.results.slice(0, count).entries()) {
    const body = await (await api.get(image.thumb)).body();
    files.push({ name: `sample-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer: body });
  }
  await api.dispose();
  return files;
}

/** An RGB PNG of width × height px. `noise` makes it incompressible (a large file). */
export function png(width: number, height: number, noise: boolean): Buffer {
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

/** A purchase-order checkout of one print of `imageId` by `customer`; answers the order id. */
export async function orderPrint(
  customer: APIRequestContext,
  email: string,
  imageId: number,
  size: { w: number; h: number },
): Promise<number> {
  const created = await customer.post('/api/v2/projects/', { data: { name: 'Artist e2e' } });
  const { token } = (await created.json()) as { token: string };
  const added = await customer.post(`/api/v2/projects/${token}/items/`, {
    data: { imagedata: imageId, size, substrate: 'print', action: 'add' },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const ordered = await customer.post(`/api/v2/projects/${token}/checkout/`, {
    headers: { 'idempotency-key': `artist-e2e-${Date.now()}-${imageId}` },
    data: {
      email,
      shipping_address: {
        name: 'Casey Customer',
        line1: '1 Gallery Way',
        city: 'Portland',
        region: 'OR',
        postal_code: '97201',
        country: 'US',
      },
      payment_method: 'purchase_order',
      po_number: 'PO-ART-1',
    },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  return ((await ordered.json()) as { order_id: number }).order_id;
}

/** US dollars from cents, as the artist's screens show them. */
export const usd = (cents: number): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
