import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { HEADERS_TIMEOUT_MS, httpTimeouts, KEEP_ALIVE_TIMEOUT_MS } from './http-timeouts';
import { createTestApp, type TestContext } from './test/app';

/** Everything the server writes on `socket` until it closes it (or `limitMs` passes). */
function readUntilClosed(
  socket: Socket,
  limitMs: number,
): Promise<{ text: string; closed: boolean; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false, ms: Date.now() - started });
    }, limitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true, ms: Date.now() - started });
    });
  });
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('httpTimeouts', () => {
  it('turns REQUEST_TIMEOUT into the server timeouts', () => {
    const options = httpTimeouts({ requestTimeout: 30 });
    expect(options.requestTimeout).toBe(30_000);
    expect(options.http.requestTimeout).toBe(30_000);
    expect(options.http.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(options.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    // An idle connection is the load balancer's to close, never a request in progress.
    expect(options.connectionTimeout).toBeGreaterThan(options.keepAliveTimeout);
    expect(options.connectionTimeout).toBeGreaterThanOrEqual(options.requestTimeout);
  });

  it('never waits longer for headers than for the whole request', () => {
    expect(httpTimeouts({ requestTimeout: 5 }).http.headersTimeout).toBe(5_000);
  });
});

describe('request timeouts on a listening server', () => {
  const REQUEST_TIMEOUT_S = 1;
  /** The deadline, plus Node's 1 s check interval, plus slack for a busy machine. */
  const DROPPED_WITHIN_MS = REQUEST_TIMEOUT_S * 1000 + 4_000;
  let ctx: TestContext;
  let port: number;

  beforeAll(async () => {
    ctx = await createTestApp('pglite', { config: { requestTimeout: REQUEST_TIMEOUT_S } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('drops a half-sent body with 408 within the timeout', async () => {
    const socket = await open(port);
    const body = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(60) });
    socket.write(
      'POST /auth/jwt/create/ HTTP/1.1\r\nHost: localhost\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n` +
        body.slice(0, 10),
    );
    const answer = await readUntilClosed(socket, DROPPED_WITHIN_MS);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_S * 1000 - 100);
  });

  it('drops a request whose headers never end with 408', async () => {
    const socket = await open(port);
    socket.write('GET /api/ HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    const answer = await readUntilClosed(socket, DROPPED_WITHIN_MS);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.closed).toBe(true);
  });

  it('keeps an idle keep-alive connection open past the request timeout', async () => {
    const socket = await open(port);
    socket.setEncoding('utf8');
    const request = 'GET /api/ HTTP/1.1\r\nHost: localhost\r\n\r\n';
    const answers: string[] = [];
    socket.on('data', (chunk: string) => answers.push(chunk));
    socket.write(request);
    await new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_S * 1000 + 2_000));
    expect(socket.destroyed).toBe(false);
    socket.write(request);
    await new Promise((resolve) => setTimeout(resolve, 500));
    socket.destroy();
    const statuses = answers.join('').match(/HTTP\/1\.1 \d{3}/g);
    expect(statuses).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
  });
});
