/**
 * Fixed random masks over a bitset's words for uniform facet samples: in mask level k every
 * bit is set with probability 2^-k, independently of every other bit (each word of a level
 * is the AND of k hashed words). A set ANDed with a level keeps each of its slots with that
 * probability whatever the set's shape, so counts on it are a uniform (Bernoulli) sample of
 * the set: a catalogue whose neighbouring slots look alike (a batch import of one artist's
 * works) is sampled as fairly as a shuffled one, which a sample of consecutive slots is not.
 * The masks are fixed, so the same search always answers the same estimates.
 */

/** Levels 0 (every bit) to MAX_LEVEL (one bit in 2^MAX_LEVEL). */
export const MAX_LEVEL = 12;

/** A well-mixed 32-bit hash of (word, round) (murmur3's finaliser). */
function mix(word: number, round: number): number {
  let h = Math.imul(word ^ Math.imul(round + 1, 0x9e3779b9), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h ^ (round << 7), 0x27d4eb2f);
  h ^= h >>> 15;
  return h >>> 0;
}

export class SampleMasks {
  private readonly levels: Uint32Array[] = [];

  constructor(words: number) {
    this.grow(words);
  }

  /** Room for `words` words (the masks of the words already there do not change). */
  grow(words: number): void {
    const from = this.levels[0]?.length ?? 0;
    if (words <= from) return;
    for (let k = 0; k <= MAX_LEVEL; k++) {
      const level = new Uint32Array(words);
      const before = this.levels[k];
      if (before) level.set(before);
      for (let i = from; i < words; i++) {
        level[i] =
          k === 0 ? 0xffffffff : ((this.levels[k - 1] as Uint32Array)[i] as number) & mix(i, k);
      }
      this.levels[k] = level;
    }
  }

  /** Level k's mask (k clamped to 0..MAX_LEVEL). */
  level(k: number): Uint32Array {
    return this.levels[Math.max(0, Math.min(MAX_LEVEL, k))] as Uint32Array;
  }
}
