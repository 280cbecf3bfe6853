import {
  BitsetArena,
  andInto,
  emptyBitset,
  setBit,
  sparseWords,
  unionOfTuples,
  wordsFor,
  type Bitset,
} from './bitset';

/** A small deterministic PRNG: the same sets on every run. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('sparseWords', () => {
  it('lists exactly the non-zero words, in order, while they are at most half the words', () => {
    const random = prng(11);
    const words = wordsFor(100_000);
    for (const density of [0, 0.0005, 0.003, 0.01, 0.03, 0.2]) {
      const set = emptyBitset(words);
      for (let k = 0; k < 100_000 * density; k++) setBit(set, Math.floor(random() * 100_000));
      const expected = [...set.keys()].filter((i) => set[i] !== 0);
      const listed = sparseWords(set);
      if (expected.length > words >>> 1) expect(listed).toBeNull();
      else expect(Array.from(listed ?? [])).toEqual(expected);
    }
  });

  it('answers null once more than half the words hold a slot, wherever they are', () => {
    const words = 3000;
    const half = words >>> 1;
    // Exactly half: listed. One more, in the last block or the first: null.
    const set = emptyBitset(words);
    for (let i = 0; i < half; i++) set[words - 1 - i] = 1;
    expect(sparseWords(set)?.length).toBe(half);
    set[0] = 0x80000000;
    expect(sparseWords(set)).toBeNull();
  });
});

describe('andInto', () => {
  it('keeps the slots in both sets, and clears the words past a shorter other set', () => {
    const random = prng(11);
    const target = emptyBitset(wordsFor(4096));
    const other = emptyBitset(wordsFor(1000));
    const inTarget = new Set<number>();
    const inOther = new Set<number>();
    for (let i = 0; i < 1500; i++) {
      const slot = Math.floor(random() * 4096);
      setBit(target, slot);
      inTarget.add(slot);
    }
    for (let i = 0; i < 400; i++) {
      const slot = Math.floor(random() * 1000);
      setBit(other, slot);
      inOther.add(slot);
    }
    andInto(target, other);
    const kept: number[] = [];
    for (let slot = 0; slot < 4096; slot++) {
      if (((target[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0) kept.push(slot);
    }
    const both = [...inTarget].filter((slot) => inOther.has(slot)).sort((a, b) => a - b);
    expect(both.length).toBeGreaterThan(0);
    expect(kept).toEqual(both);
  });
});

describe('unionOfTuples', () => {
  it('answers the tier ∧ the union of each tuple of classes, of one, two and three words', () => {
    const random = prng(5);
    const slots = 5000;
    const words = wordsFor(slots);
    const randomSet = (density: number): Bitset => {
      const set = emptyBitset(words);
      for (let slot = 0; slot < slots; slot++) if (random() < density) setBit(set, slot);
      return set;
    };
    const has = (set: Bitset, slot: number) => ((set[slot >>> 5] as number) >>> (slot & 31)) & 1;
    for (const m of [1, 2, 3]) {
      // Per word, four classes (title, keywords, caption, without it).
      const classes = Array.from({ length: m }, () => [0.3, 0.3, 0.2, 0.5].map(randomSet));
      for (const tuples of [
        [Array.from({ length: m }, () => 0)],
        [Array.from({ length: m }, (_, l) => l % 4)],
        [Array.from({ length: m }, () => 1), Array.from({ length: m }, (_, l) => (l + 2) % 4)],
        [[0, 1, 2].slice(0, m), [3, 3, 3].slice(0, m), [2, 0, 1].slice(0, m)],
      ]) {
        for (const tierDensity of [0.01, 0.6]) {
          const tier = randomSet(tierDensity);
          const listed = sparseWords(tier);
          for (const listing of [null, listed]) {
            // Only the listed words are written (a marker elsewhere), and only they are read.
            const out = emptyBitset(words).fill(0xa5a5a5a5);
            const size = unionOfTuples(tier, classes, tuples, listing, out);
            const expected: number[] = [];
            for (let slot = 0; slot < slots; slot++) {
              const inTuple = tuples.some((tuple) =>
                tuple.every((c, l) => has((classes[l] as Bitset[])[c] as Bitset, slot)),
              );
              if (has(tier, slot) && inTuple) expected.push(slot);
            }
            const read = listing ? [...listing] : [...out.keys()];
            const found = read.flatMap((i) =>
              Array.from({ length: 32 }, (_, b) => 32 * i + b).filter((slot) => has(out, slot)),
            );
            expect(found.filter((slot) => slot < slots)).toEqual(expected);
            expect(size).toBe(expected.length);
          }
        }
      }
    }
  });
});

describe('BitsetArena', () => {
  it('hands a set a cache let go of to another cache only after the search, zeroed', () => {
    const arena = new BitsetArena();
    arena.reset();
    const kept = arena.keep(4);
    expect(Array.from(kept)).toEqual([0, 0, 0, 0]);
    kept.fill(7);
    arena.retire(kept);
    // The search that evicted it may still be reading it.
    const during = arena.keep(4);
    expect(during).not.toBe(kept);
    expect(Array.from(kept)).toEqual([7, 7, 7, 7]);
    arena.reset();
    const after = arena.keep(4);
    expect(after).toBe(kept);
    expect(Array.from(after)).toEqual([0, 0, 0, 0]);
    // Once only, and never for another size.
    expect(arena.keep(4)).not.toBe(kept);
    arena.retire(after);
    arena.reset();
    expect(arena.keep(5)).toHaveLength(5);
    expect(arena.keep(4)).toBe(kept);
  });
});
