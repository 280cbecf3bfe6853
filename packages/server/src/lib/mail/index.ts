import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { oneLine } from './user-text';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; every line at most 998 characters (RFC 5322). Written unencoded. */
  text: string;
  /**
   * The HTML alternative (written base64-encoded, so that a search of the file finds the
   * text part). Default: the text, escaped, with its links made clickable.
   */
  html?: string;
}

interface SentMail {
  messageId: string;
  /** The .eml file written to the outbox; absent when sent through SMTP. */
  file?: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  /** Where messages are written as .eml files when there is no SMTP server. */
  outboxDir: string;
  /** smtp:// or smtps:// URL; absent: write to the outbox. */
  smtpUrl?: string | undefined;
  /** The From header (MAIL_FROM). */
  from: string;
  log: FastifyBaseLogger;
}

const MAX_LINE = 998;

/**
 * The text part, pre-built so that it is sent as 7bit (8bit for non-ASCII) text instead of
 * quoted-printable: nodemailer picks quoted-printable for any line over 76 characters and
 * its soft line breaks would cut a long link in two.
 */
function rawTextPart(text: string): string {
  const lines = text.split(/\r?\n/);
  const tooLong = lines.find((line) => line.length > MAX_LINE);
  if (tooLong !== undefined) throw new Error(`mail text line over ${MAX_LINE} characters`);
  // eslint-disable-next-line no-control-regex
  const encoding = /^[\x00-\x7f]*$/.test(text) ? '7bit' : '8bit';
  return [
    'Content-Type: text/plain; charset=utf-8',
    `Content-Transfer-Encoding: ${encoding}`,
    '',
    lines.join('\r\n'),
  ].join('\r\n');
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The text as HTML: escaped, line breaks kept, http(s) links clickable. */
export function textToHtml(text: string): string {
  const body = escapeHtml(text).replace(
    /https?:\/\/[^\s<>"]+/g,
    (url) => `<a href="${url}">${url}</a>`,
  );
  return `<div style="font-family: sans-serif; white-space: pre-wrap">${body}</div>`;
}

let sequence = 0;

/** A file name that sorts by time: `2025-06-01T10-00-00-000Z-000001-1a2b3c4d.eml`. */
export function outboxFileName(now: Date = new Date()): string {
  sequence = (sequence + 1) % 1_000_000;
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`;
}

/** Email through nodemailer: SMTP when SMTP_URL is set, else .eml files in the outbox. */
export function createMailer(options: MailerOptions): Mailer {
  const { from, log } = options;
  const smtp = Boolean(options.smtpUrl);
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const compose = (message: MailMessage) => ({
    from,
    to: message.to,
    // Subjects may carry user text one day: it must never start a header of its own.
    subject: oneLine(message.subject, 200),
    // Always two alternatives: a raw text part alone would become the whole message and
    // lose its headers.
    text: { raw: rawTextPart(message.text) },
    html: { content: message.html ?? textToHtml(message.text), contentTransferEncoding: 'base64' },
  });

  return {
    kind: smtp ? 'smtp' : 'outbox',
    async send(message) {
      const info = (await transport.sendMail(compose(message))) as {
        messageId: string;
        message?: Buffer;
      };
      if (smtp) {
        log.info(
          { to: message.to, subject: message.subject, messageId: info.messageId },
          'mail sent',
        );
        return { messageId: info.messageId };
      }
      if (!Buffer.isBuffer(info.message)) throw new Error('the mail transport built no message');
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, outboxFileName());
      await writeFile(file, info.message, { mode: 0o600 });
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
      return { messageId: info.messageId, file };
    },
    close() {
      transport.close();
    },
  };
}
