import { domainToASCII } from 'node:url';

export const EMAIL_MAX_LENGTH = 254;

/** Django's normalize_email, after DRF's trim: the domain is lowercased, the local part kept. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim();
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return `${email.slice(0, at)}@${email.slice(at + 1).toLowerCase()}`;
}

// Django's EmailValidator: a dot-atom local part (quoted local parts are not accepted)
// and hostname labels.
const USER = /^[-!#$%&'*+/=?^_`{}|~0-9A-Z]+(?:\.[-!#$%&'*+/=?^_`{}|~0-9A-Z]+)*$/i;
const DOMAIN = /^(?:[A-Z0-9](?:[A-Z0-9-]{0,61}[A-Z0-9])?\.)+[A-Z0-9-]{2,63}$/i;

/** Whether Django's EmailValidator accepts the (normalised) address. */
export function isValidEmail(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return false;
  const user = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!USER.test(user)) return false;
  // Internationalised domains are checked in their ASCII (punycode) form.
  const ascii = domainToASCII(domain);
  return ascii !== '' && DOMAIN.test(ascii) && !ascii.endsWith('-');
}
