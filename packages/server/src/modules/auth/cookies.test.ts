import Fastify from 'fastify';
import { readCookie, setCookie } from './cookies';

async function app() {
  const server = Fastify();
  server.get('/', async (request, reply) => {
    setCookie(reply, 'sessionid', 'a b/=', {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      maxAge: 60,
    });
    return { value: readCookie(request, 'sessionid') ?? null };
  });
  return server;
}

describe('session cookie', () => {
  it('reads the first cookie of the name, decoded, and nothing when absent', async () => {
    const server = await app();
    const read = async (cookie?: string) =>
      (await server.inject({ url: '/', headers: cookie === undefined ? {} : { cookie } })).json<{
        value: string | null;
      }>().value;
    expect(await read('theme=dark; sessionid=abc%20d; sessionid=second')).toBe('abc d');
    expect(await read('theme=dark')).toBeNull();
    expect(await read()).toBeNull();
    await server.close();
  });

  it('is set HttpOnly, SameSite=Lax, Secure when asked, with Max-Age and Expires', async () => {
    const server = await app();
    const res = await server.inject({ url: '/' });
    const header = String(res.headers['set-cookie']);
    expect(header.startsWith('sessionid=a%20b%2F%3D; Max-Age=60; Path=/; Expires=')).toBe(true);
    expect(header).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
    await server.close();
  });
});
