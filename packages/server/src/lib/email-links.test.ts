import { isAllowedHost } from './email-links';

describe('isAllowedHost', () => {
  it.each([
    'localhost',
    'localhost:12111',
    '127.0.0.1',
    '127.0.0.1:80',
    '[::1]',
    '[::1]:8080',
    'LocalHost',
  ])('allows the loopback host %s when ALLOWED_HOSTS is empty', (host) => {
    expect(isAllowedHost(host, [])).toBe(true);
  });

  it.each([
    'evil.example',
    'localhost.evil.example',
    'evil.localhost',
    '127.0.0.1.nip.io',
    '127.0.0.2',
    'localhost@evil.example',
    '[::1].evil',
    '',
  ])('refuses %j when ALLOWED_HOSTS is empty', (host) => {
    expect(isAllowedHost(host, [])).toBe(false);
  });

  it('matches an entry without a port on any port, one with a port exactly', () => {
    const allowed = ['shop.example', 'admin.shop.example:8443'];
    expect(isAllowedHost('shop.example', allowed)).toBe(true);
    expect(isAllowedHost('Shop.Example:8080', allowed)).toBe(true);
    expect(isAllowedHost('admin.shop.example:8443', allowed)).toBe(true);
    expect(isAllowedHost('admin.shop.example', allowed)).toBe(false);
    expect(isAllowedHost('admin.shop.example:443', allowed)).toBe(false);
    expect(isAllowedHost('www.shop.example', allowed)).toBe(false);
    expect(isAllowedHost('shop.example.evil.example', allowed)).toBe(false);
    expect(isAllowedHost('localhost', allowed)).toBe(false);
  });
});
