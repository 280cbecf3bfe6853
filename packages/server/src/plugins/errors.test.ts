import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTestApp, type TestContext } from '../test/app';
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
    app.get('/api/test-boom/', async () => {
      throw new Error('secret internal detail at /etc/passwd');
    });
    app.post(
      '/api/test-body/',
      {
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
