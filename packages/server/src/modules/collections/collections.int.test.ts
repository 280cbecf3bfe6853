import { collection, collectionPage, optionsMetadata, type Collection } from '@atelier/contracts';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { loadTestCatalogue } from '../search/testing';
import { insertCollection, testUser, type TestUser } from './testing';

const DENIED = { detail: 'You do not have permission to perform this action.' };
const NOT_FOUND = { detail: 'Not found.' };
const SIGN_IN = { detail: 'Authentication credentials were not provided.' };
/** Image 3 is unpublished; the others of 1–12 are published. */
const HIDDEN_IMAGE = 3;

describe.each(TEST_DRIVERS)('collections API on %s', (driver) => {
  let ctx: TestContext;
  let owner: TestUser;
  let other: TestUser;
  let curator: TestUser;
  let staff: TestUser;
  /** Fixtures: owner's public and private, curator's (staff) public-noncommunal and private. */
  const ids = { ownerPublic: 0, ownerPrivate: 0, curatorPublic: 0, curatorPrivate: 0 };

  const send = (options: InjectOptions & { as?: TestUser | null }) => {
    const { as, ...rest } = options;
    return ctx.app.inject({ ...rest, headers: { ...(as ? as.headers : {}), ...rest.headers } });
  };
  const list = async (as: TestUser | null, query = '') => {
    const res = await send({ url: `/api/collections/?limit=1000${query}`, as });
    expect(res.statusCode).toBe(200);
    return collectionPage.parse(res.json());
  };
  const names = (page: { results: Collection[] }) => page.results.map((c) => c.name);

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    await loadTestCatalogue(ctx.database.db, 12);
    await ctx.database.db.updateTable('images').set({ published: true }).execute();
    await ctx.database.db
      .updateTable('images')
      .set({ published: false })
      .where('id', '=', HIDDEN_IMAGE)
      .execute();
    owner = await testUser(ctx.app, ctx.database, 'owner@example.com');
    other = await testUser(ctx.app, ctx.database, 'other@example.com');
    curator = await testUser(ctx.app, ctx.database, 'curator@example.com', { staff: true });
    staff = await testUser(ctx.app, ctx.database, 'staff@example.com', { staff: true });
    ids.ownerPublic = await insertCollection(ctx.database, { name: 'beaches', owner }, [2, 1]);
    ids.ownerPrivate = await insertCollection(
      ctx.database,
      { name: 'drafts', owner, public: false },
      [HIDDEN_IMAGE, 4],
    );
    ids.curatorPublic = await insertCollection(ctx.database, {
      name: 'autumn',
      owner: curator,
      communal: false,
    });
    ids.curatorPrivate = await insertCollection(ctx.database, {
      name: 'clients',
      owner: curator,
      public: false,
    });
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  describe('visibility', () => {
    it.each([
      ['a guest', () => null, ['autumn', 'beaches']],
      ['another customer', () => other, ['autumn', 'beaches']],
      ['the owner', () => owner, ['autumn', 'beaches', 'drafts']],
      ['staff', () => staff, ['autumn', 'beaches', 'clients', 'drafts']],
    ])('lists to %s the public collections and their own (staff: all)', async (_, who, seen) => {
      const page = await list(who(), '&ordering=name');
      expect(names(page)).toEqual(seen);
      expect(page.count).toBe(seen.length);
      expect(page.next).toBeNull();
      expect(page.previous).toBeNull();
    });

    it.each([
      ['a guest', () => null, 404],
      ['another customer', () => other, 404],
      ['the owner', () => owner, 200],
      ['staff', () => staff, 200],
    ])('shows a private collection to %s? %s', async (_, who, status) => {
      const res = await send({ url: `/api/collections/${ids.ownerPrivate}/`, as: who() });
      expect(res.statusCode).toBe(status);
      if (status === 404) expect(res.json()).toEqual(NOT_FOUND);
    });

    it('answers a collection in the SPEC §3 shape, owner as the user uuid', async () => {
      const res = await send({ url: `/api/collections/${ids.ownerPublic}/` });
      expect(res.statusCode).toBe(200);
      expect(collection.strict().parse(res.json())).toEqual({
        id: ids.ownerPublic,
        name: 'beaches',
        description: '',
        communal: true,
        public: true,
        owner: owner.uuid,
        contents: [2, 1],
        created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        editable: false,
      });
    });

    it('hides unpublished images from the contents of non-staff callers', async () => {
      const url = `/api/collections/${ids.ownerPrivate}/`;
      expect((await send({ url, as: owner })).json()).toMatchObject({ contents: [4] });
      expect((await send({ url, as: staff })).json()).toMatchObject({
        contents: [HIDDEN_IMAGE, 4],
      });
    });

    it('answers 404 for an id that names nothing', async () => {
      const res = await send({ url: '/api/collections/999999/', as: staff });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    });
  });

  describe('listing', () => {
    it.each([
      ['name', ['autumn', 'beaches', 'clients', 'drafts']],
      ['-name', ['drafts', 'clients', 'beaches', 'autumn']],
      ['created', ['beaches', 'drafts', 'autumn', 'clients']],
      ['-created', ['clients', 'autumn', 'drafts', 'beaches']],
      ['', ['autumn', 'beaches', 'clients', 'drafts']],
      ['bogus', ['autumn', 'beaches', 'clients', 'drafts']],
    ])('orders by %s (name by default and for unknown keys)', async (ordering, expected) => {
      // Created one after another in beforeAll: equal timestamps are possible, so space them.
      const base = Date.parse('2025-01-01T00:00:00Z');
      const order = [ids.ownerPublic, ids.ownerPrivate, ids.curatorPublic, ids.curatorPrivate];
      for (const [i, id] of order.entries()) {
        await ctx.database.db
          .updateTable('collections')
          .set({ created: new Date(base + i * 60_000) })
          .where('id', '=', id)
          .execute();
      }
      expect(names(await list(staff, `&ordering=${ordering}`))).toEqual(expected);
    });

    it('searches part of the name in any case, wildcards literally', async () => {
      expect(names(await list(staff, '&search=EACH'))).toEqual(['beaches']);
      expect(names(await list(null, '&search=lient'))).toEqual([]);
      expect((await list(staff, '&search=%25')).count).toBe(0);
    });

    it('pages with limit and offset, at most 1000', async () => {
      const res = await send({
        url: '/api/collections/?limit=1&offset=1&ordering=name',
        as: staff,
      });
      const page = collectionPage.parse(res.json());
      expect(names(page)).toEqual(['beaches']);
      expect(page.count).toBe(4);
      expect(page.next).toBe('http://localhost/api/collections/?limit=1&offset=2&ordering=name');
      const tooMany = await send({ url: '/api/collections/?limit=1001' });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({
        limit: ['Ensure this value is less than or equal to 1000.'],
      });
    });

    it('marks what the caller may edit', async () => {
      const editable = async (as: TestUser) =>
        Object.fromEntries((await list(as)).results.map((c) => [c.name, c.editable]));
      expect(await editable(owner)).toEqual({ autumn: false, beaches: true, drafts: true });
      expect(await editable(staff)).toEqual({
        autumn: false,
        beaches: true,
        clients: true,
        drafts: true,
      });
      expect(await editable(other)).toEqual({ autumn: false, beaches: false });
    });
  });

  describe('create', () => {
    it('creates a collection owned by the caller, communal and public by default', async () => {
      const res = await send({
        method: 'POST',
        url: '/api/collections/',
        as: other,
        payload: { name: '  Night skies ', owner: staff.uuid, id: 1 },
      });
      expect(res.statusCode).toBe(201);
      const created = collection.parse(res.json());
      expect(created).toMatchObject({
        name: 'Night skies',
        description: '',
        communal: true,
        public: true,
        owner: other.uuid,
        contents: [],
        editable: true,
      });
      expect(created.id).not.toBe(1);
      const again = await send({ url: `/api/collections/${created.id}/` });
      expect(again.json()).toMatchObject({ name: 'Night skies', owner: other.uuid });
      await send({ method: 'DELETE', url: `/api/collections/${created.id}/`, as: other });
    });

    it('keeps the given flags and description', async () => {
      const res = await send({
        method: 'POST',
        url: '/api/collections/',
        as: owner,
        payload: { name: 'Secret', description: 'Mine.', communal: false, public: false },
      });
      expect(res.statusCode).toBe(201);
      const created = collection.parse(res.json());
      expect(created).toMatchObject({ description: 'Mine.', communal: false, public: false });
      expect((await send({ url: `/api/collections/${created.id}/` })).statusCode).toBe(404);
      await send({ method: 'DELETE', url: `/api/collections/${created.id}/`, as: owner });
    });

    it('refuses guests with 401', async () => {
      const res = await send({ method: 'POST', url: '/api/collections/', payload: { name: 'x' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(SIGN_IN);
    });

    it.each([
      [{}, { name: ['This field is required.'] }],
      [{ name: '   ' }, { name: ['This field may not be blank.'] }],
      [{ name: null }, { name: ['This field may not be null.'] }],
      [{ name: 'x'.repeat(101) }, { name: ['Ensure this field has no more than 100 characters.'] }],
      [{ name: 'ok', communal: 'yes' }, { communal: ['Must be a valid boolean.'] }],
      [{ name: 'ok', description: 5 }, { description: ['Not a valid string.'] }],
    ])('rejects %j with a 400 naming the field', async (payload, expected) => {
      const res = await send({ method: 'POST', url: '/api/collections/', as: owner, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expected);
    });

    it('accepts a name of exactly 100 characters', async () => {
      const name = 'y'.repeat(100);
      const res = await send({
        method: 'POST',
        url: '/api/collections/',
        as: owner,
        payload: { name },
      });
      expect(res.statusCode).toBe(201);
      await send({
        method: 'DELETE',
        url: `/api/collections/${res.json<Collection>().id}/`,
        as: owner,
      });
    });
  });

  describe('edit rights', () => {
    /** A fresh collection of the owner (or curator), then one PATCH by `actor`. */
    const attempt = async (
      collectionOwner: () => TestUser,
      communal: boolean,
      actor: () => TestUser | null,
    ) => {
      const id = await insertCollection(ctx.database, {
        name: 'matrix',
        owner: collectionOwner(),
        communal,
      });
      const res = await send({
        method: 'PATCH',
        url: `/api/collections/${id}/`,
        as: actor(),
        payload: { description: 'changed' },
      });
      const row = await ctx.database.db
        .selectFrom('collections')
        .select('description')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await ctx.database.db.deleteFrom('collections').where('id', '=', id).execute();
      return { status: res.statusCode, body: res.json() as unknown, description: row.description };
    };

    it.each([
      ['the owner', 'communal', () => owner, true, 200],
      ['the owner', 'non-communal', () => owner, false, 200],
      ['another customer', 'communal', () => other, true, 403],
      ['another customer', 'non-communal', () => other, false, 403],
      ['staff', 'communal', () => staff, true, 200],
      ['staff', 'non-communal', () => staff, false, 403],
      ['a guest', 'communal', () => null, true, 401],
    ])("lets %s change a customer's %s collection? %s", async (_, __, actor, communal, status) => {
      const result = await attempt(() => owner, communal, actor);
      expect(result.status).toBe(status);
      expect(result.description).toBe(status === 200 ? 'changed' : '');
      if (status === 403) expect(result.body).toEqual(DENIED);
      if (status === 401) expect(result.body).toEqual(SIGN_IN);
      if (status === 200) expect(result.body).toMatchObject({ description: 'changed' });
    });

    it.each([
      ['other staff', 'communal', () => staff, true, 200],
      ['other staff', 'non-communal', () => staff, false, 403],
      ['a customer', 'communal', () => owner, true, 403],
      ['its staff owner', 'non-communal', () => curator, false, 200],
    ])(
      "lets %s change a staff user's %s collection? %s",
      async (_, __, actor, communal, status) => {
        const result = await attempt(() => curator, communal, actor);
        expect(result.status).toBe(status);
        expect(result.description).toBe(status === 200 ? 'changed' : '');
      },
    );

    it('answers 404 before 403 for a collection the caller cannot see', async () => {
      for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
        const res = await send({
          method,
          url: `/api/collections/${ids.ownerPrivate}/`,
          as: other,
          payload: { name: 'stolen' },
        });
        expect(res.statusCode).toBe(404);
      }
      const prepend = await send({
        method: 'PATCH',
        url: `/api/collections/${ids.ownerPrivate}/prepend/`,
        as: other,
        payload: { prepend: [5] },
      });
      expect(prepend.statusCode).toBe(404);
    });

    it('checks rights before the body, as DRF does', async () => {
      const res = await send({
        method: 'PATCH',
        url: `/api/collections/${ids.curatorPublic}/`,
        as: staff,
        payload: { name: '' },
      });
      expect(res.statusCode).toBe(403);
      const bad = await send({
        method: 'PATCH',
        url: `/api/collections/${ids.ownerPublic}/`,
        as: owner,
        payload: { name: '' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ name: ['This field may not be blank.'] });
    });

    it('replaces with PUT (name required) and ignores read-only fields', async () => {
      const id = await insertCollection(ctx.database, { name: 'old', owner });
      const missing = await send({
        method: 'PUT',
        url: `/api/collections/${id}/`,
        as: owner,
        payload: { description: 'd' },
      });
      expect(missing.json()).toEqual({ name: ['This field is required.'] });
      const res = await send({
        method: 'PUT',
        url: `/api/collections/${id}/`,
        as: owner,
        payload: { name: 'new', description: 'd', public: false, owner: other.uuid, contents: [7] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'new',
        description: 'd',
        public: false,
        communal: true,
        owner: owner.uuid,
        contents: [],
      });
      await ctx.database.db.deleteFrom('collections').where('id', '=', id).execute();
    });
  });

  describe('contents', () => {
    let id: number;
    const change = (action: 'prepend' | 'remove', values: unknown, as: TestUser = owner) =>
      send({
        method: 'PATCH',
        url: `/api/collections/${id}/${action}/`,
        as,
        payload: { [action]: values },
      });
    const contents = async () =>
      (await send({ url: `/api/collections/${id}/`, as: staff })).json<Collection>().contents;

    beforeEach(async () => {
      id = await insertCollection(ctx.database, { name: 'ordered', owner }, [5, 6, 7]);
    });
    afterEach(async () => {
      await ctx.database.db.deleteFrom('collections').where('id', '=', id).execute();
    });

    it('prepends in the order given, keeping the rest in theirs', async () => {
      const res = await change('prepend', [9, 8]);
      expect(res.statusCode).toBe(200);
      expect(collection.parse(res.json()).contents).toEqual([9, 8, 5, 6, 7]);
      await change('prepend', [10]);
      expect(await contents()).toEqual([10, 9, 8, 5, 6, 7]);
    });

    it('moves an image already there to the front, never twice', async () => {
      const res = await change('prepend', [7, 7, 11, 7]);
      expect(res.json()).toMatchObject({ contents: [7, 11, 5, 6] });
      const rows = await ctx.database.db
        .selectFrom('collection_images')
        .select('image_id')
        .where('collection_id', '=', id)
        .execute();
      expect(rows).toHaveLength(4);
    });

    it('removes images, ignoring ones not in it', async () => {
      const res = await change('remove', [6, 12, 6]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ contents: [5, 7] });
      expect(await contents()).toEqual([5, 7]);
    });

    it('moves modified on every change', async () => {
      const before = (await send({ url: `/api/collections/${id}/` })).json<Collection>().modified;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const after = (await change('remove', [5])).json<Collection>().modified;
      expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
    });

    it('refuses ids that name no image, changing nothing', async () => {
      const res = await change('prepend', [8, 999_999, 888_888]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        prepend: [
          'Invalid pk "999999" - object does not exist.',
          'Invalid pk "888888" - object does not exist.',
        ],
      });
      const removing = await change('remove', [5, 777_777]);
      expect(removing.json()).toEqual({ remove: ['Invalid pk "777777" - object does not exist.'] });
      expect(await contents()).toEqual([5, 6, 7]);
    });

    it('lets only staff add an unpublished image', async () => {
      const res = await change('prepend', [HIDDEN_IMAGE]);
      expect(res.json()).toEqual({
        prepend: [`Invalid pk "${HIDDEN_IMAGE}" - object does not exist.`],
      });
      const id2 = await insertCollection(ctx.database, { name: 'staff set', owner: staff });
      const ok = await send({
        method: 'PATCH',
        url: `/api/collections/${id2}/prepend/`,
        as: staff,
        payload: { prepend: [HIDDEN_IMAGE] },
      });
      expect(ok.json()).toMatchObject({ contents: [HIDDEN_IMAGE] });
      await ctx.database.db.deleteFrom('collections').where('id', '=', id2).execute();
    });

    it.each([
      [{ prepend: 'x' }, { prepend: ['Expected a list of items but got type "string".'] }],
      [{ prepend: [5, 'x'] }, { prepend: ['Incorrect type. Expected pk value, received str.'] }],
      [{ prepend: [1.5] }, { prepend: ['Incorrect type. Expected pk value, received float.'] }],
      [{ prepend: [0] }, { prepend: ['Invalid pk "0" - object does not exist.'] }],
      [{}, { prepend: ['This field is required.'] }],
    ])('rejects the body %j naming the field', async (payload, expected) => {
      const res = await send({
        method: 'PATCH',
        url: `/api/collections/${id}/prepend/`,
        as: owner,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expected);
    });

    it('refuses changes by a caller without edit rights', async () => {
      const res = await change('prepend', [8], other);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(DENIED);
      const guest = await send({
        method: 'PATCH',
        url: `/api/collections/${id}/remove/`,
        payload: { remove: [5] },
      });
      expect(guest.statusCode).toBe(401);
      expect(await contents()).toEqual([5, 6, 7]);
    });

    it('loses an image when the image is deleted', async () => {
      const spare = await ctx.database.db
        .selectFrom('images')
        .selectAll()
        .where('id', '=', 12)
        .executeTakeFirstOrThrow();
      await change('prepend', [12]);
      await ctx.database.db.deleteFrom('images').where('id', '=', 12).execute();
      expect(await contents()).toEqual([5, 6, 7]);
      // The generated columns are the database's to fill in.
      const {
        search: _search,
        search_tags: _tags,
        ...restorable
      } = spare as typeof spare & {
        search_tags: unknown;
      };
      await ctx.database.db.insertInto('images').values(restorable).execute();
    });
  });

  describe('delete', () => {
    it('deletes a collection and its membership rows for the owner', async () => {
      const id = await insertCollection(ctx.database, { name: 'gone', owner }, [1, 2]);
      const denied = await send({ method: 'DELETE', url: `/api/collections/${id}/`, as: other });
      expect(denied.statusCode).toBe(403);
      const res = await send({ method: 'DELETE', url: `/api/collections/${id}/`, as: owner });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await send({ url: `/api/collections/${id}/`, as: staff })).statusCode).toBe(404);
      const rows = await ctx.database.db
        .selectFrom('collection_images')
        .select('image_id')
        .where('collection_id', '=', id)
        .execute();
      expect(rows).toEqual([]);
    });

    it('lets staff delete a communal collection but not a non-communal one', async () => {
      const communal = await insertCollection(ctx.database, { name: 'c', owner });
      const solo = await insertCollection(ctx.database, { name: 's', owner, communal: false });
      const ok = await send({ method: 'DELETE', url: `/api/collections/${communal}/`, as: staff });
      expect(ok.statusCode).toBe(204);
      const no = await send({ method: 'DELETE', url: `/api/collections/${solo}/`, as: staff });
      expect(no.statusCode).toBe(403);
      await ctx.database.db.deleteFrom('collections').where('id', '=', solo).execute();
    });
  });

  describe('OPTIONS', () => {
    it('describes the form fields in DRF metadata for a signed-in caller', async () => {
      const res = await send({ method: 'OPTIONS', url: '/api/collections/', as: owner });
      expect(res.statusCode).toBe(200);
      const metadata = optionsMetadata.parse(res.json());
      expect(metadata).toMatchObject({
        name: 'Collection List',
        renders: ['application/json'],
        parses: ['application/json'],
      });
      const post = metadata.actions?.POST ?? {};
      expect(post.name).toEqual({
        type: 'string',
        required: true,
        read_only: false,
        label: 'Name',
        max_length: 100,
      });
      expect(post.description).toMatchObject({ type: 'string', required: false, read_only: false });
      expect(post.communal).toMatchObject({ type: 'boolean', required: false });
      expect(post.public).toMatchObject({ type: 'boolean', required: false });
      for (const field of ['id', 'owner', 'created', 'modified', 'contents']) {
        expect(post[field]).toMatchObject({ read_only: true, required: false });
      }
    });

    it('offers no actions to a guest, who may not create', async () => {
      const res = await send({ method: 'OPTIONS', url: '/api/collections/' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty('actions');
    });

    it('offers PUT on a collection only to those who may edit it', async () => {
      const url = `/api/collections/${ids.ownerPublic}/`;
      const mine = optionsMetadata.parse(
        (await send({ method: 'OPTIONS', url, as: owner })).json(),
      );
      expect(Object.keys(mine.actions ?? {})).toEqual(['PUT']);
      const theirs = (await send({ method: 'OPTIONS', url, as: other })).json() as object;
      expect(theirs).not.toHaveProperty('actions');
      const hidden = await send({
        method: 'OPTIONS',
        url: `/api/collections/${ids.ownerPrivate}/`,
        as: other,
      });
      expect(hidden.statusCode).toBe(404);
    });
  });
});
