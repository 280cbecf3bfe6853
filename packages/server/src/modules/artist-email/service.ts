import type { ArtistEmail } from '@atelier/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, notFound } from '../../lib/errors';
import type { Mailer, MailMessage } from '../../lib/mail';
import { oneLine, userText } from '../../lib/mail/user-text';
import type { ArtistEmailRepository, ArtistEmailRow } from './repository';

const ARTIST_EMAIL_MESSAGES = {
  noAddress: 'This artist has no email address.',
  notSent: 'The email could not be sent. Try again later.',
} as const;

/** Mail lines are at most 998 characters: longer paragraphs are wrapped at spaces. */
const MAIL_LINE = 900;

const wrap = (line: string): string[] => {
  const out: string[] = [];
  let rest = line;
  while (rest.length > MAIL_LINE) {
    const cut = rest.lastIndexOf(' ', MAIL_LINE);
    const at = cut > 0 ? cut : MAIL_LINE;
    out.push(rest.slice(0, at));
    rest = rest.slice(at).trimStart();
  }
  out.push(rest);
  return out;
};

/** The email as the artist receives it: staff's words, signed by Atelier. */
function artistMessageEmail(
  to: { email: string; name: string },
  subject: string,
  message: string,
): MailMessage {
  const body = message.split(/\r\n|\r|\n/).flatMap(wrap);
  return {
    to: to.email,
    subject: oneLine(subject, 200),
    text: [
      ...(to.name ? [`Dear ${userText(to.name)},`, ''] : []),
      ...body,
      '',
      'The Atelier team',
    ].join('\n'),
  };
}

const shape = (row: ArtistEmailRow): ArtistEmail => ({
  id: row.id,
  to: row.to_email,
  subject: row.subject,
  message: row.message,
  sender: row.sender,
  created: row.created.toISOString(),
});

export function createArtistEmailService(deps: {
  repository: ArtistEmailRepository;
  mailer: Mailer;
  log: FastifyBaseLogger;
}) {
  const { repository, mailer, log } = deps;
  return {
    /** 404 unless the profile exists (checked before the body). */
    async check(profileId: number): Promise<void> {
      if (!(await repository.recipient(profileId))) throw notFound();
    },

    /** Sends staff's message to the artist and records it; 400 when it has no address. */
    async send(
      profileId: number,
      senderId: number,
      input: { subject: string; message: string },
    ): Promise<ArtistEmail> {
      const to = await repository.recipient(profileId);
      if (!to) throw notFound();
      if (!to.email.includes('@')) {
        throw new ApiError(400, { non_field_errors: [ARTIST_EMAIL_MESSAGES.noAddress] });
      }
      try {
        await mailer.send(artistMessageEmail(to, input.subject, input.message));
      } catch (error) {
        log.error({ err: error, profile: profileId }, 'artist email failed');
        throw new ApiError(503, { detail: ARTIST_EMAIL_MESSAGES.notSent });
      }
      const id = await repository.record({ profileId, senderId, to: to.email, ...input });
      const { rows } = await repository.list(profileId, 1, 0);
      const row = rows.find((r) => r.id === id);
      if (!row) throw notFound();
      return shape(row);
    },

    async list(profileId: number, limit: number, offset: number) {
      await this.check(profileId);
      const { count, rows } = await repository.list(profileId, limit, offset);
      return { count, results: rows.map(shape) };
    },
  };
}
export type ArtistEmailService = ReturnType<typeof createArtistEmailService>;
