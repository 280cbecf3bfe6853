import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compress, preferredEncoding } from './compression';

describe('preferredEncoding', () => {
  it.each([
    ['br, gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'gzip'],
    ['br', 'br'],
    ['deflate, br', 'br'],
    ['x-gzip', 'gzip'],
    ['GZIP;Q=0.5', 'gzip'],
    ['*', 'gzip'],
  ])('prefers gzip, then br: %s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it.each([
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0.2, gzip;q=0.8', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'gzip'],
    ['br;q=0.6, gzip;q=0.5', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['gzip;q=0.3, *;q=0.5', 'br'],
  ])('honours q-values: %s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it.each([
    [undefined],
    [''],
    ['identity'],
    ['deflate, zstd'],
    ['br;q=0, gzip;q=0'],
    ['*;q=0'],
    ['br;q=0.0, gzip;q=0.000, identity'],
    ['br;q=2, gzip;q=zero'],
  ])('answers identity when nothing of ours is accepted: %s', (header) => {
    expect(preferredEncoding(header)).toBe('identity');
  });
});

describe('compress', () => {
  const body = Buffer.from(JSON.stringify({ words: Array.from({ length: 500 }, (_, i) => i) }));

  it('round-trips through brotli and gzip', () => {
    expect(brotliDecompressSync(compress(body, 'br'))).toEqual(body);
    expect(gunzipSync(compress(body, 'gzip'))).toEqual(body);
    expect(compress(body, 'br').length).toBeLessThan(body.length);
  });
});
