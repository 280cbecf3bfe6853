import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer, outboxFileName, textToHtml } from './index';

const LINK =
  'http://localhost:8181/accounts/reset-password-confirm/0b7c2f1e-1234-4abc-9def-0123456789ab/' +
  'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdefgh';

const logged: unknown[] = [];
const log = {
  info: (...args: unknown[]) => logged.push(args),
  child: () => log,
} as unknown as FastifyBaseLogger;

describe('mail', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'atelier-mail-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const mailer = () =>
    createMailer({
      outboxDir: path.join(dir, 'outbox'),
      from: 'Atelier <no-reply@atelier.example>',
      log,
    });

  it('writes an .eml file to the outbox with a long link verbatim on its own line', async () => {
    const sent = await mailer().send({
      to: 'ada@example.com',
      subject: 'Password reset on Atelier',
      text: `Hello,\n\nOpen this link:\n\n${LINK}\n\nAtelier\n`,
      html: `<p><a href="${LINK}">Choose a new password</a></p>`,
    });
    expect(sent.file).toBeDefined();
    const eml = await readFile(sent.file ?? '', 'utf8');
    expect(eml).toMatch(/^From: Atelier <no-reply@atelier\.example>$/m);
    expect(eml).toMatch(/^To: ada@example\.com$/m);
    expect(eml).toMatch(/^Subject: Password reset on Atelier$/m);
    expect(eml).toContain('Content-Transfer-Encoding: 7bit');
    expect(LINK.length).toBeGreaterThan(76);
    expect(eml.split(/\r?\n/)).toContain(LINK);
    // Once only: the HTML alternative is base64, so a search finds the text part's link.
    expect(eml.split(LINK)).toHaveLength(2);
    expect((await stat(sent.file ?? '')).mode & 0o777).toBe(0o600);
  });

  it('sends non-ASCII text as 8bit, still unencoded', async () => {
    const sent = await mailer().send({
      to: 'zoe@example.com',
      subject: 'Bonjour Zoë',
      text: `Bonjour Zoë,\n${LINK}\n`,
    });
    const eml = await readFile(sent.file ?? '', 'utf8');
    expect(eml).toContain('Content-Transfer-Encoding: 8bit');
    expect(eml).toContain('Bonjour Zoë,');
    expect(eml.split(/\r?\n/)).toContain(LINK);
  });

  it('names files so that they sort by time', async () => {
    const out = mailer();
    for (let i = 0; i < 3; i++) {
      await out.send({ to: `n${i}@example.com`, subject: `n${i}`, text: `message ${i}` });
    }
    const files = await readdir(path.join(dir, 'outbox'));
    expect(files).toHaveLength(3);
    const sorted = [...files].sort();
    const order = await Promise.all(
      sorted.map(
        async (file) =>
          /^To: (\S+)$/m.exec(await readFile(path.join(dir, 'outbox', file), 'utf8'))?.[1],
      ),
    );
    expect(order).toEqual(['n0@example.com', 'n1@example.com', 'n2@example.com']);
    const earlier = outboxFileName(new Date('2025-01-01T00:00:00Z'));
    const later = outboxFileName(new Date('2025-01-01T00:00:00.001Z'));
    expect(earlier < later).toBe(true);
    expect(earlier).toMatch(/^2025-01-01T00-00-00-000Z-\d{6}-[0-9a-f]{8}\.eml$/);
  });

  it('refuses a text line over 998 characters', async () => {
    await expect(
      mailer().send({ to: 'a@example.com', subject: 's', text: 'x'.repeat(999) }),
    ).rejects.toThrow(/998/);
  });
});

describe('textToHtml', () => {
  it('escapes the text and makes links clickable', () => {
    expect(textToHtml('a < b & "c"\nsee https://x.example/p?q=1 now')).toBe(
      '<div style="font-family: sans-serif; white-space: pre-wrap">a &#60; b &#38; &#34;c&#34;\n' +
        'see <a href="https://x.example/p?q=1">https://x.example/p?q=1</a> now</div>',
    );
  });
});

/** A minimal SMTP server that keeps what it receives. */
function fakeSmtp(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let at: number;
      while (true) {
        if (data) {
          at = buffer.indexOf('\r\n.\r\n');
          if (at < 0) return;
          received.push(buffer.slice(0, at));
          buffer = buffer.slice(at + 5);
          data = false;
          socket.write('250 queued\r\n');
          continue;
        }
        at = buffer.indexOf('\r\n');
        if (at < 0) return;
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, received }),
    );
  });
}

describe('mail over SMTP', () => {
  it('sends through SMTP_URL instead of writing the outbox', async () => {
    const smtp = await fakeSmtp();
    const dir = await mkdtemp(path.join(tmpdir(), 'atelier-smtp-'));
    try {
      const mailer = createMailer({
        outboxDir: path.join(dir, 'outbox'),
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: 'Atelier <no-reply@atelier.example>',
        log,
      });
      expect(mailer.kind).toBe('smtp');
      const sent = await mailer.send({
        to: 'ada@example.com',
        subject: 'Hi',
        text: `Go:\n${LINK}\n`,
      });
      mailer.close();
      expect(sent.file).toBeUndefined();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatch(/^To: ada@example\.com\r?$/m);
      expect(smtp.received[0]?.split(/\r?\n/)).toContain(LINK);
      await expect(readdir(path.join(dir, 'outbox'))).rejects.toThrow();
    } finally {
      smtp.server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
