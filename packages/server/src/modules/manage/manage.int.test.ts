import {
  DRF_FIELD_TYPES,
  apiRoot,
  optionsMetadata,
  type FieldMetadata,
  type FormFields,
} from '@atelier/contracts';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { testUser, type TestUser } from '../collections/testing';
import { manageResources } from './resources';

const NUMERIC = new Set(['integer', 'float', 'decimal']);
const TEXTUAL = new Set(['string', 'email', 'url', 'regex', 'slug']);

/**
 * DRF's SimpleMetadata.get_field_info: which attributes each kind of field may carry
 * (https://www.django-rest-framework.org/api-guide/metadata/), beyond the strict contract.
 */
function conformanceProblems(fields: FormFields, path = ''): string[] {
  const problems: string[] = [];
  for (const [name, field] of Object.entries(fields) as [string, FieldMetadata][]) {
    const at = `${path}${name}`;
    if (!(DRF_FIELD_TYPES as readonly string[]).includes(field.type))
      problems.push(`${at}: type ${field.type}`);
    if (field.read_only && field.required) problems.push(`${at}: read-only yet required`);
    if (field.choices && (field.read_only || !['choice', 'multiple choice'].includes(field.type)))
      problems.push(`${at}: choices on a ${field.type}${field.read_only ? ' (read-only)' : ''}`);
    if ((field.type === 'choice' || field.type === 'multiple choice') && !field.read_only)
      if (!field.choices?.length) problems.push(`${at}: a writable choice without choices`);
    if (
      (field.min_value !== undefined || field.max_value !== undefined) &&
      !NUMERIC.has(field.type)
    )
      problems.push(`${at}: bounds on a ${field.type}`);
    if (
      (field.max_length !== undefined || field.min_length !== undefined) &&
      !TEXTUAL.has(field.type)
    )
      if (field.type !== 'list') problems.push(`${at}: lengths on a ${field.type}`);
    if (field.child && field.type !== 'list') problems.push(`${at}: child on a ${field.type}`);
    if (field.type === 'list' && !field.child) problems.push(`${at}: a list without child`);
    if (field.children) {
      if (field.type !== 'nested object') problems.push(`${at}: children on a ${field.type}`);
      problems.push(...conformanceProblems(field.children, `${at}.`));
    }
    if (field.child) problems.push(...conformanceProblems({ '[]': field.child }, `${at}`));
  }
  return problems;
}

describe.each(TEST_DRIVERS)('generic entity API (modules/manage) on %s', (driver) => {
  let ctx: TestContext;
  let staff: TestUser;
  let customer: TestUser;
  const send = (options: InjectOptions & { as?: TestUser | null }) => {
    const { as, ...rest } = options;
    return ctx.app.inject({ ...rest, headers: { ...rest.headers, ...(as ? as.headers : {}) } });
  };

  beforeAll(async () => {
    ctx = await createTestApp(driver, { images: 3 });
    staff = await testUser(ctx.app, ctx.database, 'staff@example.com', { staff: true });
    customer = await testUser(ctx.app, ctx.database, 'customer@example.com');
    // One image unpublished: staff lists show it, the storefront's do not.
    await ctx.database.db
      .updateTable('images')
      .set({ published: false })
      .where('id', '=', 1)
      .execute();
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('SimpleMetadata conformance', () => {
    it('answers OPTIONS for every type the API root reports, list and instance', async () => {
      // Something to open of every type.
      await send({
        method: 'POST',
        url: '/api/art-usage/',
        as: staff,
        payload: { name: 'Wall décor' },
      });
      await send({ method: 'POST', url: '/api/publisher/', as: staff, payload: { name: 'Press' } });
      await send({
        method: 'POST',
        url: '/api/collections/',
        as: staff,
        payload: { name: 'Mine' },
      });
      await ctx.database.db
        .insertInto('artist_profiles')
        .values({ user_id: customer.id, full_name: 'Casey', location: null })
        .execute();
      const root = apiRoot.parse((await send({ url: '/api/' })).json());
      expect(Object.keys(root).sort()).toEqual([
        'art-usage',
        'artist',
        'artist-payment',
        'artist-profile',
        'collections',
        'image',
        'images',
        'order',
        'payment-due',
        'publisher',
        'royalty-levels',
      ]);
      for (const [type, url] of Object.entries(root)) {
        const path = new URL(url).pathname;
        const list = await send({ method: 'OPTIONS', url: path, as: staff });
        expect([type, list.statusCode]).toEqual([type, 200]);
        const metadata = optionsMetadata.parse(list.json());
        expect(metadata.renders).toEqual(['application/json']);
        expect(metadata.name).toMatch(/ List$/);
        // Orders are made by checkout and keyed by number (modules/orders/fulfilment.int.test.ts);
        // payments by payout runs, keyed by token (modules/payouts): no row of theirs here.
        if (['order', 'payment-due', 'artist-payment'].includes(type)) {
          const fields = metadata.actions?.POST;
          if (fields) expect([type, conformanceProblems(fields)]).toEqual([type, []]);
          continue;
        }
        const first = (await send({ url: `${path}?limit=1`, as: staff })).json<{
          results: Array<{ id: number }>;
        }>().results[0];
        expect([type, first]).toEqual([type, expect.objectContaining({ id: expect.any(Number) })]);
        const one = await send({ method: 'OPTIONS', url: `${path}${first!.id}/`, as: staff });
        expect([type, one.statusCode]).toEqual([type, 200]);
        const instance = optionsMetadata.parse(one.json());
        expect(instance.name).toMatch(/ Instance$/);
        for (const fields of [metadata.actions?.POST, instance.actions?.PUT]) {
          if (!fields) continue;
          expect([type, conformanceProblems(fields)]).toEqual([type, []]);
          for (const name of ['id', 'created', 'modified']) {
            if (fields[name])
              expect([type, name, fields[name].read_only]).toEqual([type, name, true]);
          }
        }
      }
    });

    it('offers the create and edit forms to staff only', async () => {
      const forStaff = optionsMetadata.parse(
        (await send({ method: 'OPTIONS', url: '/api/artist/', as: staff })).json(),
      );
      expect(forStaff.actions?.POST?.royalty_code).toMatchObject({
        type: 'string',
        required: true,
        max_length: 40,
      });
      expect(forStaff.actions?.POST?.gaa_artist).toMatchObject({
        type: 'boolean',
        label: 'Portal',
      });
      const forCustomer = (
        await send({ method: 'OPTIONS', url: '/api/artist/', as: customer })
      ).json();
      expect(forCustomer).not.toHaveProperty('actions');
      const image = optionsMetadata.parse(
        (await send({ method: 'OPTIONS', url: '/api/image/1/', as: staff })).json(),
      );
      expect(image.actions?.PUT).toMatchObject({
        artist: { type: 'field', required: false, read_only: false },
        price: { type: 'integer', min_value: 1, max_value: 4 },
        keywords: { type: 'list', child: { type: 'string' } },
        published: { type: 'boolean' },
        preview: { type: 'image upload', read_only: true },
      });
      const profile = optionsMetadata.parse(
        (await send({ method: 'OPTIONS', url: '/api/artist-profile/', as: staff })).json(),
      );
      expect(profile).not.toHaveProperty('actions.POST');
    });
  });

  describe('staff only', () => {
    it('refuses every staff route of these types to anonymous (401) and customers (403)', async () => {
      const types = manageResources(ctx.database.db).map((resource) => resource.type);
      const routes = ctx.app.routeAccess.filter(
        (route) =>
          route.access === 'staff' &&
          types.some((type) => route.url.startsWith(`/api/${type}/`)) &&
          route.method !== 'HEAD',
      );
      // POST, PUT and PATCH of every type, and every read of the staff-only ones.
      expect(routes.length).toBeGreaterThanOrEqual(types.length * 3);
      for (const route of routes) {
        const url = route.url.replace(':id', '1');
        const payload = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
        const method = route.method as InjectOptions['method'];
        const anonymous = await send({ method, url, ...(payload ? { payload } : {}) });
        const refused = await send({ method, url, as: customer, ...(payload ? { payload } : {}) });
        expect([route.method, route.url, anonymous.statusCode, refused.statusCode]).toEqual([
          route.method,
          route.url,
          401,
          403,
        ]);
      }
    });
  });

  describe('lists', () => {
    it('pages by limit/offset and by page/page_size, with DRF links', async () => {
      for (const name of ['Alpha', 'Beta', 'Gamma']) {
        await send({ method: 'POST', url: '/api/publisher/', as: staff, payload: { name } });
      }
      const byPage = await send({ url: '/api/publisher/?page=2&page_size=2', as: staff });
      expect(byPage.statusCode).toBe(200);
      const page = byPage.json<{
        count: number;
        next: string | null;
        previous: string | null;
        results: { name: string }[];
      }>();
      expect(page.count).toBe(4);
      expect(page.results.map((row) => row.name)).toEqual(['Gamma', 'Press']);
      expect(page.next).toBeNull();
      expect(page.previous).toMatch(/page_size=2$/);
      const byOffset = (await send({ url: '/api/publisher/?limit=1&offset=1', as: staff })).json<
        typeof page
      >();
      expect(byOffset.results.map((row) => row.name)).toEqual(['Beta']);
      expect(byOffset.next).toMatch(/limit=1&offset=2/);
    });

    it('searches and orders', async () => {
      const found = (await send({ url: '/api/publisher/?search=amm', as: staff })).json<{
        results: { name: string }[];
      }>();
      expect(found.results.map((row) => row.name)).toEqual(['Gamma']);
      const ordered = (await send({ url: '/api/publisher/?ordering=-name', as: staff })).json<{
        results: { name: string }[];
      }>();
      expect(ordered.results.map((row) => row.name)).toEqual(['Press', 'Gamma', 'Beta', 'Alpha']);
      const artists = (await send({ url: '/api/artist/?ordering=-name&page_size=1' })).json<{
        count: number;
        results: unknown[];
        next: string;
      }>();
      expect(artists.results).toHaveLength(1);
      expect(artists.next).toMatch(/page=2/);
    });

    it('lists every image for staff, published or not', async () => {
      const all = (await send({ url: '/api/image/?limit=1000', as: staff })).json<{
        count: number;
        results: { id: number; published: boolean }[];
      }>();
      expect(all.count).toBe(3);
      expect(all.results.find((image) => image.id === 1)?.published).toBe(false);
      const shop = (await send({ url: '/api/images/' })).json<{ count: number }>();
      expect(shop.count).toBe(2);
    });
  });

  describe('create and update', () => {
    it('creates and edits an artist, and a related lookup finds it', async () => {
      const created = await send({
        method: 'POST',
        url: '/api/artist/',
        as: staff,
        payload: { name: '  Zed Zorn ', royalty_code: 'ZORN', gaa_artist: true },
      });
      expect(created.statusCode).toBe(201);
      const artist = created.json<{ id: number; name: string; active: boolean }>();
      expect(artist).toMatchObject({ name: 'Zed Zorn', active: true });
      const changed = await send({
        method: 'PATCH',
        url: `/api/artist/${artist.id}/`,
        as: staff,
        payload: { active: false },
      });
      expect(changed.json()).toMatchObject({ name: 'Zed Zorn', active: false });
      const detail = await send({ url: `/api/artist/${artist.id}/` });
      expect(detail.json()).toMatchObject({ royalty_code: 'ZORN', active: false });
      const lookup = (await send({ url: '/api/artist/?search=zorn&limit=1000', as: staff })).json<{
        results: { id: number }[];
      }>();
      expect(lookup.results.map((row) => row.id)).toEqual([artist.id]);
    });

    it('edits an image: title, keywords, artist, unpublishing', async () => {
      const artists = (await send({ url: '/api/artist/?ordering=id' })).json<{
        results: { id: number }[];
      }>();
      const other = artists.results.at(-1)!.id;
      const res = await send({
        method: 'PUT',
        url: '/api/image/2/',
        as: staff,
        payload: { title: 'Renamed', keywords: ['sea', 'blue'], artist: other, published: false },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        title: 'Renamed',
        keywords: ['sea', 'blue'],
        artist: other,
        published: false,
      });
    });

    it("searches images by title, local id and artist name, kept in step with each image's edits", async () => {
      type Found = { count: number; results: { id: number; title: string }[] };
      const search = async (term: string, extra = '') =>
        (
          await send({ url: `/api/image/?search=${encodeURIComponent(term)}${extra}`, as: staff })
        ).json<Found>();
      const db = ctx.database.db;
      const image = await db
        .selectFrom('images')
        .innerJoin('artists', 'artists.id', 'images.artist_id')
        .select(['images.id', 'images.local_id', 'artists.name'])
        .where('images.id', '=', 3)
        .executeTakeFirstOrThrow();
      await send({
        method: 'PATCH',
        url: '/api/image/3/',
        as: staff,
        payload: { title: 'Quokka Dawn' },
      });
      const byTitle = await search('okka da');
      expect(byTitle).toMatchObject({ count: 1, results: [{ id: 3, title: 'Quokka Dawn' }] });
      expect((await search(image.local_id)).results.map((r) => r.id)).toContain(3);
      const byArtist = await search(image.name);
      expect(byArtist.results.map((r) => r.id)).toContain(3);
      // A page past the last match keeps the exact count.
      expect(await search('okka da', '&offset=5')).toMatchObject({ count: 1, results: [] });
      // An image added and one deleted are found, and no longer found, at once.
      const added = await db
        .insertInto('images')
        .values({
          ...(await db
            .selectFrom('images')
            .select([
              'source',
              'artist_id',
              'caption',
              'max_width',
              'max_height',
              'orientation',
              'image_type',
              'master_path',
              'thumb_path',
              'thumb_width',
              'thumb_height',
            ])
            .where('id', '=', 3)
            .executeTakeFirstOrThrow()),
          local_id: 'QK-000777',
          title: 'Quokka Dusk',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect((await search('quokka d')).count).toBe(2);
      await db.deleteFrom('images').where('id', '=', added.id).execute();
      expect((await search('quokka d')).count).toBe(1);
      expect((await search('qk-000777')).count).toBe(0);
    });

    it('edits an artist profile, location included', async () => {
      const { id } = await ctx.database.db
        .selectFrom('artist_profiles')
        .select('id')
        .executeTakeFirstOrThrow();
      const res = await send({
        method: 'PATCH',
        url: `/api/artist-profile/${id}/`,
        as: staff,
        payload: { approved: true, location: { formatted_address: 'Lisbon, Portugal' } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        approved: true,
        location: { formatted_address: 'Lisbon, Portugal' },
      });
    });

    it.each([
      ['/api/art-usage/', { name: '' }, 'name', 'This field may not be blank.'],
      ['/api/art-usage/', {}, 'name', 'This field is required.'],
      [
        '/api/art-usage/',
        { name: 'x'.repeat(101) },
        'name',
        'Ensure this field has no more than 100 characters.',
      ],
      [
        '/api/art-usage/',
        { name: 'Wall décor' },
        'name',
        'art usage with this name already exists.',
      ],
      ['/api/art-usage/', { name: 'Ok', active: 'yes' }, 'active', 'Must be a valid boolean.'],
      [
        '/api/publisher/',
        { name: 'P2', email: 'not-mail' },
        'email',
        'Enter a valid email address.',
      ],
      ['/api/publisher/', { name: 'P3', website: 'ftp://x.example' }, 'website', undefined],
      [
        '/api/artist/',
        { name: 'A', royalty_code: 'ZORN' },
        'royalty_code',
        'artist with this royalty code already exists.',
      ],
      ['/api/artist/', { name: 'A' }, 'royalty_code', 'This field is required.'],
    ])('POST %s %j → 400 on %s', async (url, payload, field, message) => {
      const res = await send({ method: 'POST', url, as: staff, payload });
      expect(res.statusCode).toBe(400);
      const body = res.json<Record<string, string[]>>();
      expect(Object.keys(body)).toEqual([field]);
      if (message) expect(body[field]).toEqual([message]);
    });

    it.each([
      ['/api/image/2/', { price: 5 }, 'price'],
      ['/api/image/2/', { artist: 999999 }, 'artist'],
      ['/api/image/2/', { keywords: 'sea' }, 'keywords'],
      ['/api/artist-profile/1/', { email: 'x@' }, 'email'],
      ['/api/artist-profile/1/', { location: 'Lisbon' }, 'location'],
    ])('PATCH %s %j → 400 on %s', async (url, payload, field) => {
      const res = await send({ method: 'PATCH', url, as: staff, payload });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json<object>())).toEqual([field]);
    });

    it('answers 404 for an id naming nothing, before reading the body', async () => {
      const res = await send({
        method: 'PUT',
        url: '/api/publisher/99999/',
        as: staff,
        payload: {},
      });
      expect(res.statusCode).toBe(404);
    });
  });
});
