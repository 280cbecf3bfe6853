import {
  availableSizes,
  image,
  imageCardPage,
  priceCents,
  substratesFor,
  type PriceTier,
  type Substrate,
} from '@atelier/contracts';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';

describe.each(TEST_DRIVERS)('images API on %s', (driver) => {
  let ctx: TestContext;
  let publishedCount: number;

  beforeAll(async () => {
    ctx = await createTestApp(driver, { images: 30 });
    // One unpublished image for certain, whatever the seed decided, and the newest of all,
    // so that it would come first if the list forgot to filter.
    await ctx.database.db
      .updateTable('images')
      .set({ published: false, created: new Date('2030-01-01T00:00:00Z') })
      .where('id', '=', 2)
      .execute();
    const rows = await ctx.database.db
      .selectFrom('images')
      .select('id')
      .where('published', '=', true)
      .execute();
    publishedCount = rows.length;
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('GET /api/images/', () => {
    it('answers a DRF page of published image cards, newest first', async () => {
      const res = await ctx.app.inject({ url: '/api/images/?limit=10' });
      expect(res.statusCode).toBe(200);
      const page = imageCardPage.parse(res.json());
      expect(page.count).toBe(publishedCount);
      expect(page.results).toHaveLength(10);
      expect(page.previous).toBeNull();
      expect(page.next).toBe('http://localhost/api/images/?limit=10&offset=10');
      expect(page.results.every((card) => card.published)).toBe(true);
      expect(page.results.some((card) => card.id === 2)).toBe(false);
      const created = page.results.map((card) => Date.parse(card.created));
      expect([...created].sort((a, b) => b - a)).toEqual(created);
      const first = page.results[0];
      expect(first?.thumb).toMatch(/^\/media\/thumbs\/([0-9a-f]{2})\/\1[0-9a-f]{62}\.jpg$/);
      expect(first?.preview).toBe(first?.thumb);
    });

    it('leaves out every unpublished image', async () => {
      const page = imageCardPage.parse(
        (await ctx.app.inject({ url: '/api/images/?limit=1000' })).json(),
      );
      const unpublished = await ctx.database.db
        .selectFrom('images')
        .select('id')
        .where('published', '=', false)
        .execute();
      expect(page.results).toHaveLength(publishedCount);
      const ids = new Set(page.results.map((card) => card.id));
      for (const { id } of unpublished) expect(ids.has(id)).toBe(false);
    });

    it('pages with limit and offset, with next and previous links', async () => {
      const all = imageCardPage.parse(
        (await ctx.app.inject({ url: '/api/images/?limit=100' })).json(),
      );
      const res = await ctx.app.inject({ url: '/api/images/?limit=5&offset=10' });
      const page = imageCardPage.parse(res.json());
      expect(page.results.map((c) => c.id)).toEqual(all.results.slice(10, 15).map((c) => c.id));
      expect(page.previous).toBe('http://localhost/api/images/?limit=5&offset=5');
      const second = imageCardPage.parse(
        (await ctx.app.inject({ url: '/api/images/?limit=5&offset=5' })).json(),
      );
      expect(second.previous).toBe('http://localhost/api/images/?limit=5');
      const last = imageCardPage.parse(
        (await ctx.app.inject({ url: `/api/images/?limit=5&offset=${publishedCount - 5}` })).json(),
      );
      expect(last.next).toBeNull();
      expect(last.results).toHaveLength(5);
    });

    it('builds page links from the host the client used', async () => {
      const res = await ctx.app.inject({
        url: '/api/images/?limit=3',
        headers: { host: 'shop.example:8080' },
      });
      expect(res.json()).toMatchObject({
        next: 'http://shop.example:8080/api/images/?limit=3&offset=3',
      });
    });

    it('defaults to 20 per page and answers without the trailing slash too', async () => {
      const res = await ctx.app.inject({ url: '/api/images' });
      expect(res.statusCode).toBe(200);
      expect(imageCardPage.parse(res.json()).results).toHaveLength(20);
    });

    it.each([
      ['limit=abc', { limit: ['A valid integer is required.'] }],
      ['limit=0', { limit: ['Ensure this value is greater than or equal to 1.'] }],
      ['limit=1001', { limit: ['Ensure this value is less than or equal to 1000.'] }],
      ['offset=-1', { offset: ['Ensure this value is greater than or equal to 0.'] }],
      ['offset=1.5', { offset: ['A valid integer is required.'] }],
    ])('rejects %s with a 400 naming the field', async (query, body) => {
      const res = await ctx.app.inject({ url: `/api/images/?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
    });
  });

  describe('GET /api/images/{id}/', () => {
    it('answers the full image contract', async () => {
      const res = await ctx.app.inject({ url: '/api/images/1/' });
      expect(res.statusCode).toBe(200);
      const body = image.parse(res.json());
      const row = await ctx.database.db
        .selectFrom('images')
        .innerJoin('artists', 'artists.id', 'images.artist_id')
        .select([
          'images.title',
          'images.max_width',
          'images.max_height',
          'artists.name',
          'images.static_sets',
        ])
        .where('images.id', '=', 1)
        .executeTakeFirstOrThrow();
      expect(body).toMatchObject({
        id: 1,
        title: row.title,
        artist: row.name,
        max_width: row.max_width,
        max_height: row.max_height,
        user_favorite: false,
        _static: row.static_sets,
      });
      expect(body.substrates).toEqual(substratesFor(row.max_width, row.max_height));
      // The standard sizes for its ratio, priced for its tier, on its own substrates only.
      const standard = availableSizes(row.max_width, row.max_height, body.price as PriceTier);
      expect(body.substrate_sizes.length).toBeGreaterThan(2);
      expect(body.substrate_sizes.map((s) => s.label)).toEqual(
        standard.sizes
          .filter((s) => Object.keys(s.prices).some((k) => body.substrates.includes(k as never)))
          .map((s) => s.label),
      );
      for (const size of body.substrate_sizes) {
        for (const [substrate, cents] of Object.entries(size.prices)) {
          expect(body.substrates).toContain(substrate);
          expect(cents).toBe(
            priceCents(substrate as Substrate, size.value, body.price as PriceTier),
          );
        }
      }
      expect(body.imgsrc).toMatch(/^\/media\/originals\/.+\.jpg$/);
      expect(body.thumb).toMatch(/^\/media\/thumbs\/.+\.jpg$/);
      expect(body.keywords.length).toBeGreaterThan(0);
    });

    it('gives a tall panorama only the substrates its ratio allows, with catalogue fields', async () => {
      const row = await ctx.database.db
        .selectFrom('images')
        .selectAll()
        .where('orientation', '=', 'panoramic')
        .where((eb) => eb('max_height', '>', eb.ref('max_width')))
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const body = image.parse((await ctx.app.inject({ url: `/api/images/${row.id}/` })).json());
      // 1:2 (tall): no mural (not wide), no acoustic panel (longer than 3:2).
      expect(body.substrates).toEqual([
        'print',
        'canvas',
        'aluminum',
        'acrylic',
        'window film',
        'gator board',
      ]);
      expect(body).toMatchObject({
        image_type: row.image_type,
        people: row.people,
        orientation: 'panoramic',
        colours: row.colours,
        popularity: row.popularity,
        price: row.price,
      });
      expect(body.colours?.length).toBeGreaterThan(0);
      for (const size of body.substrate_sizes) {
        expect(size.value.h).toBe(2 * size.value.w); // 1:2, whole inches
        expect(size.label).toBe(`${size.value.w}" x ${size.value.h}"`);
        expect(size.prices.mural).toBeUndefined();
        expect(size.prices['acoustic panel']).toBeUndefined();
      }
      expect(body.substrate_sizes.map((s) => s.value.h)).toEqual([
        8, 10, 12, 16, 18, 20, 24, 30, 36, 40, 48, 60, 72, 96,
      ]);
    });

    it('shows an unpublished image too, marked as such', async () => {
      const res = await ctx.app.inject({ url: '/api/images/2/' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: 2, published: false });
    });

    it.each(['999999', '0', '99999999999'])(
      'answers 404 {"detail": "Not found."} for id %s',
      async (id) => {
        const res = await ctx.app.inject({ url: `/api/images/${id}/` });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.' });
      },
    );

    it('answers 400 naming id when the id is not an integer', async () => {
      const res = await ctx.app.inject({ url: '/api/images/abc/' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ id: ['A valid integer is required.'] });
    });
  });

  describe('GET /media/*', () => {
    it('serves the picture files with immutable cache headers', async () => {
      const card = imageCardPage.parse(
        (await ctx.app.inject({ url: '/api/images/?limit=1' })).json(),
      ).results[0];
      const detail = image.parse(
        (await ctx.app.inject({ url: `/api/images/${card?.id}/` })).json(),
      );
      for (const url of [detail.thumb, detail.imgsrc]) {
        const res = await ctx.app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      }
    });

    it('answers 404 JSON for a missing file and never leaves MEDIA_DIR', async () => {
      for (const url of [
        '/media/thumbs/none.jpg',
        '/media/../package.json',
        '/media/%2e%2e/%2e%2e/etc/passwd',
      ]) {
        const res = await ctx.app.inject({ url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.' });
      }
    });
  });
});
