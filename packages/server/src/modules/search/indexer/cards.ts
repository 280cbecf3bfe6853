import type { SearchCardRow } from './card';
import { CardStore, type CardArtist, type PackedCardRow } from './card-store';
import type { IndexedRow } from './followed-columns';
import type { IndexChange } from './index-sync';

/** Unused rows the store may hold beyond its live ones before it is packed again. */
const UNUSED_SLACK = 10_000;

const sameCard = (a: PackedCardRow, b: PackedCardRow): boolean =>
  a.local_id === b.local_id &&
  a.source === b.source &&
  a.artist_id === b.artist_id &&
  a.title === b.title &&
  a.created_ms === b.created_ms &&
  a.updated_ms === b.updated_ms &&
  a.max_width === b.max_width &&
  a.max_height === b.max_height &&
  a.price === b.price &&
  a.published === b.published &&
  a.thumb_path === b.thumb_path &&
  (a.keywords || null) === (b.keywords || null);

const packed = (row: IndexedRow): PackedCardRow => ({
  id: Number(row.id),
  local_id: row.local_id,
  source: row.source,
  artist_id: Number(row.artist_id),
  title: row.title,
  created_ms: Number(row.created_ms),
  updated_ms: Number(row.updated_ms),
  max_width: Number(row.max_width),
  max_height: Number(row.max_height),
  price: Number(row.price),
  published: Boolean(row.published),
  thumb_path: row.thumb_path,
  keywords: row.keywords,
});

/**
 * Every image's card, from the rows the index reads (IndexChange) and nothing else: the
 * build fills the store, each catch-up replaces the cards of the rows it read and drops
 * those removed, so a card is never staler than the index. Artists' names and royalty
 * codes are kept by id beside them, so a rename changes no card.
 */
export class SearchCards {
  private store = new CardStore(0);
  private readonly artistsById = new Map<number, CardArtist>();
  private version = 0;

  /** Moves whenever an artist is added, renamed or given another royalty code. */
  get artistsVersion(): number {
    return this.version;
  }

  get artists(): ReadonlyMap<number, CardArtist> {
    return this.artistsById;
  }

  /** Takes in what the index took in (IndexSync#onChange). */
  apply(change: IndexChange): void {
    if (change === 'all') {
      this.store = new CardStore(0);
      this.artistsById.clear();
      this.version += 1;
      return;
    }
    this.setArtists(change.artists);
    for (const id of change.removed) this.store.remove(id);
    const changed = change.rows.map(packed).filter((row) => {
      const stored = this.store.row(row.id);
      return !stored || !sameCard(stored, row);
    });
    this.store.add(changed);
    if (this.store.unused > this.store.size + UNUSED_SLACK) this.store = this.store.compacted();
  }

  setArtists(artists: readonly { id: number; name: string; royalty_code: string }[]): void {
    if (artists.length === 0) return;
    for (const artist of artists) {
      this.artistsById.set(Number(artist.id), {
        name: artist.name,
        royalty_code: artist.royalty_code,
      });
    }
    this.version += 1;
  }

  /** The card of image `id` (its keywords when asked for), or undefined when there is none. */
  get(id: number, keywords: boolean): SearchCardRow | undefined {
    return this.store.get(id, keywords, this.artistsById);
  }
}
