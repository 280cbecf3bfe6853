import { outbox } from '../auth/testing';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { insertItem, insertProject, postCheckout, publishedImages } from './testing';

/** Without PUBLIC_URL, a forged Host must never become the link in a buyer's email. */
describe.each(TEST_DRIVERS)('order emails without PUBLIC_URL on %s', (driver) => {
  let ctx: TestContext;
  let image: number;

  beforeAll(async () => {
    ctx = await createTestApp(driver, {
      images: 5,
      config: { publicUrl: undefined, allowedHosts: ['shop.example'] },
    });
    const [first] = await publishedImages(ctx.database.db, 1);
    if (first === undefined) throw new Error('no published image');
    image = first;
  });
  afterAll(() => ctx.close());

  async function checkoutWithHost(host: string): Promise<string> {
    const project = await insertProject(ctx.database.db);
    await insertItem(ctx.database.db, project.id, { imageId: image, w: 12, h: 8, quantity: 1 });
    const before = (await outbox(ctx.config.outboxDir)).length;
    const res = await postCheckout(ctx.app, project.token, { headers: { host } });
    expect(res.statusCode).toBe(201);
    const mails = await outbox(ctx.config.outboxDir);
    expect(mails).toHaveLength(before + 1);
    return mails[mails.length - 1]?.text ?? '';
  }

  it('links an allowed host, on any port', async () => {
    const mail = await checkoutWithHost('shop.example:8443');
    expect(mail).toMatch(/^http:\/\/shop\.example:8443\/orders\/[\w-]+$/m);
  });

  it('sends the confirmation without a link when the Host is not allowed', async () => {
    const mail = await checkoutWithHost('evil.example');
    expect(mail).toContain('Subject: Your Atelier order #');
    expect(mail).not.toContain('evil.example');
    expect(mail).not.toMatch(/\/orders\//);
  });
});
