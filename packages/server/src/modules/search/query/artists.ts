import type { SearchCards } from '../indexer/cards';
import { nameKey } from './fold';

/** A quoted name answers with the images of this many artists of that name, at most. */
const ARTISTS_NAMED = 200;

/**
 * Artists by folded name and by royalty code, from the cards' artists (indexer/cards.ts),
 * made again when those change.
 */
export class ArtistLookups {
  private version = -1;
  private readonly byName = new Map<string, number[]>();
  private readonly byCode = new Map<string, number[]>();

  constructor(private readonly cards: SearchCards) {}

  /**
   * The artists a quoted name names: the same name whatever its case, accents and leading
   * honorifics (fold.ts), by id, at most 200.
   */
  named(name: string): number[] {
    this.prepare();
    const key = nameKey(name);
    return key ? (this.byName.get(key) ?? []).slice(0, ARTISTS_NAMED) : [];
  }

  /** The artists with any of these royalty codes, by id. */
  withCodes(codes: readonly string[]): number[] {
    this.prepare();
    return [...new Set(codes.flatMap((code) => this.byCode.get(code) ?? []))].sort((a, b) => a - b);
  }

  /**
   * Makes the lookups again when the artists have changed. A server calls it once its index
   * is built: at a million images and 20,000 artists it takes 50–80 ms, which the first
   * search naming an artist in each process otherwise waited for, with every search queued
   * behind it.
   */
  prepare(): void {
    if (this.version === this.cards.artistsVersion) return;
    this.byName.clear();
    this.byCode.clear();
    for (const [id, artist] of [...this.cards.artists].sort((a, b) => a[0] - b[0])) {
      const name = nameKey(artist.name);
      this.byName.set(name, [...(this.byName.get(name) ?? []), id]);
      this.byCode.set(artist.royalty_code, [...(this.byCode.get(artist.royalty_code) ?? []), id]);
    }
    this.version = this.cards.artistsVersion;
  }
}
