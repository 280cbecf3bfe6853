import type { MailMessage } from '../../lib/mail';
import { NAME_MAX, oneLine } from '../../lib/mail/user-text';

/** Words wrapped at this width: a staff message may be one long paragraph. */
const WRAP = 76;

function wrap(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const out: string[] = [];
      let current = '';
      for (const word of line.split(' ')) {
        if (current && current.length + 1 + word.length > WRAP) {
          out.push(current);
          current = word;
        } else {
          current = current ? `${current} ${word}` : word;
        }
      }
      out.push(current);
      // A single word longer than a mail line (a pasted blob) is cut.
      return out.map((part) => part.slice(0, 990)).join('\n');
    })
    .join('\n');
}

/** The email telling an applicant the staff decision, with the staff message. */
export function decisionEmail(input: {
  name: string;
  approved: boolean;
  message: string;
  /** PUBLIC_URL, when set: links in emails never come from a request. */
  publicUrl: string | undefined;
}): Omit<MailMessage, 'to'> {
  const where = input.publicUrl
    ? `${input.publicUrl}/artist/message`
    : 'the Artist Message page of the Artist Portal';
  const greeting = input.name ? `Hello ${oneLine(input.name, NAME_MAX)},` : 'Hello,';
  const body = input.approved
    ? 'Your artist application is approved. Welcome! Set up your royalty, tax and payout ' +
      'details to start selling your work as prints.'
    : 'Thank you for applying. Our curators reviewed your work and cannot accept your ' +
      'application at this time.';
  const message = input.message ? `\n\nA message from our curators:\n\n${wrap(input.message)}` : '';
  return {
    subject: input.approved
      ? 'Your artist application is approved'
      : 'About your artist application',
    text: `${greeting}\n\n${body}${message}\n\nSee it at ${where}.\n`,
  };
}
