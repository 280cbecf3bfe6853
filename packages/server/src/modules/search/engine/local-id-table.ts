/**
 * Image ids by the hash of their local id (lower case), outside the JavaScript heap: open
 * addressing over two Int32Arrays, a hash keeping every id it was given (local ids may
 * share a hash, or be the same in two sources). Entries are never removed: a stale one
 * costs its reader a check against the card, which holds the current local id.
 */
export class LocalIdTable {
  private keys = new Int32Array(1024);
  private ids = new Int32Array(1024).fill(-1);
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(hash: number, id: number): void {
    if ((this.count + 1) * 2 > this.ids.length) this.grow();
    this.insert(hash, id);
  }

  has(hash: number): boolean {
    const mask = this.ids.length - 1;
    for (let at = mix(hash) & mask; (this.ids[at] as number) >= 0; at = (at + 1) & mask) {
      if (this.keys[at] === hash) return true;
    }
    return false;
  }

  /** The ids given with this hash, ascending. */
  idsOf(hash: number): number[] {
    const found: number[] = [];
    const mask = this.ids.length - 1;
    for (let at = mix(hash) & mask; (this.ids[at] as number) >= 0; at = (at + 1) & mask) {
      if (this.keys[at] === hash) found.push(this.ids[at] as number);
    }
    return found.sort((a, b) => a - b);
  }

  private insert(hash: number, id: number): void {
    const mask = this.ids.length - 1;
    let at = mix(hash) & mask;
    for (; (this.ids[at] as number) >= 0; at = (at + 1) & mask) {
      if (this.keys[at] === hash && this.ids[at] === id) return;
    }
    this.keys[at] = hash;
    this.ids[at] = id;
    this.count += 1;
  }

  private grow(): void {
    const { keys, ids } = this;
    this.keys = new Int32Array(ids.length * 2);
    this.ids = new Int32Array(ids.length * 2).fill(-1);
    this.count = 0;
    for (let at = 0; at < ids.length; at++) {
      if ((ids[at] as number) >= 0) this.insert(keys[at] as number, ids[at] as number);
    }
  }
}

/** Spreads FNV hashes over the table's low bits (murmur3's finaliser). */
function mix(hash: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
