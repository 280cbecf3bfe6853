import type { SearchCardRow } from './card';

/** A card's own columns, as the store is filled with them (dates in epoch milliseconds). */
export interface PackedCardRow {
  id: number;
  local_id: string;
  source: string;
  artist_id: number;
  title: string;
  created_ms: number;
  updated_ms: number;
  max_width: number;
  max_height: number;
  price: number;
  published: boolean;
  thumb_path: string;
  /** The keywords joined with KEYWORD_SEPARATOR. */
  keywords: string | null;
}

/** An artist's part of a card: looked up by artist_id, so that a rename changes no card. */
export interface CardArtist {
  name: string;
  royalty_code: string;
}

/** The texts of a row, in the order they are packed; the dates are 24 ISO characters. */
const DATE_LENGTH = 24;

/**
 * Every image's card, packed: numbers in typed arrays, texts as UTF-8 in one buffer per
 * batch. A million cards take about 250 MB outside the JavaScript heap, where the garbage
 * collector never walks them, and a page of cards is read without a query: a card is one
 * decode of its row's text, cut by its fields' lengths. A card is found by id through a
 * direct table, as the index finds slots. A changed card is appended and its old row left
 * unused; `compacted` packs the live rows again once they are outnumbered.
 */
export class CardStore {
  private count = 0;
  private live = 0;
  private rowOf = new Int32Array(0);
  private artistIds: Int32Array;
  private widths: Int32Array;
  private heights: Int32Array;
  private prices: Uint8Array;
  private published: Uint8Array;
  private chunkOf: Uint32Array;
  private starts: Uint32Array;
  /** Bytes of a row's texts before its keywords, and of its keywords. */
  private textBytes: Uint32Array;
  private keywordBytes: Uint32Array;
  /** Characters of local_id, source, title and thumb_path, four per row. */
  private lengths: Uint32Array;
  private readonly chunks: Buffer[] = [];

  constructor(capacity = 1024) {
    const n = Math.max(16, capacity);
    this.artistIds = new Int32Array(n);
    this.widths = new Int32Array(n);
    this.heights = new Int32Array(n);
    this.prices = new Uint8Array(n);
    this.published = new Uint8Array(n);
    this.chunkOf = new Uint32Array(n);
    this.starts = new Uint32Array(n);
    this.textBytes = new Uint32Array(n);
    this.keywordBytes = new Uint32Array(n);
    this.lengths = new Uint32Array(4 * n);
  }

  /** The cards stored. */
  get size(): number {
    return this.live;
  }

  /** Rows no card points to any more (replaced or removed). */
  get unused(): number {
    return this.count - this.live;
  }

  /** Stores these cards, replacing those of the same ids; ids are distinct. */
  add(rows: readonly PackedCardRow[]): void {
    if (rows.length === 0) return;
    const ids = new Set<number>();
    let maxId = -1;
    for (const { id } of rows) {
      if (!Number.isInteger(id) || id < 0 || ids.has(id)) {
        throw new Error(`card store: id ${id} not a distinct row id`);
      }
      ids.add(id);
      maxId = Math.max(maxId, id);
    }
    for (const { id } of rows) this.remove(id);
    this.reserve(this.count + rows.length);
    const texts = rows.map((row) => {
      return [
        row.local_id,
        row.source,
        row.title,
        row.thumb_path,
        new Date(row.created_ms).toISOString(),
        new Date(row.updated_ms).toISOString(),
      ].join('');
    });
    let bytes = 0;
    rows.forEach((row, r) => {
      bytes += Buffer.byteLength(texts[r] as string) + Buffer.byteLength(row.keywords ?? '');
    });
    const chunk = Buffer.allocUnsafe(bytes);
    const chunkIndex = this.chunks.length;
    if (maxId >= this.rowOf.length) {
      const grown = new Int32Array(Math.max(maxId + 1, this.rowOf.length * 2)).fill(-1);
      grown.set(this.rowOf);
      this.rowOf = grown;
    }
    let at = 0;
    rows.forEach((row, r) => {
      const i = this.count + r;
      this.rowOf[row.id] = i;
      this.artistIds[i] = row.artist_id;
      this.widths[i] = row.max_width;
      this.heights[i] = row.max_height;
      this.prices[i] = row.price;
      this.published[i] = row.published ? 1 : 0;
      this.chunkOf[i] = chunkIndex;
      this.starts[i] = at;
      this.lengths[4 * i] = row.local_id.length;
      this.lengths[4 * i + 1] = row.source.length;
      this.lengths[4 * i + 2] = row.title.length;
      this.lengths[4 * i + 3] = row.thumb_path.length;
      const text = chunk.write(texts[r] as string, at, 'utf8');
      const keywords = row.keywords ? chunk.write(row.keywords, at + text, 'utf8') : 0;
      this.textBytes[i] = text;
      this.keywordBytes[i] = keywords;
      at += text + keywords;
    });
    this.chunks.push(chunk);
    this.count += rows.length;
    this.live += rows.length;
  }

  /** Forgets image `id`'s card, if stored. */
  remove(id: number): void {
    const i = this.rowAt(id);
    if (i < 0) return;
    this.rowOf[id] = -1;
    this.live -= 1;
  }

  /** Image `id`'s card as it was added, or undefined. */
  row(id: number): PackedCardRow | undefined {
    const i = this.rowAt(id);
    if (i < 0) return undefined;
    const chunk = this.chunks[this.chunkOf[i] as number] as Buffer;
    const start = this.starts[i] as number;
    const end = start + (this.textBytes[i] as number);
    const text = chunk.toString('utf8', start, end);
    const l = this.lengths;
    const a = l[4 * i] as number;
    const b = a + (l[4 * i + 1] as number);
    const c = b + (l[4 * i + 2] as number);
    const d = c + (l[4 * i + 3] as number);
    const keywordBytes = this.keywordBytes[i] as number;
    return {
      id,
      local_id: text.slice(0, a),
      source: text.slice(a, b),
      artist_id: this.artistIds[i] as number,
      title: text.slice(b, c),
      created_ms: Date.parse(text.slice(d, d + DATE_LENGTH)),
      updated_ms: Date.parse(text.slice(d + DATE_LENGTH, d + 2 * DATE_LENGTH)),
      max_width: this.widths[i] as number,
      max_height: this.heights[i] as number,
      price: this.prices[i] as number,
      published: this.published[i] === 1,
      thumb_path: text.slice(c, d),
      keywords: keywordBytes > 0 ? chunk.toString('utf8', end, end + keywordBytes) : null,
    };
  }

  /** A store of the same cards without unused rows, in id order. */
  compacted(batch = 10_000): CardStore {
    const next = new CardStore(this.live);
    let rows: PackedCardRow[] = [];
    for (let id = 0; id < this.rowOf.length; id++) {
      const row = this.row(id);
      if (!row) continue;
      rows.push(row);
      if (rows.length === batch) {
        next.add(rows);
        rows = [];
      }
    }
    next.add(rows);
    return next;
  }

  /**
   * The card of image `id` with its artist from `artists`; undefined when the store has no
   * card for it, or `artists` does not know its artist.
   */
  get(
    id: number,
    keywords: boolean,
    artists: ReadonlyMap<number, CardArtist>,
  ): SearchCardRow | undefined {
    const i = this.rowAt(id);
    if (i < 0) return undefined;
    const artist = artists.get(this.artistIds[i] as number);
    if (!artist) return undefined;
    const chunk = this.chunks[this.chunkOf[i] as number] as Buffer;
    const start = this.starts[i] as number;
    const end = start + (this.textBytes[i] as number);
    const text = chunk.toString('utf8', start, end);
    const l = this.lengths;
    const a = l[4 * i] as number;
    const b = a + (l[4 * i + 1] as number);
    const c = b + (l[4 * i + 2] as number);
    const d = c + (l[4 * i + 3] as number);
    const keywordEnd = end + (this.keywordBytes[i] as number);
    return {
      id,
      local_id: text.slice(0, a),
      source: text.slice(a, b),
      artist_id: this.artistIds[i] as number,
      title: text.slice(b, c),
      created: text.slice(d, d + DATE_LENGTH),
      updated: text.slice(d + DATE_LENGTH, d + 2 * DATE_LENGTH),
      max_width: this.widths[i] as number,
      max_height: this.heights[i] as number,
      price: this.prices[i] as number,
      published: this.published[i] === 1,
      thumb_path: text.slice(c, d),
      artist: artist.name,
      royalty_code: artist.royalty_code,
      keywords: keywords && keywordEnd > end ? chunk.toString('utf8', end, keywordEnd) : null,
    };
  }

  /** The artist of image `id`'s stored card, or undefined when the store has none. */
  artistOf(id: number): number | undefined {
    const i = this.rowAt(id);
    return i < 0 ? undefined : (this.artistIds[i] as number);
  }

  private rowAt(id: number): number {
    return Number.isInteger(id) && id >= 0 && id < this.rowOf.length
      ? (this.rowOf[id] as number)
      : -1;
  }

  private reserve(needed: number): void {
    if (needed <= this.artistIds.length) return;
    const n = Math.max(needed, this.artistIds.length * 2);
    const grow = <T extends Int32Array | Uint32Array | Uint8Array>(
      array: T,
      make: (length: number) => T,
      perRow = 1,
    ): T => {
      const next = make(perRow * n);
      next.set(array as never);
      return next;
    };
    this.artistIds = grow(this.artistIds, (length) => new Int32Array(length));
    this.widths = grow(this.widths, (length) => new Int32Array(length));
    this.heights = grow(this.heights, (length) => new Int32Array(length));
    this.prices = grow(this.prices, (length) => new Uint8Array(length));
    this.published = grow(this.published, (length) => new Uint8Array(length));
    this.chunkOf = grow(this.chunkOf, (length) => new Uint32Array(length));
    this.starts = grow(this.starts, (length) => new Uint32Array(length));
    this.textBytes = grow(this.textBytes, (length) => new Uint32Array(length));
    this.keywordBytes = grow(this.keywordBytes, (length) => new Uint32Array(length));
    this.lengths = grow(this.lengths, (length) => new Uint32Array(length), 4);
  }
}
