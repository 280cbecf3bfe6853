/**
 * Sets of catalogue slots as bits in a Uint32Array (slot s is bit s % 32 of word s >> 5).
 * At a million images a set is 122 KiB and an intersection is one pass over 31,250 words:
 * tens of microseconds, whatever the sizes of the sets. The loops that run per word live
 * here, beside popcount32: a call into another module goes through an export getter once
 * compiled to CommonJS, which costs more than the popcount itself.
 */
export type Bitset = Uint32Array;

export const wordsFor = (slots: number): number => (slots + 31) >>> 5;

export const emptyBitset = (words: number): Bitset => new Uint32Array(words);

export function hasBit(set: Bitset, slot: number): boolean {
  return ((set[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0;
}

export function setBit(set: Bitset, slot: number): void {
  set[slot >>> 5] = (set[slot >>> 5] ?? 0) | (1 << (slot & 31));
}

export function clearBit(set: Bitset, slot: number): void {
  set[slot >>> 5] = (set[slot >>> 5] ?? 0) & ~(1 << (slot & 31));
}

/** A copy sized `words` (longer: zero-filled; shorter: cut). */
export function resized(set: Bitset, words: number): Bitset {
  const out = new Uint32Array(words);
  out.set(set.length > words ? set.subarray(0, words) : set);
  return out;
}

/**
 * target &= other, in place. Words past `other`'s end are cleared before the loop, not
 * after it: V8 compiles a long loop while it runs (on-stack replacement), before the code
 * after it has ever run, and a comparison there without type feedback threw the compiled
 * code away at the loop's end. Node 20's V8 kept re-entering that same code: a bailout on
 * every call.
 */
export function andInto(target: Bitset, other: Bitset): void {
  const length = target.length;
  const n = length < other.length ? length : other.length;
  if (n < length) zeroFrom(target, n);
  for (let i = 0; i < n; i++) target[i] = (target[i] as number) & (other[i] as number);
}

/**
 * Out of line, and the loops here read every property before their loop, for the same
 * reason: a property read after it would throw the compiled code away when the loop ends.
 */
function zeroFrom(set: Bitset, from: number): void {
  set.fill(0, from);
}

/** target |= other, in place. */
export function orInto(target: Bitset, other: Bitset): void {
  const n = target.length < other.length ? target.length : other.length;
  for (let i = 0; i < n; i++) target[i] = (target[i] as number) | (other[i] as number);
}

/** target &= ~other, in place. */
export function andNotInto(target: Bitset, other: Bitset): void {
  const n = target.length < other.length ? target.length : other.length;
  for (let i = 0; i < n; i++) target[i] = (target[i] as number) & ~(other[i] as number);
}

/** Bits set in each 16-bit value: a quarter faster than arithmetic in V8. */
const BITS16 = new Uint8Array(65536);
for (let i = 1; i < 65536; i++) BITS16[i] = (BITS16[i >> 1] as number) + (i & 1);

export function popcount32(x: number): number {
  return (BITS16[x & 0xffff] as number) + (BITS16[x >>> 16] as number);
}

export function cardinality(set: Bitset): number {
  let n = 0;
  for (let i = 0; i < set.length; i++) {
    const word = set[i] as number;
    if (word !== 0) n += popcount32(word);
  }
  return n;
}

/** |set ∧ other| over the listed words (ascending; every word when null). */
export function andCardinality(set: Bitset, other: Bitset, words: Int32Array | null): number {
  const limit = Math.min(set.length, other.length);
  let n = 0;
  if (words) {
    for (let w = 0; w < words.length; w++) {
      const i = words[w] as number;
      if (i >= limit) break;
      const x = (set[i] as number) & (other[i] as number);
      if (x !== 0) n += popcount32(x);
    }
    return n;
  }
  for (let i = 0; i < limit; i++) {
    const x = (set[i] as number) & (other[i] as number);
    if (x !== 0) n += popcount32(x);
  }
  return n;
}

/** Adds the first `count` of `slots` to the set (out-of-range slots ignored). */
export function addSlots(set: Bitset, slots: Int32Array, count: number): void {
  const limit = set.length << 5;
  for (let k = 0; k < count; k++) {
    const slot = slots[k] as number;
    if (slot >= 0 && slot < limit)
      set[slot >>> 5] = (set[slot >>> 5] as number) | (1 << (slot & 31));
  }
}

let wordScratch = new Int32Array(0);

/** The words holding any slot of a set, when they are few enough to be worth listing. */
export function sparseWords(set: Bitset): Int32Array | null {
  const length = set.length;
  if (wordScratch.length < length) wordScratch = new Int32Array(length);
  const scratch = wordScratch;
  const most = length >>> 1;
  let n = 0;
  // Branch-free: each word's index is written and kept only if the word is not zero. A set
  // of 0.3–3 % of the catalogue has a third of its words non-zero at random, where a branch
  // per word mispredicted so often that the scan took 2–3 times as long (52–102 µs against
  // 32–46 µs for 31,250 words). Blocks of 1,024 words keep the early exit of a dense set.
  for (let from = 0; from < length; from += SPARSE_BLOCK) {
    const to = Math.min(length, from + SPARSE_BLOCK);
    for (let i = from; i < to; i++) {
      const word = (set[i] as number) | 0;
      scratch[n] = i;
      n += (word | -word) >>> 31;
    }
    if (n > most) return null;
  }
  return copyOf(scratch, n);
}

const SPARSE_BLOCK = 1024;

/** Out of line for the reason given at zeroFrom. */
function copyOf(words: Int32Array, n: number): Int32Array {
  return words.slice(0, n);
}

/**
 * base ∧ every filter, and for each filter base ∧ every other filter, with their sizes:
 * one pass over the words, only those listed when given.
 */
export function combine(
  base: Bitset,
  filters: readonly Bitset[],
  words: Int32Array | null,
  arena: BitsetArena,
): { all: Bitset; size: number; without: Bitset[]; withoutSizes: number[] } {
  const k = filters.length;
  if (k === 0) return { all: base, size: cardinality(base), without: [], withoutSizes: [] };
  const span = words ? words.length : base.length;
  if (k === 1) {
    // Without its only filter, a set is the base.
    const filter = filters[0] as Bitset;
    const all = arena.take(base.length);
    let size = 0;
    let baseSize = 0;
    for (let w = 0; w < span; w++) {
      const i = words ? (words[w] as number) : w;
      const b = base[i] as number;
      if (b === 0) continue;
      baseSize += popcount32(b);
      const every = b & (filter[i] as number);
      all[i] = every;
      if (every !== 0) size += popcount32(every);
    }
    return { all, size, without: [base], withoutSizes: [baseSize] };
  }
  const all = arena.take(base.length);
  const without = filters.map(() => arena.take(base.length));
  if (k === 2) {
    const [f0, f1] = filters as [Bitset, Bitset];
    const [o0, o1] = without as [Bitset, Bitset];
    const sizes = combineTwo(base, f0, f1, words, all, o0, o1);
    return {
      all,
      size: sizes[0] as number,
      without,
      withoutSizes: [sizes[1], sizes[2]] as number[],
    };
  }
  if (k === 3) {
    const [f0, f1, f2] = filters as [Bitset, Bitset, Bitset];
    const [o0, o1, o2] = without as [Bitset, Bitset, Bitset];
    const sizes = combineThree(base, f0, f1, f2, words, all, o0, o1, o2);
    return {
      all,
      size: sizes[0] as number,
      without,
      withoutSizes: [sizes[1], sizes[2], sizes[3]] as number[],
    };
  }
  const withoutSizes = filters.map(() => 0);
  const values = new Int32Array(k);
  let size = 0;
  for (let w = 0; w < span; w++) {
    const i = words ? (words[w] as number) : w;
    const b = base[i] as number;
    if (b === 0) continue;
    let every = b;
    for (let d = 0; d < k; d++) {
      const value = (filters[d] as Bitset)[i] as number;
      values[d] = value;
      every &= value;
    }
    all[i] = every;
    if (every !== 0) size += popcount32(every);
    for (let d = 0; d < k; d++) {
      let others = b;
      for (let e = 0; e < k; e++) if (e !== d) others &= values[e] as number;
      (without[d] as Bitset)[i] = others;
      if (others !== 0) withoutSizes[d] = (withoutSizes[d] as number) + popcount32(others);
    }
  }
  return { all, size, without, withoutSizes };
}

/**
 * combine for two filters (most filtered searches have two or three), each set in a local:
 * the general loop's array of filters and inner loops cost three times as much per word.
 * Answers [all, without f0, without f1] sizes.
 */
function combineTwo(
  base: Bitset,
  f0: Bitset,
  f1: Bitset,
  words: Int32Array | null,
  all: Bitset,
  o0: Bitset,
  o1: Bitset,
): Int32Array {
  let size = 0;
  let s0 = 0;
  let s1 = 0;
  const span = words ? words.length : base.length;
  for (let w = 0; w < span; w++) {
    const i = words ? (words[w] as number) : w;
    const b = base[i] as number;
    if (b === 0) continue;
    const with0 = b & (f0[i] as number);
    const with1 = b & (f1[i] as number);
    const every = with0 & with1;
    o0[i] = with1;
    o1[i] = with0;
    all[i] = every;
    if (with1 !== 0) s0 += popcount32(with1);
    if (with0 !== 0) s1 += popcount32(with0);
    if (every !== 0) size += popcount32(every);
  }
  return Int32Array.of(size, s0, s1);
}

/** combine for three filters (see combineTwo): [all, without f0, f1, f2] sizes. */
function combineThree(
  base: Bitset,
  f0: Bitset,
  f1: Bitset,
  f2: Bitset,
  words: Int32Array | null,
  all: Bitset,
  o0: Bitset,
  o1: Bitset,
  o2: Bitset,
): Int32Array {
  let size = 0;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  const span = words ? words.length : base.length;
  for (let w = 0; w < span; w++) {
    const i = words ? (words[w] as number) : w;
    const b = base[i] as number;
    if (b === 0) continue;
    const x0 = f0[i] as number;
    const x1 = f1[i] as number;
    const x2 = f2[i] as number;
    const without0 = b & x1 & x2;
    const without1 = b & x0 & x2;
    const without2 = b & x0 & x1;
    const every = without0 & x0;
    o0[i] = without0;
    o1[i] = without1;
    o2[i] = without2;
    all[i] = every;
    if (without0 !== 0) s0 += popcount32(without0);
    if (without1 !== 0) s1 += popcount32(without1);
    if (without2 !== 0) s2 += popcount32(without2);
    if (every !== 0) size += popcount32(every);
  }
  return Int32Array.of(size, s0, s1, s2);
}

/**
 * out = tier ∧ (∪ over `tuples` of ∧ over words w of classes[w][tuple[w]]), over the listed
 * words (all when null); answers its size. best_match's groups of equal score. Each tuple's
 * bitsets are looked up once, and the usual shapes (one word: a group is one of its classes;
 * two words, one tuple) have loops of their own: the general loop, indexing arrays of arrays
 * for every word, took 3.3 ms of a common word's best_match at a million images.
 */
export function unionOfTuples(
  tier: Bitset,
  classes: readonly (readonly Bitset[])[],
  tuples: readonly (readonly number[])[],
  words: Int32Array | null,
  out: Bitset,
): number {
  const sets = tuples.map((tuple) => tuple.map((c, l) => (classes[l] as Bitset[])[c] as Bitset));
  const only = sets.length === 1 ? (sets[0] as Bitset[]) : null;
  if (only && only.length === 1) return andOf(tier, only[0] as Bitset, null, words, out);
  if (only && only.length === 2) {
    return andOf(tier, only[0] as Bitset, only[1] as Bitset, words, out);
  }
  const span = words ? words.length : tier.length;
  let size = 0;
  for (let w = 0; w < span; w++) {
    const i = words ? (words[w] as number) : w;
    const t = tier[i] as number;
    if (t === 0) {
      out[i] = 0;
      continue;
    }
    let union = 0;
    for (let k = 0; k < sets.length; k++) {
      const tuple = sets[k] as Bitset[];
      let value = t;
      for (let l = 0; l < tuple.length && value !== 0; l++)
        value &= (tuple[l] as Bitset)[i] as number;
      union |= value;
    }
    out[i] = union;
    if (union !== 0) size += popcount32(union);
  }
  return size;
}

/** out = tier ∧ a (∧ b), over the listed words (all when null); answers its size. */
function andOf(
  tier: Bitset,
  a: Bitset,
  b: Bitset | null,
  words: Int32Array | null,
  out: Bitset,
): number {
  let size = 0;
  if (words) {
    for (let w = 0; w < words.length; w++) {
      const i = words[w] as number;
      const value = (tier[i] as number) & (a[i] as number) & (b ? (b[i] as number) : -1);
      out[i] = value;
      if (value !== 0) size += popcount32(value);
    }
    return size;
  }
  for (let i = 0; i < tier.length; i++) {
    const value = (tier[i] as number) & (a[i] as number) & (b ? (b[i] as number) : -1);
    out[i] = value;
    if (value !== 0) size += popcount32(value);
  }
  return size;
}

/**
 * Splits a word's matches within `set` into disjoint classes by best field: title,
 * keywords (or the artist's name: `extra`), caption, and without the word; answers the size
 * of each.
 */
export function splitByField(
  set: Bitset,
  title: Bitset,
  keywords: Bitset,
  caption: Bitset,
  extra: Bitset | null,
  words: Int32Array | null,
  out: readonly Bitset[],
): number[] {
  const span = words ? words.length : set.length;
  const [t0, k0, c0, a0] = out as [Bitset, Bitset, Bitset, Bitset];
  let inTitle = 0;
  let inKeywords = 0;
  let inCaption = 0;
  let without = 0;
  for (let w = 0; w < span; w++) {
    const i = words ? (words[w] as number) : w;
    const b = set[i] as number;
    if (b === 0) continue;
    const t = b & (title[i] as number);
    const k = b & ((keywords[i] as number) | (extra ? (extra[i] as number) : 0)) & ~t;
    const c = b & (caption[i] as number) & ~t & ~k;
    const a = b & ~(t | k | c);
    t0[i] = t;
    k0[i] = k;
    c0[i] = c;
    a0[i] = a;
    if (t !== 0) inTitle += popcount32(t);
    if (k !== 0) inKeywords += popcount32(k);
    if (c !== 0) inCaption += popcount32(c);
    if (a !== 0) without += popcount32(a);
  }
  return [inTitle, inKeywords, inCaption, without];
}

/**
 * Bitsets for one search, taken in turn and all given back at once: a search at a million
 * images would otherwise allocate a dozen 122 KiB buffers and leave them to the garbage
 * collector. A set taken is valid until the next reset.
 *
 * It also recycles the sets that caches keep across searches (`keep`, `retire`). Each
 * buffer is memory outside V8's heap, and V8 starts a full collection once such memory
 * has grown 64 MB since the last one ("external memory pressure"), whatever its heap
 * holds: a common word's set (122 KiB) and field classes (four of them) evicted from their
 * caches lay dead in the old generation until then, and at a million images a search
 * worker marked its whole heap every four or five passes of the benchmark's new words
 * (`--trace-incremental-marking`), 90–170 ms of marking steps on the thread that answers
 * searches, besides the marking threads on the other core.
 */
export class BitsetArena {
  private readonly sets: Bitset[] = [];
  private next = 0;
  /** Sets caches let go of during this search: reused once it is over (reset). */
  private readonly retired: Bitset[] = [];
  private readonly spare: Bitset[] = [];

  reset(): void {
    this.next = 0;
    for (const set of this.retired) if (this.spare.length < SPARE_SETS) this.spare.push(set);
    this.retired.length = 0;
  }

  /**
   * A zeroed set for a cache to keep beyond this search: one a cache let go of in an
   * earlier search when there is one of this size, else a new one.
   */
  keep(words: number): Bitset {
    for (let i = this.spare.length - 1; i >= 0; i--) {
      const set = this.spare[i] as Bitset;
      if (set.length !== words) continue;
      this.spare[i] = this.spare[this.spare.length - 1] as Bitset;
      this.spare.pop();
      set.fill(0);
      return set;
    }
    return new Uint32Array(words);
  }

  /**
   * Sets every cache let go of at once (forgetKept), all kept for reuse by keep: the caches
   * fill up again with as many, and reusing them spares the allocations, and the major
   * collection they would bring amid the first searches.
   */
  spareAll(sets: readonly Bitset[]): void {
    for (const set of sets) this.spare.push(set);
  }

  /**
   * A kept set its cache no longer holds. It may still be in use until this search ends,
   * so it is handed out again (keep) only after the next reset.
   */
  retire(set: Bitset): void {
    this.retired.push(set);
  }

  /** A set of `words` words, zeroed. */
  take(words: number): Bitset {
    const set = this.raw(words);
    set.fill(0);
    return set;
  }

  copy(source: Bitset): Bitset {
    const set = this.raw(source.length);
    set.set(source);
    return set;
  }

  /** A set of the given slots. */
  of(words: number, slots: readonly number[]): Bitset {
    const set = this.take(words);
    addSlots(set, Int32Array.from(slots), slots.length);
    return set;
  }

  private raw(words: number): Bitset {
    const kept = this.sets[this.next];
    if (kept && kept.length === words) {
      this.next += 1;
      return kept;
    }
    const set = new Uint32Array(words);
    // Kept for the next searches, up to a bound (a search with many terms takes more).
    if (this.next < ARENA_SETS) this.sets[this.next] = set;
    this.next += 1;
    return set;
  }
}

const ARENA_SETS = 48;
/** Sets retired by caches kept for reuse, at most (a common word evicts one or four). */
const SPARE_SETS = 16;
