import fc from 'fast-check';
import type { FastifyRequest } from 'fastify';
import { absoluteUrl, mediaUrl, pageLinks } from './urls';

/** The plain definition: each segment percent-encoded. */
const encodedSegments = (path: string): string =>
  `/media/${path.split('/').map(encodeURIComponent).join('/')}`;

describe('mediaUrl', () => {
  it('leaves a plain path as it is', () => {
    expect(mediaUrl('thumbs/bench/bench-007.jpg')).toBe('/media/thumbs/bench/bench-007.jpg');
  });

  it('encodes each segment of a path that needs it, keeping the slashes', () => {
    expect(mediaUrl('thumbs/Été 2024/a#b?c%d&e+f.jpg')).toBe(
      '/media/thumbs/%C3%89t%C3%A9%202024/a%23b%3Fc%25d%26e%2Bf.jpg',
    );
  });

  it('answers what encoding every segment would, whatever the path', () => {
    // Code units, not code points: a lone surrogate must still throw as before.
    const characters = fc.constantFrom(..."aZ09-_.!~*'()/ %#?&+:;=@,$[]é\u00a0😀".split(''));
    const outcome = (url: (path: string) => string, path: string): string => {
      try {
        return url(path);
      } catch (error) {
        return error instanceof Error ? error.name : 'thrown';
      }
    };
    fc.assert(
      fc.property(fc.array(fc.oneof(characters, fc.string({ maxLength: 1 }))), (parts) => {
        const path = parts.join('');
        expect(outcome(mediaUrl, path)).toBe(outcome(encodedSegments, path));
      }),
    );
  });
});

describe('links on a request with any Host header', () => {
  const request = (host: string, url = '/api/images/?limit=2&offset=4', protocol = 'http') =>
    ({ host, url, protocol }) as unknown as FastifyRequest;

  it('are absolute for a usable host', () => {
    expect(pageLinks(request('shop.example:8080'), { count: 10, limit: 2, offset: 4 })).toEqual({
      next: 'http://shop.example:8080/api/images/?limit=2&offset=6',
      previous: 'http://shop.example:8080/api/images/?limit=2&offset=2',
    });
    expect(absoluteUrl(request('[::1]:8080'), '/api/images/')).toBe(
      'http://[::1]:8080/api/images/',
    );
  });

  it.each(['[::', 'a b', 'h'.repeat(10_000), 'localhost:99999', 'a@b', 'x/y', ''])(
    'are paths, never an exception, for Host %j',
    (host) => {
      expect(pageLinks(request(host), { count: 10, limit: 2, offset: 4 })).toEqual({
        next: '/api/images/?limit=2&offset=6',
        previous: '/api/images/?limit=2&offset=2',
      });
      expect(absoluteUrl(request(host), '/api/artist/')).toBe('/api/artist/');
    },
  );

  it('never name another host, whatever the request path', () => {
    const links = pageLinks(request('a b', '//evil.example/x?offset=2'), {
      count: 10,
      limit: 2,
      offset: 2,
    });
    expect(links.next).toBe('/evil.example/x?offset=4&limit=2');
    expect(absoluteUrl(request('shop.example', '/'), '//evil.example/')).toBe(
      'http://shop.example//evil.example/',
    );
    expect(absoluteUrl(request('shop.example', '/', 'javascript'), '/x')).toBe('/x');
  });
});
