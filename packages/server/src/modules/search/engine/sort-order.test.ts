import { BLOCK, SortOrder } from './sort-order';

/** A small deterministic PRNG: the same moves on every run. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('SortOrder', () => {
  it('moves slots one by one to where a full sort puts them, across block splits', () => {
    const random = prng(3);
    const n = BLOCK * 7 + 13;
    const key = new Int32Array(n).map(() => Math.floor(random() * 40));
    const compare = (a: number, b: number) => (key[b] as number) - (key[a] as number) || a - b;
    const sorted = () => Int32Array.from({ length: n }, (_, i) => i).sort(compare);
    const order = new SortOrder(8);
    order.grow(n);
    order.reset(sorted());
    for (let round = 0; round < 30; round++) {
      // A batch: out first, keys change, then in.
      const batch = [
        ...new Set(
          Array.from({ length: 1 + Math.floor(random() * 60) }, () => Math.floor(random() * n)),
        ),
      ];
      for (const slot of batch) order.remove(slot);
      for (const slot of batch) key[slot] = (key[slot] as number) + Math.floor(random() * 200) - 50;
      for (const slot of batch) order.insert(slot, compare);
      const want = sorted();
      expect(order.size).toBe(n);
      expect(order.toArray()).toEqual(want);
      const rank = order.ranks();
      for (let i = 0; i < n; i += 97) {
        expect(rank(want[i] as number)).toBe(i);
        expect(order.at(i)).toBe(want[i]);
      }
      expect(order.at(n - 1)).toBe(want[n - 1]);
    }
  });

  it('empties and fills again (blocks freed and reused)', () => {
    const order = new SortOrder(4 * BLOCK);
    const compare = (a: number, b: number) => a - b;
    order.reset(Int32Array.from({ length: 3 * BLOCK }, (_, i) => i));
    for (let slot = 0; slot < 3 * BLOCK; slot++) order.remove(slot);
    expect(order.size).toBe(0);
    expect(order.has(5)).toBe(false);
    for (let slot = 4 * BLOCK - 1; slot >= 0; slot -= 1) order.insert(slot, compare);
    expect(order.toArray()).toEqual(Int32Array.from({ length: 4 * BLOCK }, (_, i) => i));
    expect(order.ranks()(2 * BLOCK + 1)).toBe(2 * BLOCK + 1);
    expect(() => order.insert(3, compare)).toThrow();
  });
});
