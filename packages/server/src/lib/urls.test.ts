import fc from 'fast-check';
import { mediaUrl } from './urls';

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
