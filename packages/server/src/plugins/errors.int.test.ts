import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTestApp, type TestContext } from '../test/app';
import { validationError } from '@atelier/contracts';
import { idParams } from '../lib/query';
import { TEST_DRIVERS } from '../test/databases';

describe.each(TEST_DRIVERS)('error handling and OpenAPI on %s', (driver) => {
  let ctx: TestContext;
  const logged: unknown[] = [];

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    const app = ctx.app.withTypeProvider<ZodTypeProvider>();
    app.addHook('onError', async (_request, _reply, error) => {
      logged.push(error);
    });
    app.get('/api/test-boom/', { config: { access: 'public' } }, async () => {
      throw new Error('secret internal detail at /etc/passwd');
    });
    app.post(
      '/api/test-body/',
      {
        config: { access: 'public' },
        schema: {
          body: z.object({
            name: z.string().max(5),
            size: z.object({ w: z.number().min(0.1) }),
            email: z.email(),
          }),
        },
      },
      async () => ({ ok: true }),
    );
    // As the real routes declare it: the 400 response schema of a body route.
    app.post(
      '/api/test-declared/',
      {
        config: { access: 'public' },
        schema: {
          body: z.object({ name: z.string() }),
          response: { 200: z.object({ ok: z.boolean() }), 400: validationError },
        },
      },
      async () => ({ ok: true }),
    );
    app.get(
      '/api/test-id/:id/',
      { config: { access: 'public' }, schema: { params: idParams } },
      async (request) => ({
        id: request.params.id,
      }),
    );
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers a generic 500 without the message or a stack trace', async () => {
    const res = await ctx.app.inject({ url: '/api/test-boom/' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'A server error occurred.' });
    expect(res.body).not.toMatch(/secret|passwd|at /);
    expect(logged).toHaveLength(1);
  });

  it('answers DRF field errors for a bad body, nested fields included', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-body/',
      payload: { name: 'too long', size: { w: 0 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ['Ensure this field has no more than 5 characters.'],
      size: { w: ['Ensure this value is greater than or equal to 0.1.'] },
      email: ['This field is required.'],
    });
  });

  it('answers a DRF detail for malformed JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-body/',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'JSON parse error.' });
  });

  it.each([
    ['malformed JSON', '{"name":', 'JSON parse error.'],
    ['an empty body', '', 'JSON parse error - empty body.'],
    ['a __proto__ key', '{"__proto__":{"is_staff":true},"name":"x"}', 'JSON parse error.'],
    ['a constructor.prototype key', '{"constructor":{"prototype":{}}}', 'JSON parse error.'],
  ])(
    'answers 400 {detail} for %s on a route whose 400 lists field errors',
    async (_, body, detail) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/test-declared/',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail });
    },
  );

  it('answers DRF details, not Fastify codes, for a URL that is not valid percent-encoding', async () => {
    const res = await ctx.app.inject({ url: '/api/test-id/%E2%82/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Malformed URL.' });
  });

  it('answers 404 for a path parameter too long to route', async () => {
    const res = await ctx.app.inject({ url: `/api/test-id/${'1'.repeat(500)}/` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers 404 for an integer id outside PostgreSQL integer, 400 for no integer', async () => {
    for (const id of ['2147483648', '-2147483649', '9007199254740991']) {
      const res = await ctx.app.inject({ url: `/api/test-id/${id}/` });
      expect([id, res.statusCode, res.json()]).toEqual([id, 404, { detail: 'Not found.' }]);
    }
    const inRange = await ctx.app.inject({ url: '/api/test-id/2147483647/' });
    expect(inRange.json()).toEqual({ id: 2147483647 });
    const notAnInteger = await ctx.app.inject({ url: '/api/test-id/1e309/' });
    expect(notAnInteger.statusCode).toBe(400);
    expect(notAnInteger.json()).toEqual({ id: ['A valid integer is required.'] });
  });

  it('answers 404, not 500, for an out-of-range id on a real route', async () => {
    const res = await ctx.app.inject({ url: '/api/images/2147483648/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('serves the OpenAPI document and its UI at /api/docs', async () => {
    const doc = await ctx.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json() as {
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    };
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/',
        '/api/health/',
        '/api/images/',
        '/api/images/{id}/',
        '/api/artist/',
        '/content/search/v3/',
        '/remotes.json',
      ]),
    );
    const searchParams = spec.paths['/content/search/v3/']?.get?.parameters?.map((p) => p.name);
    expect(searchParams).toEqual(expect.arrayContaining(['q', 'sort', 'limit', 'offset']));
    expect(Object.keys(spec.paths).some((p) => p.startsWith('/media'))).toBe(false);

    const ui = await ctx.app.inject({ url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});
