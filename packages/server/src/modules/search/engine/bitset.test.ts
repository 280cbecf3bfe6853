import { emptyBitset, setBit, sparseWords, wordsFor } from './bitset';

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
