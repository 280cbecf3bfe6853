import { LRUCache } from 'lru-cache';

/**
 * The counts, facets, pages and lexemes of recent searches: least recently used out past
 * `maxEntries`, and each entry expires `ttlMs` after it was set (lru-cache). With either at
 * 0 it holds nothing.
 */
export class TtlCache<V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, V> | null;
  hits = 0;
  misses = 0;

  constructor(maxEntries: number, ttlMs: number) {
    this.entries =
      maxEntries > 0 && ttlMs > 0 ? new LRUCache<string, V>({ max: maxEntries, ttl: ttlMs }) : null;
  }

  get enabled(): boolean {
    return this.entries !== null;
  }

  get(key: string): V | undefined {
    if (!this.entries) return undefined;
    const value = this.entries.get(key);
    if (value === undefined) this.misses += 1;
    else this.hits += 1;
    return value;
  }

  set(key: string, value: V): void {
    this.entries?.set(key, value);
  }

  /** Empties it, and its hit and miss counts. */
  clear(): void {
    this.entries?.clear();
    this.hits = 0;
    this.misses = 0;
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }
}
