import { isValidEmail, normalizeEmail } from './email';

describe('email addresses', () => {
  it('trims and lowercases the domain only (Django normalize_email)', () => {
    expect(normalizeEmail('  Ada.Lovelace@EXAMPLE.Com ')).toBe('Ada.Lovelace@example.com');
    expect(normalizeEmail('no-at-sign')).toBe('no-at-sign');
  });

  it.each([
    'a@example.com',
    'first.last+tag@sub.example.co.uk',
    "o'brien@example.ie",
    'user@xn--bcher-kva.example',
    'user@bücher.example',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'plain',
    '@example.com',
    'a@',
    'a@b',
    'a@-example.com',
    'a..b@example.com',
    '.a@example.com',
    'a b@example.com',
    'a@example..com',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});
