import Fastify, { type FastifyInstance } from 'fastify';
import { registerAccess } from '../../plugins/access';
import { DOCS_PREFIX } from '../../plugins/openapi';
import { registerViewer } from '../../plugins/viewer';

const handler = async () => ({ ok: true });

function bareApp(): FastifyInstance {
  const app = Fastify({ logger: false });
  registerViewer(app);
  registerAccess(app);
  return app;
}

describe('route access declarations', () => {
  it('refuses to start with an API route that says nothing about who may call it', async () => {
    const app = bareApp();
    const starting = (async () => {
      await app.register(async (plugin) => {
        plugin.get('/api/v2/forgotten/', handler);
      });
      await app.ready();
    })();
    await expect(starting).rejects.toThrow(/GET \/api\/v2\/forgotten\/: no valid access/);
  });

  it('refuses a level that is not one of the documented ones', async () => {
    const app = bareApp();
    expect(() =>
      app.get('/content/x/', { config: { access: 'everyone' as 'public' } }, handler),
    ).toThrow(/GET \/content\/x\/: no valid access/);
  });

  it('leaves routes outside the API alone, and the API docs public', async () => {
    const app = bareApp();
    app.get('/remotes.json', handler);
    app.get(`${DOCS_PREFIX}/json`, handler);
    app.get('/api/a/', { config: { access: 'user' } }, handler);
    await app.ready();
    expect(app.routeAccess).toEqual([
      { method: 'GET', url: `${DOCS_PREFIX}/json`, access: 'public' },
      { method: 'HEAD', url: `${DOCS_PREFIX}/json`, access: 'public' },
      { method: 'GET', url: '/api/a/', access: 'user' },
      { method: 'HEAD', url: '/api/a/', access: 'user' },
    ]);
    await app.close();
  });

  it('answers 401 and 403 for a user or staff route whose handler forgot to check', async () => {
    const app = bareApp();
    app.get('/api/user/', { config: { access: 'user' } }, handler);
    app.get('/api/staff/', { config: { access: 'staff' } }, handler);
    app.get('/api/open/', { config: { access: 'public' } }, handler);
    app.addHook('onRequest', async (request) => {
      if (request.headers['x-test-user'] === 'yes') {
        request.viewer = { userId: 1, userUuid: 'u', isStaff: false };
      }
    });
    const status = async (url: string, signedIn: boolean) =>
      (await app.inject({ url, headers: signedIn ? { 'x-test-user': 'yes' } : {} })).statusCode;
    expect([await status('/api/user/', false), await status('/api/user/', true)]).toEqual([
      401, 200,
    ]);
    expect([await status('/api/staff/', false), await status('/api/staff/', true)]).toEqual([
      401, 403,
    ]);
    expect(await status('/api/open/', false)).toBe(200);
    await app.close();
  });
});
