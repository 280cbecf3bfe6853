/**
 * Slots in a sort's order, held in blocks of a few hundred: a slot leaves its place and
 * takes another (a popularity change) at the cost of one block's shift and a search of
 * the blocks, not of the whole order. Read in order block by block (`forEachBlock`), by a
 * slot's place (`rank`) and by place (`at`).
 *
 * Block ids are stable (a slot remembers its block's id and its place in it); the blocks'
 * sequence and the places where blocks start are recomputed when they change, each in
 * one pass over the blocks (a thousand at a million slots).
 */

/** Slots per block when the order is laid out whole; a block splits at twice that. */
export const BLOCK = 512;

export type Compare = (a: number, b: number) => number;

export class SortOrder {
  /** By block id: its slots, in order (capacity 2 × BLOCK), and how many it holds. */
  private blocks: Int32Array[] = [];
  private lengths: number[] = [];
  /** Block ids free for reuse. */
  private freeIds: number[] = [];
  /** Block ids in order. */
  private sequence: number[] = [];
  /** By block id: its index in `sequence`. */
  private indexOf: Int32Array = new Int32Array(0);
  /** By index in `sequence`: the place of the block's first slot; one more at the end. */
  private starts: Int32Array = new Int32Array(1);
  private startsStale = false;
  /** By slot: its block id, or -1 when not in the order. */
  private blockOf: Int32Array;
  /** By slot: its place within its block. */
  private placeIn: Int32Array;
  private count = 0;

  constructor(capacity: number) {
    this.blockOf = new Int32Array(capacity).fill(-1);
    this.placeIn = new Int32Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Room for slots below `capacity`. */
  grow(capacity: number): void {
    if (capacity <= this.blockOf.length) return;
    const blockOf = new Int32Array(capacity).fill(-1);
    blockOf.set(this.blockOf);
    this.blockOf = blockOf;
    const placeIn = new Int32Array(capacity);
    placeIn.set(this.placeIn);
    this.placeIn = placeIn;
  }

  /** Lays the order out again from `slots`, already in order. */
  reset(slots: Int32Array): void {
    this.blockOf.fill(-1);
    this.blocks = [];
    this.lengths = [];
    this.freeIds = [];
    this.sequence = [];
    for (let from = 0; from < slots.length; from += BLOCK) {
      const id = this.newBlock();
      const block = this.blocks[id] as Int32Array;
      const n = Math.min(BLOCK, slots.length - from);
      block.set(slots.subarray(from, from + n));
      this.lengths[id] = n;
      for (let p = 0; p < n; p++) {
        const slot = block[p] as number;
        this.blockOf[slot] = id;
        this.placeIn[slot] = p;
      }
      this.sequence.push(id);
    }
    this.count = slots.length;
    this.reindex();
  }

  /** Every slot, in order. */
  toArray(): Int32Array {
    const out = new Int32Array(this.count);
    let n = 0;
    for (const id of this.sequence) {
      const length = this.lengths[id] as number;
      out.set((this.blocks[id] as Int32Array).subarray(0, length), n);
      n += length;
    }
    return out;
  }

  has(slot: number): boolean {
    return slot < this.blockOf.length && (this.blockOf[slot] as number) >= 0;
  }

  /**
   * Calls `visit` with each block's slots in order (a view: read it before any change),
   * until it answers false.
   */
  forEachBlock(visit: (slots: Int32Array) => boolean | void): void {
    for (const id of this.sequence) {
      const view = (this.blocks[id] as Int32Array).subarray(0, this.lengths[id] as number);
      if (visit(view) === false) return;
    }
  }

  /**
   * A function answering each slot's place in the order (-1: not in it). Valid until the
   * order changes; the block starts are brought up to date once, here.
   */
  ranks(): (slot: number) => number {
    this.freshStarts();
    const { blockOf, placeIn, indexOf, starts } = this;
    return (slot) => {
      const id = blockOf[slot] as number;
      return id < 0 ? -1 : (starts[indexOf[id] as number] as number) + (placeIn[slot] as number);
    };
  }

  /** The slot at place `rank` (0 ≤ rank < size). */
  at(rank: number): number {
    this.freshStarts();
    const { starts } = this;
    let lo = 0;
    let hi = this.sequence.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((starts[mid] as number) <= rank) lo = mid;
      else hi = mid - 1;
    }
    const id = this.sequence[lo] as number;
    return (this.blocks[id] as Int32Array)[rank - (starts[lo] as number)] as number;
  }

  /** Takes a slot out of the order (nothing when it is not in it). */
  remove(slot: number): void {
    if (!this.has(slot)) return;
    const id = this.blockOf[slot] as number;
    const block = this.blocks[id] as Int32Array;
    const length = this.lengths[id] as number;
    const place = this.placeIn[slot] as number;
    block.copyWithin(place, place + 1, length);
    for (let p = place; p < length - 1; p++) this.placeIn[block[p] as number] = p;
    this.lengths[id] = length - 1;
    this.blockOf[slot] = -1;
    this.count -= 1;
    this.startsStale = true;
    if (length - 1 === 0 && this.sequence.length > 1) {
      this.sequence.splice(this.indexOf[id] as number, 1);
      this.freeIds.push(id);
      this.reindex();
    }
  }

  /**
   * Puts a slot (not in the order) at its place by `compare`, which must order every slot
   * of the order as it stands (a slot whose sort key changed is removed first).
   */
  insert(slot: number, compare: Compare): void {
    if (this.has(slot)) throw new Error('sort order: slot already placed');
    if (this.sequence.length === 0) {
      const id = this.newBlock();
      this.sequence.push(id);
      this.reindex();
    }
    // The first block whose last slot comes after this one (else the last block).
    const { sequence, blocks, lengths } = this;
    let lo = 0;
    let hi = sequence.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const id = sequence[mid] as number;
      const length = lengths[id] as number;
      if (length > 0 && compare(slot, (blocks[id] as Int32Array)[length - 1] as number) < 0) {
        hi = mid;
      } else lo = mid + 1;
    }
    const id = sequence[lo] as number;
    const block = blocks[id] as Int32Array;
    const length = lengths[id] as number;
    // Its place in the block: before the first slot coming after it.
    let a = 0;
    let b = length;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (compare(slot, block[mid] as number) < 0) b = mid;
      else a = mid + 1;
    }
    block.copyWithin(a + 1, a, length);
    block[a] = slot;
    for (let p = a; p <= length; p++) this.placeIn[block[p] as number] = p;
    this.blockOf[slot] = id;
    this.lengths[id] = length + 1;
    this.count += 1;
    this.startsStale = true;
    if (length + 1 === block.length) this.split(id);
  }

  private newBlock(): number {
    const id = this.freeIds.pop() ?? this.blocks.length;
    this.blocks[id] ??= new Int32Array(2 * BLOCK);
    this.lengths[id] = 0;
    return id;
  }

  /** Moves the second half of a full block to a new block after it. */
  private split(id: number): void {
    const block = this.blocks[id] as Int32Array;
    const length = this.lengths[id] as number;
    const half = length >>> 1;
    const next = this.newBlock();
    const into = this.blocks[next] as Int32Array;
    into.set(block.subarray(half, length));
    for (let p = 0; p < length - half; p++) {
      const slot = into[p] as number;
      this.blockOf[slot] = next;
      this.placeIn[slot] = p;
    }
    this.lengths[id] = half;
    this.lengths[next] = length - half;
    this.sequence.splice((this.indexOf[id] as number) + 1, 0, next);
    this.reindex();
  }

  private reindex(): void {
    if (this.indexOf.length < this.blocks.length) {
      this.indexOf = new Int32Array(Math.max(this.blocks.length, this.indexOf.length * 2, 16));
    }
    this.sequence.forEach((id, i) => {
      this.indexOf[id] = i;
    });
    this.startsStale = true;
  }

  private freshStarts(): void {
    if (!this.startsStale && this.starts.length === this.sequence.length + 1) return;
    if (this.starts.length !== this.sequence.length + 1) {
      this.starts = new Int32Array(this.sequence.length + 1);
    }
    let at = 0;
    for (let i = 0; i < this.sequence.length; i++) {
      this.starts[i] = at;
      at += this.lengths[this.sequence[i] as number] as number;
    }
    this.starts[this.sequence.length] = at;
    this.startsStale = false;
  }
}
