/**
 * Fixed random masks over a bitset's words for uniform facet samples: in mask level k every
 * bit is set with probability 2^-k, independently of every other bit (each word of a level
 * is the AND of k hashed words). A set ANDed with a level keeps each of its slots with that
 * probability whatever the set's shape, so counts on it are a uniform (Bernoulli) sample of
 * the set: a catalogue whose neighbouring slots look alike (a batch import of one artist's
 * works) is sampled as fairly as a shuffled one, which a sample of consecutive slots is not.
 * The masks are fixed, so the same search always answers the same estimates.
 *
 * Between two levels there are STEPS - 1 more (a level ANDed with a fixed mask whose every
 * bit is set with probability 2^(-j / STEPS), each bit hashed on its own), so a sample can
 * be drawn at a rate within 2^(1 / STEPS) of the one asked for: with whole levels only, a
 * sample asked to hold at least n slots held between n and 2n, 1.5n on average.
 */

/** Levels 0 (every bit) to MAX_LEVEL (one bit in 2^MAX_LEVEL). */
const MAX_LEVEL = 12;

/**
 * The least sample a facet estimate is drawn to hold (the search service's default
 * `facetSample`; the index makes the side-by-side tags of its steps when it is built).
 */
export const FACET_SAMPLE = 16_384;

/**
 * Facets of a set of up to this many slots are counted exactly (the search service's default
 * `countCap`). Beyond it a sample (sampleOf) leaves out at least 29 % of the set's slots, and
 * every slot an exact count reads is a cache miss at a million images: an exact count of a
 * 24,900-slot set took 5 ms of a search's 20 on a machine whose random reads took 264 ns.
 */
export const FACET_EXACT_UP_TO = 8_191;

/**
 * How many of a set's `size` slots a facet estimate needs to be as close as a sample of
 * `sample` from an unbounded catalogue: size·sample / (size + sample) (the finite population
 * correction). A count's variance over such a sample is N²·q·(1 − q) / sample whatever N, so
 * a value holding a tenth of any set stays within ±4.6 % at the 95 % level (FACET_SAMPLE),
 * while a set of 32,767 is read for a third of its slots, not all of them.
 */
export function sampleOf(size: number, sample: number): number {
  return size <= 0 || sample <= 0 ? 0 : Math.ceil((size * sample) / (size + sample));
}

/** Sample rates per halving: rate 2^(-s / STEPS) for step s. */
const STEPS = 4;

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

/** A word whose every bit is set with probability 2^(-j / STEPS), independently (bit hashes). */
function fractionWord(word: number, j: number): number {
  if (j === 0) return 0xffffffff;
  const threshold = Math.floor(2 ** (32 - j / STEPS));
  let out = 0;
  for (let b = 0; b < 32; b++) if (mix((word << 5) | b, 100 + j) < threshold) out |= 1 << b;
  return out >>> 0;
}

export class SampleMasks {
  private readonly levels: Uint32Array[] = [];
  /** By step s = level * STEPS + j: level's mask ANDed with fraction j. */
  private readonly steps: Uint32Array[] = [];

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
    for (let k = 0; k <= MAX_LEVEL; k++) {
      const level = this.levels[k] as Uint32Array;
      for (let j = 0; j < STEPS; j++) {
        const step = new Uint32Array(words);
        const before = this.steps[k * STEPS + j];
        if (before) step.set(before);
        for (let i = from; i < words; i++) step[i] = (level[i] as number) & fractionWord(i, j);
        this.steps[k * STEPS + j] = step;
      }
    }
  }

  /** Step s's mask (see forSample). */
  step(s: number): Uint32Array {
    return this.steps[Math.max(0, Math.min(MAX_LEVEL * STEPS + STEPS - 1, s))] as Uint32Array;
  }

  /**
   * The mask of the step keeping the fewest bits whose rate still keeps at least `sample`
   * of `size` slots on average (rate 1 when size ≤ sample), and that rate.
   */
  forSample(size: number, sample: number): { mask: Uint32Array; rate: number; step: number } {
    const most = MAX_LEVEL * STEPS + STEPS - 1;
    const s =
      size <= sample || sample <= 0
        ? 0
        : Math.min(most, Math.max(0, Math.floor(STEPS * Math.log2(size / sample) + 1e-9)));
    return { mask: this.steps[s] as Uint32Array, rate: 2 ** (-s / STEPS), step: s };
  }

  /** Level k's mask (k clamped to 0..MAX_LEVEL). */
  level(k: number): Uint32Array {
    return this.levels[Math.max(0, Math.min(MAX_LEVEL, k))] as Uint32Array;
  }
}
