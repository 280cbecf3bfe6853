import type { SearchFacet } from '@atelier/contracts';
import { TAG_DIMENSIONS, TAG_DIMENSION_NAMES, type TagDimension } from '../indexer/tags';
import {
  addSlots,
  andCardinality,
  andInto,
  andNotInto,
  BitsetArena,
  cardinality,
  combine,
  sparseWords,
  splitByField,
  unionOfTuples,
  clearBit,
  emptyBitset,
  hasBit,
  orInto,
  popcount32,
  resized,
  setBit,
  wordsFor,
  type Bitset,
} from './bitset';
import { LocalIdTable } from './local-id-table';
import { SampleMasks, sampleOf } from './sample-masks';
import {
  allowedDistance,
  byCloseness,
  editDistance,
  isCorrectable,
  Vocabulary,
} from './vocabulary';
import { SortOrder } from './sort-order';
import { FIELD_WEIGHTS, TextIndex, type Scoring } from './text-index';
import type { TsqueryNode } from './tsquery';

/**
 * The search index: what a search matches, counts and sorts on, for every image, in
 * memory. PostgreSQL stays the source of truth (index-sync.ts keeps this in step with it);
 * PostgreSQL also turns words into lexemes, ranks best matches and returns the cards.
 *
 * Each image has a slot. Columns hold its sort keys, artist and facet values; a bitset per
 * tag (tags.ts) holds the slots having it; TextIndex holds its words. A changed image whose
 * words or artist changed moves to a new slot (the posting lists stay append-only); other
 * changes (popularity, publishing, tags) are made in place.
 *
 * Each sort's order is a SortOrder (blocks of slots). A change of popularity only moves
 * that slot within the popular order: a removal and a binary-searched insertion, each
 * shifting one block, so a batch of popularity changes costs work proportional to its
 * size, and touches neither the newest order nor anything a search counts with (its
 * kept sets and counts stay valid: `setsVersion` does not move).
 */

/** One image, as index-sync.ts reads it. */
export interface IndexRow {
  id: number;
  /** Its local id (a search for one word may be one). */
  localId?: string;
  /** Microseconds since 1970: PostgreSQL's precision, so the order is PostgreSQL's. */
  created: number;
  popularity: number;
  published: boolean;
  artist_id: number;
  /** Its search tags (tags.ts codes). */
  tags: number[];
  /** `images.search` as text: 'boat':3A 'sea':2A. */
  search: string;
}

export interface IndexQuery {
  text: TsqueryNode | null;
  includeUnpublished: boolean;
  /** Per facet dimension, the tags of which an image must have one. */
  filters: Partial<Record<SearchFacet, number[]>>;
  /** The api parameter's source tags; null: any source. */
  scope: number[] | null;
  artistIds: number[] | null;
  royaltyArtistIds: number[] | null;
  imageIds: number[] | null;
  /** Id lists the results must be in (a user's favourites, a collection's images). */
  within: number[][];
  excludeIds: number[];
}

/** A result set with its size, and the words that may hold its slots (null: any word). */
export interface SlotSet {
  set: Bitset;
  size: number;
  words: Int32Array | null;
}

/** A query for every published image, with `overrides`. */
export function indexQuery(overrides: Partial<IndexQuery> = {}): IndexQuery {
  return {
    text: null,
    includeUnpublished: false,
    filters: {},
    scope: null,
    artistIds: null,
    royaltyArtistIds: null,
    imageIds: null,
    within: [],
    excludeIds: [],
    ...overrides,
  };
}

export interface ResultSets {
  /** Every condition. */
  all: SlotSet;
  /** For each filtered dimension, every condition but that dimension's filter. */
  without: Map<SearchFacet, SlotSet>;
}

export type IndexSort = 'newest' | 'popular';

/** New words "Did you mean" looks through one by one before it makes its index again. */
const NEW_WORDS_LOOKED_THROUGH = 20_000;

/** best_match: a title holding the whole query as a phrase comes before any other match… */
const TITLE_PHRASE_BONUS = 1000;
/** …and a title that is exactly the query before those. */
const EXACT_TITLE_BONUS = 1000;

const TITLE_BONUS = { phrase: TITLE_PHRASE_BONUS, exact: EXACT_TITLE_BONUS };

/** best_match ranks queries of up to this many words by field classes (bestMatch). */
const WORDS_RANKED_BY_FIELD = 4;
/** Weight of a word by its best field: title, keywords or artist, caption, absent. */
const FIELD_SCORE = [1, 0.4, 0.2, 0];

/**
 * The `end`-th largest score of the touched slots: a min-heap of the best `end` seen (most
 * slots are turned away by one comparison with its least), or, for a deep page, a
 * quickselect over all of them.
 */
function endScore(scores: Float64Array, touched: Int32Array, count: number, end: number): number {
  if (end > 2048) {
    const values = new Float64Array(count);
    for (let k = 0; k < count; k++) values[k] = scores[touched[k] as number] as number;
    return kthLargest(values, end - 1);
  }
  const heap = new Float64Array(end);
  for (let k = 0; k < end; k++) heap[k] = scores[touched[k] as number] as number;
  for (let k = (end >>> 1) - 1; k >= 0; k--) siftDown(heap, k, end);
  for (let k = end; k < count; k++) {
    const score = scores[touched[k] as number] as number;
    if (score <= (heap[0] as number)) continue;
    heap[0] = score;
    siftDown(heap, 0, end);
  }
  return heap[0] as number;
}

function siftDown(heap: Float64Array, from: number, size: number): void {
  let i = from;
  for (;;) {
    const left = 2 * i + 1;
    if (left >= size) return;
    const right = left + 1;
    const least = right < size && (heap[right] as number) < (heap[left] as number) ? right : left;
    if ((heap[least] as number) >= (heap[i] as number)) return;
    const t = heap[i] as number;
    heap[i] = heap[least] as number;
    heap[least] = t;
    i = least;
  }
}

/** The k-th largest value (0: the largest); reorders `values` (quickselect). */
function kthLargest(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((values[i] as number) > pivot) i += 1;
      while ((values[j] as number) < pivot) j -= 1;
      if (i <= j) {
        const t = values[i] as number;
        values[i] = values[j] as number;
        values[j] = t;
        i += 1;
        j -= 1;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k] as number;
  }
  return values[k] as number;
}

/** Unions of tag sets kept for filters (each a bitset: 122 KiB at a million images). */
const UNIONS_KEPT = 64;

/** Text matches of recent searches kept (each a bitset: 122 KiB at a million images). */
const TEXT_MATCHES_KEPT = 32;

/**
 * A slot moved within an order costs about this many slots' worth of work (two block
 * shifts, a binary search); past live / this many moved slots, one merge pass is cheaper.
 */
const MOVE_COST = 4 * 512;

/**
 * An exact count reads each slot's packed tags in place: at a million images those are an
 * 8 MB array, and the slots of a set are far apart, so nearly every slot read is a cache
 * miss (tens of nanoseconds), against a few for a word of a set ANDed with a tag's bitset
 * and counted (read in order). So when (the values counted) × (the set's words) is below
 * this many times the set's size, the count is made from the tags' bitsets instead: always
 * for a dimension of up to this many values (a facet counted without its own filter).
 */
const TAG_SET_COUNT_RATIO = 4;
/**
 * The same once the packed tags outgrow the caches (TAGS_CACHED_BYTES): a slot read in
 * place is then a cache miss (about 100–260 ns) against 1–2 ns a word read in order, so the
 * bitsets pay for far more words per slot, as for a count of a few values of a filtered
 * search's "without this filter" set of 10,000–30,000 slots. On the bench's 216 searches at
 * a million images, tagCounts CPU per search for ratios 4, 16, 32, 64, 128: 1.80, 1.58,
 * 1.54, 1.80, 1.97 ms (the same counts).
 */
const TAG_SET_COUNT_RATIO_COLD = 32;
const TAGS_CACHED_BYTES = 4 * 1024 * 1024;

/** Tag code → count (scaled to the whole set when counted on a sample). */
export type TagCounts = Map<number, number>;

const DIMENSION_OF_BASE = new Map<number, TagDimension>(
  TAG_DIMENSION_NAMES.map((dimension) => [TAG_DIMENSIONS[dimension].base, dimension]),
);

/**
 * Where a dimension's values lie in a slot's packed tags: bit `shift + k` of word `word`
 * is its k-th value. Every dimension of a slot fits in TAG_WORDS words read together, so
 * counting a sampled slot's facets costs one cache line, not one per dimension.
 */
const TAG_PLACES = new Map<TagDimension, { word: number; shift: number; mask: number }>();
let TAG_WORDS = 1;
{
  let used = 0;
  for (const dimension of TAG_DIMENSION_NAMES) {
    const bits = TAG_DIMENSIONS[dimension].values.length;
    if (bits > 31) throw new Error(`tags: ${dimension} has more than 31 values`);
    if (used + bits > 32) {
      TAG_WORDS += 1;
      used = 0;
    }
    const mask = ((1 << bits) - 1) << used;
    TAG_PLACES.set(dimension, { word: TAG_WORDS - 1, shift: used, mask: mask >>> 0 });
    used += bits;
  }
}

const placeOf = (dimension: TagDimension): { word: number; shift: number; mask: number } =>
  TAG_PLACES.get(dimension) as { word: number; shift: number; mask: number };

/** Slots whose packed tags countTagPairs gathers before counting them (32 KB). */
const GATHERED_SLOTS = 4096;
const gathered = new Uint32Array(2 * GATHERED_SLOTS);
/**
 * tagCounts' counters (per packed word, per byte lane, 256 values), reused: a search counts
 * up to five times, and each fresh 8 KB array is a buffer for the garbage collector.
 */
const byteCounts = new Uint32Array(TAG_WORDS * 4 * 256);

/**
 * Adds one to the counter of each byte value of the first `n` pairs of `values` (two
 * packed words per slot) masked by `m0` and `m1` (`bytes`: per word, per byte lane, 256
 * counters), skipping the lanes the masks leave empty.
 */
function countPairs(
  values: Uint32Array,
  n: number,
  m0: number,
  m1: number,
  bytes: Uint32Array,
): void {
  const a0 = (m0 & 0xff) !== 0;
  const a1 = (m0 & 0xff00) !== 0;
  const a2 = (m0 & 0xff0000) !== 0;
  const a3 = (m0 & 0xff000000) !== 0;
  const c0 = (m1 & 0xff) !== 0;
  const c1 = (m1 & 0xff00) !== 0;
  const c2 = (m1 & 0xff0000) !== 0;
  const c3 = (m1 & 0xff000000) !== 0;
  for (let at = 0; at < 2 * n; at += 2) {
    const v = (values[at] as number) & m0;
    if (v !== 0) {
      if (a0) bytes[v & 255] = (bytes[v & 255] as number) + 1;
      if (a1) bytes[256 + ((v >>> 8) & 255)] = (bytes[256 + ((v >>> 8) & 255)] as number) + 1;
      if (a2) bytes[512 + ((v >>> 16) & 255)] = (bytes[512 + ((v >>> 16) & 255)] as number) + 1;
      if (a3) bytes[768 + (v >>> 24)] = (bytes[768 + (v >>> 24)] as number) + 1;
    }
    const u = (values[at + 1] as number) & m1;
    if (u !== 0) {
      if (c0) bytes[1024 + (u & 255)] = (bytes[1024 + (u & 255)] as number) + 1;
      if (c1) bytes[1280 + ((u >>> 8) & 255)] = (bytes[1280 + ((u >>> 8) & 255)] as number) + 1;
      if (c2) bytes[1536 + ((u >>> 16) & 255)] = (bytes[1536 + ((u >>> 16) & 255)] as number) + 1;
      if (c3) bytes[1792 + (u >>> 24)] = (bytes[1792 + (u >>> 24)] as number) + 1;
    }
  }
}

/**
 * tagCounts' loop for slots packed in two words: for each slot of `set ∧ keep` (in the
 * listed words, or all), counts the byte values of its two masked words (countPairs).
 * Answers the slots visited. The slots' tags are first copied out, a few thousand at a
 * time, then counted: at a million images nearly every slot's tags are a cache miss, and
 * a loop doing nothing but loads keeps several misses in flight where one also counting
 * waited on each (2.6 → 1.2 ms for 10,000 slots of 1,000,000 with cold caches).
 */
function countTagPairs(
  set: Bitset,
  keep: Uint32Array,
  words: Int32Array | null,
  tags: Uint32Array,
  m0: number,
  m1: number,
  bytes: Uint32Array,
): number {
  const span = words ? words.length : set.length;
  let visited = 0;
  let n = 0;
  for (let w = 0; w < span; w++) {
    const i = words ? (words[w] as number) : w;
    let word = (set[i] as number) & (keep[i] as number);
    while (word !== 0) {
      const low = word & -word;
      const at = (((i << 5) + 31 - Math.clz32(low)) << 1) >>> 0;
      word ^= low;
      gathered[2 * n] = tags[at] as number;
      gathered[2 * n + 1] = tags[at + 1] as number;
      n += 1;
      if (n === GATHERED_SLOTS) {
        countPairs(gathered, n, m0, m1, bytes);
        visited += n;
        n = 0;
      }
    }
  }
  countPairs(gathered, n, m0, m1, bytes);
  return visited + n;
}

/**
 * The packed tags of a sample's slots, side by side in slot order: a sampled count reads
 * them in one forward sweep. Read in place, the tags of the 16,384 or so slots of a sample
 * at a million images are as many cache misses (a slot's tags are 8 bytes of an 8 MB
 * array), which made a count eight times slower per slot than at 100,000.
 */
interface PackedSample {
  /** The index's setsVersion it was made at (tags do not change while it stands still). */
  version: number;
  /** The mask's words holding any bit, ascending… */
  words: Int32Array;
  /** …and for each, how many of the mask's bits come before it. */
  ranks: Int32Array;
  /** Two words per bit of the mask, in slot order: that slot's packed tags. */
  tags: Uint32Array;
}

/**
 * Bits set in a word, in registers: countPackedPairs calls it per sampled slot, where the
 * table of bitset.ts's popcount32 is a module away (an export getter per call).
 */
function bitsIn(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * countTagPairs over a packed sample: the same counts, read in one sweep. Only the sampled
 * slots of the set are visited (a slot's place in the sample from the bits below it), not
 * every sampled slot: a set of a tenth of the catalogue holds a tenth of the sample's.
 */
function countPackedPairs(
  set: Bitset,
  keep: Uint32Array,
  packed: PackedSample,
  m0: number,
  m1: number,
  bytes: Uint32Array,
): number {
  const { words, ranks, tags } = packed;
  const a0 = (m0 & 0xff) !== 0;
  const a1 = (m0 & 0xff00) !== 0;
  const a2 = (m0 & 0xff0000) !== 0;
  const a3 = (m0 & 0xff000000) !== 0;
  const c0 = (m1 & 0xff) !== 0;
  const c1 = (m1 & 0xff00) !== 0;
  const c2 = (m1 & 0xff0000) !== 0;
  const c3 = (m1 & 0xff000000) !== 0;
  const first = m0 !== 0;
  const second = m1 !== 0;
  const span = words.length;
  let visited = 0;
  for (let w = 0; w < span; w++) {
    const i = words[w] as number;
    const kept = keep[i] as number;
    let rest = (set[i] as number) & kept;
    if (rest === 0) continue;
    const rank = ranks[w] as number;
    while (rest !== 0) {
      const low = rest & -rest;
      rest ^= low;
      // The slot's place among the sample's: the sample's slots of this word below it.
      const at = (rank + bitsIn(kept & (low - 1))) << 1;
      visited += 1;
      if (first) {
        const v = (tags[at] as number) & m0;
        if (v !== 0) {
          if (a0) bytes[v & 255] = (bytes[v & 255] as number) + 1;
          if (a1) bytes[256 + ((v >>> 8) & 255)] = (bytes[256 + ((v >>> 8) & 255)] as number) + 1;
          if (a2) bytes[512 + ((v >>> 16) & 255)] = (bytes[512 + ((v >>> 16) & 255)] as number) + 1;
          if (a3) bytes[768 + (v >>> 24)] = (bytes[768 + (v >>> 24)] as number) + 1;
        }
      }
      if (second) {
        const v = (tags[at + 1] as number) & m1;
        if (v !== 0) {
          if (c0) bytes[1024 + (v & 255)] = (bytes[1024 + (v & 255)] as number) + 1;
          if (c1) bytes[1280 + ((v >>> 8) & 255)] = (bytes[1280 + ((v >>> 8) & 255)] as number) + 1;
          if (c2)
            bytes[1536 + ((v >>> 16) & 255)] = (bytes[1536 + ((v >>> 16) & 255)] as number) + 1;
          if (c3) bytes[1792 + (v >>> 24)] = (bytes[1792 + (v >>> 24)] as number) + 1;
        }
      }
    }
  }
  return visited;
}

/**
 * Steps of page()'s walk along a sort's order that cost as much as gathering one slot of
 * the set and sorting it in. The bench's 178 pages of a first pass at a million images,
 * each timed both ways: choosing by 2 took 61 ms in all, by 4 46.5, by 8 42.7, by 16 37.8,
 * by 32 38.0, by 64 46.8; the faster of the two each time, 37.2.
 */
const WALK_STEPS_PER_GATHERED = 16;

/**
 * The word ANDs per sampled slot worth spending on exact counts instead of a sample: a
 * sample is read side by side (PackedSample), cheaper a slot than a set's slots in place.
 * The bench's 216 searches, every count run at each ratio in turn (CPU ms of tagCounts per
 * search): 0 (never) 0.763, 4 0.712, 8 0.733, 16 0.721, 32 0.714: alike. 16 counts exactly
 * a dimension of up to 8 values (all but colours and sources) of a set of any size.
 */
const SAMPLED_TAG_SET_RATIO = 16;

const tagSetRatioFor = (tags: Uint32Array): number =>
  tags.byteLength > TAGS_CACHED_BYTES ? TAG_SET_COUNT_RATIO_COLD : TAG_SET_COUNT_RATIO;

/** FNV-1a: tells whether an image's words changed, without keeping them. */
function hashOf(text: string, seed = 0): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash | 0;
}

function grownInt32(array: Int32Array, length: number, fill = 0): Int32Array {
  const next = new Int32Array(length);
  if (fill !== 0) next.fill(fill);
  next.set(array);
  return next;
}

function grownFloat64(array: Float64Array, length: number): Float64Array {
  const next = new Float64Array(length);
  next.set(array);
  return next;
}

export class CatalogueIndex {
  /** Slots in use (alive or retired). */
  private slots = 0;
  private capacity: number;
  private ids: Int32Array;
  private created: Float64Array;
  private popularity: Int32Array;
  private artist: Int32Array;
  private hashes: Int32Array;
  /** Per slot, TAG_WORDS words: the slot's tags, packed as TAG_PLACES says. */
  private tags: Uint32Array;
  private readonly tagSets = new Map<number, Bitset>();
  private alive: Bitset;
  private published: Bitset;
  private readonly text = new TextIndex();
  private readonly artistSlots = new Map<number, number[]>();
  /**
   * The words of artists' names (their tsvectors, by artist id): a word or phrase of a
   * query matches an artist's images as it matches a keyword. Made again when names change.
   */
  private readonly artistVectors = new Map<number, string>();
  private artistText = new TextIndex();
  private artistUniverse: Bitset = emptyBitset(1);
  private readonly artistArena = new BitsetArena();
  /** The words "Did you mean" corrects to: of the images (at the build), of artists' names. */
  private textWords: Vocabulary | null = null;
  private nameWords: { version: number; vocabulary: Vocabulary } | null = null;
  /** Moves when artists' names change. */
  private artistsVersion = 0;
  /** Scratch of bestMatch, by slot (grown with the index). */
  private scoring: Scoring | null = null;
  /** By image id: its slot, or -1. */
  private slotOf: Int32Array = new Int32Array(0);
  /** Live slots in each sort's order. */
  private readonly orders: Record<IndexSort, SortOrder>;
  /** Slots whose place in the orders changed since they were last built. */
  private moved = new Set<number>();
  /** Live slots whose popularity alone changed since: only the popular order moves them. */
  private repositioned = new Set<number>();
  /** Whether the change being applied changed more than popularity (see setsVersion). */
  private setsChanged = false;
  /** A slot's packed tags before an update (to tell whether they changed). */
  private readonly tagsBefore = new Uint32Array(TAG_WORDS);
  /** Too much changed (or nothing is ordered yet): sort everything again. */
  private resort = true;
  private live = 0;
  private readonly unions = new Map<string, { version: number; set: Bitset }>();
  /** By tsquery tree: its matches among the live slots, least recently used first. */
  private readonly textMatches = new Map<string, { version: number; set: Bitset }>();
  private readonly arena = new BitsetArena();
  /** Sets of matches forgotten (forgetQueries), reused before any new one is made. */
  private readonly spareMatches: Bitset[] = [];
  /** Uniform random samples of result sets, for facet estimates. */
  private readonly samples: SampleMasks;
  /** By sample step: its slots' tags side by side (made when first counted, or stale). */
  private readonly packedSamples = new Map<number, PackedSample>();
  /** By sample step: slots counted in place since its packed tags went stale. */
  private readonly packedOwed = new Map<number, number>();
  /**
   * Hashes of every local id (lower case) ever seen: a word whose hash is absent is no
   * image's local id, and needs no lookup. Never removed from: a stale one costs a lookup.
   */
  private readonly localIds = new LocalIdTable();
  /** Moves on every change a search could see: part of the cache keys of pages. */
  version = 0;
  /**
   * Moves on every change but those of popularity alone: what a search matches and counts
   * (its sets, counts and facets, the newest order) is unchanged while it stands still.
   */
  setsVersion = 0;
  /** How the orders caught up: full sorts, merge passes, slots moved one by one. */
  readonly orderStats = { sorts: 0, merges: 0, moves: 0 };
  private readonly moveCost: number;
  /** TAG_SET_COUNT_RATIO or, once the packed tags outgrow the caches, its cold value. */
  private tagSetRatio = TAG_SET_COUNT_RATIO;

  /** `moveCost`: see MOVE_COST (tests lower it to move slots one by one in a small index). */
  constructor(capacity = 1024, options: { moveCost?: number } = {}) {
    this.moveCost = options.moveCost ?? MOVE_COST;
    this.capacity = Math.max(32, capacity);
    this.ids = new Int32Array(this.capacity);
    this.created = new Float64Array(this.capacity);
    this.popularity = new Int32Array(this.capacity);
    this.artist = new Int32Array(this.capacity);
    this.hashes = new Int32Array(this.capacity);
    this.tags = new Uint32Array(TAG_WORDS * this.capacity);
    this.tagSetRatio = tagSetRatioFor(this.tags);
    this.alive = emptyBitset(wordsFor(this.capacity));
    this.published = emptyBitset(wordsFor(this.capacity));
    this.samples = new SampleMasks(wordsFor(this.capacity));
    this.orders = {
      newest: new SortOrder(this.capacity),
      popular: new SortOrder(this.capacity),
    };
  }

  /** Images a search can find (staff's view: published or not). */
  get size(): number {
    return this.live;
  }

  get lexemes(): number {
    return this.text.lexemes;
  }

  /**
   * Adds or replaces images and retires removed ones. The sort orders catch up when next
   * used: a build applies many batches and sorts once.
   */
  apply(rows: readonly IndexRow[], removedIds: readonly number[] = []): void {
    if (rows.length === 0 && removedIds.length === 0) return;
    const present = new Set<number>();
    for (const row of rows) present.add(row.id);
    for (const id of removedIds) {
      if (present.has(id)) continue; // deleted, then inserted again: the row is the truth
      const slot = this.slotOf[id] ?? -1;
      if (slot >= 0) this.retire(slot);
    }
    this.setsChanged = removedIds.length > 0;
    for (const row of rows) this.put(row);
    this.version += 1;
    if (this.setsChanged) this.setsVersion += 1;
  }

  private put(row: IndexRow): void {
    const hash = hashOf(row.search, row.artist_id);
    if (row.localId) this.localIds.add(hashOf(row.localId.toLowerCase()), row.id);
    const existing = this.slotOf[row.id] ?? -1;
    if (existing >= 0 && hasBit(this.alive, existing) && this.hashes[existing] === hash) {
      this.update(existing, row);
      return;
    }
    if (existing >= 0) this.retire(existing);
    const slot = this.allocate();
    if (row.id >= this.slotOf.length) {
      this.slotOf = grownInt32(this.slotOf, Math.max(row.id + 1, this.slotOf.length * 2), -1);
    }
    this.slotOf[row.id] = slot;
    this.ids[slot] = row.id;
    this.hashes[slot] = hash;
    this.artist[slot] = row.artist_id;
    let artistSlots = this.artistSlots.get(row.artist_id);
    if (!artistSlots) {
      artistSlots = [];
      this.artistSlots.set(row.artist_id, artistSlots);
    }
    artistSlots.push(slot);
    this.text.add(slot, row.search, row.localId?.toLowerCase() ?? '');
    setBit(this.alive, slot);
    this.live += 1;
    this.setsChanged = true;
    this.markMoved(slot);
    this.update(slot, row);
  }

  /** The columns and tags that change in place. */
  private update(slot: number, row: IndexRow): void {
    if (this.created[slot] !== row.created) {
      this.setsChanged = true;
      this.markMoved(slot);
    } else if (this.popularity[slot] !== row.popularity) {
      this.markRepositioned(slot);
    }
    this.created[slot] = row.created;
    this.popularity[slot] = row.popularity;
    if (row.published !== hasBit(this.published, slot)) {
      this.setsChanged = true;
      if (row.published) setBit(this.published, slot);
      else clearBit(this.published, slot);
    }
    const before = this.tagsBefore;
    before.set(this.tags.subarray(slot * TAG_WORDS, (slot + 1) * TAG_WORDS));
    this.clearTags(slot);
    for (const code of row.tags) {
      const base = Math.floor(code / 100) * 100;
      const dimension = DIMENSION_OF_BASE.get(base);
      const k = code - base - 1;
      if (!dimension || k < 0 || k >= TAG_DIMENSIONS[dimension].values.length) continue;
      const place = placeOf(dimension);
      const at = slot * TAG_WORDS + place.word;
      this.tags[at] = (this.tags[at] as number) | (1 << (place.shift + k));
      let set = this.tagSets.get(code);
      if (!set) {
        set = emptyBitset(this.alive.length);
        this.tagSets.set(code, set);
      }
      setBit(set, slot);
    }
    for (let t = 0; t < TAG_WORDS; t++) {
      if (before[t] !== this.tags[slot * TAG_WORDS + t]) this.setsChanged = true;
    }
  }

  private clearTags(slot: number): void {
    for (const dimension of TAG_DIMENSION_NAMES) {
      const place = placeOf(dimension);
      let mask =
        ((this.tags[slot * TAG_WORDS + place.word] as number) & place.mask) >>> place.shift;
      const base = TAG_DIMENSIONS[dimension].base;
      while (mask !== 0) {
        const k = 31 - Math.clz32(mask & -mask);
        const set = this.tagSets.get(base + k + 1);
        if (set) clearBit(set, slot);
        mask &= mask - 1;
      }
    }
    this.tags.fill(0, slot * TAG_WORDS, (slot + 1) * TAG_WORDS);
  }

  private retire(slot: number): void {
    if (!hasBit(this.alive, slot)) return;
    this.clearTags(slot);
    clearBit(this.alive, slot);
    clearBit(this.published, slot);
    const id = this.ids[slot] as number;
    if (this.slotOf[id] === slot) this.slotOf[id] = -1;
    this.live -= 1;
    this.setsChanged = true;
    this.markMoved(slot);
  }

  private markMoved(slot: number): void {
    if (this.resort) return;
    this.moved.add(slot);
    if (this.moved.size * 16 > this.live) {
      this.resort = true;
      this.moved.clear();
      this.repositioned.clear();
    }
  }

  private markRepositioned(slot: number): void {
    if (this.resort || this.moved.has(slot)) return;
    this.repositioned.add(slot);
  }

  private allocate(): number {
    if (this.slots === this.capacity) this.grow(Math.ceil(this.capacity * 1.5));
    return this.slots++;
  }

  private grow(capacity: number): void {
    this.capacity = capacity;
    this.ids = grownInt32(this.ids, capacity);
    this.created = grownFloat64(this.created, capacity);
    this.popularity = grownInt32(this.popularity, capacity);
    this.artist = grownInt32(this.artist, capacity);
    this.hashes = grownInt32(this.hashes, capacity);
    const tags = new Uint32Array(TAG_WORDS * capacity);
    tags.set(this.tags);
    this.tags = tags;
    this.tagSetRatio = tagSetRatioFor(tags);
    const words = wordsFor(capacity);
    this.alive = resized(this.alive, words);
    this.published = resized(this.published, words);
    this.samples.grow(words);
    for (const [code, set] of this.tagSets) this.tagSets.set(code, resized(set, words));
    for (const order of Object.values(this.orders)) order.grow(capacity);
  }

  /** newest: created desc, id desc; popular: popularity desc, then newest. */
  private compare(sort: IndexSort): (a: number, b: number) => number {
    const { created, popularity, ids } = this;
    const newest = (a: number, b: number) =>
      (created[b] as number) - (created[a] as number) || (ids[b] as number) - (ids[a] as number);
    return sort === 'newest'
      ? newest
      : (a, b) => (popularity[b] as number) - (popularity[a] as number) || newest(a, b);
  }

  /**
   * Brings the orders up to date with the slots moved since: a full sort when much moved
   * (or nothing is ordered yet), else a merge pass of the moved slots into both orders;
   * slots whose popularity alone changed are moved one by one within the popular order
   * (or merged into it in one pass, when so many changed that it is cheaper).
   */
  private reorder(): void {
    if (!this.resort && this.moved.size === 0 && this.repositioned.size === 0) return;
    const moved = this.moved;
    const repositioned = this.repositioned;
    const resort = this.resort;
    this.moved = new Set();
    this.repositioned = new Set();
    this.resort = false;
    if (resort) {
      for (const sort of ['newest', 'popular'] as const) {
        const slots = new Int32Array(this.live);
        let n = 0;
        for (let slot = 0; slot < this.slots; slot++)
          if (hasBit(this.alive, slot)) slots[n++] = slot;
        if (sort === 'popular' || !this.inNewestOrder(slots)) slots.sort(this.compare(sort));
        this.orders[sort].reset(slots);
      }
      this.orderStats.sorts += 1;
      return;
    }
    const others = moved.size > 0;
    if (others) this.merge('newest', moved);
    for (const slot of repositioned) if (hasBit(this.alive, slot)) moved.add(slot);
    if (moved.size === 0) return;
    const order = this.orders.popular;
    if (others || moved.size * this.moveCost > this.live) {
      this.merge('popular', moved);
      return;
    }
    // Out first, then in: each insertion searches an order sorted by the current keys.
    const compare = this.compare('popular');
    for (const slot of moved) order.remove(slot);
    for (const slot of moved) order.insert(slot, compare);
    this.orderStats.moves += moved.size;
  }

  /** One pass: the order's unmoved live slots (still in order) merged with the moved, sorted. */
  private merge(sort: IndexSort, moved: Set<number>): void {
    const order = this.orders[sort];
    const compare = this.compare(sort);
    const current = order.toArray();
    const slots = new Int32Array(this.live);
    const added = [...moved].filter((slot) => hasBit(this.alive, slot)).sort(compare);
    let n = 0;
    let k = 0;
    for (let i = 0; i < current.length; i++) {
      const slot = current[i] as number;
      if (moved.has(slot) || !hasBit(this.alive, slot)) continue;
      while (k < added.length && compare(added[k] as number, slot) < 0)
        slots[n++] = added[k++] as number;
      slots[n++] = slot;
    }
    while (k < added.length) slots[n++] = added[k++] as number;
    order.reset(slots.subarray(0, n));
    this.orderStats.merges += 1;
  }

  /** Sorts now what changed (a build ends with it, so that no search pays for it). */
  prepareOrders(): void {
    this.reorder();
  }

  private inNewestOrder(slots: Int32Array): boolean {
    const compare = this.compare('newest');
    for (let i = 1; i < slots.length; i++) {
      if (compare(slots[i - 1] as number, slots[i] as number) > 0) return false;
    }
    return true;
  }

  // -------------------------------------------------------------------------------------
  // Searching.

  private words(): number {
    return this.alive.length;
  }

  private slotsOfIds(ids: readonly number[]): number[] {
    const slots: number[] = [];
    for (const id of ids) {
      const slot = Number.isInteger(id) && id >= 0 ? (this.slotOf[id] ?? -1) : -1;
      if (slot >= 0) slots.push(slot);
    }
    return slots;
  }

  /**
   * The slots having any of the tags. Filters repeat (colours=red, price=1,2), so their
   * unions are kept until the index changes.
   */
  private anyTag(codes: readonly number[]): Bitset {
    if (codes.length === 1)
      return this.tagSets.get(codes[0] as number) ?? emptyBitset(this.words());
    const key = [...codes].sort((a, b) => a - b).join(',');
    const known = this.unions.get(key);
    if (known && known.version === this.setsVersion && known.set.length === this.words()) {
      return known.set;
    }
    const set = emptyBitset(this.words());
    for (const code of codes) {
      const tagged = this.tagSets.get(code);
      if (tagged) orInto(set, tagged);
    }
    if (this.unions.size >= UNIONS_KEPT) this.unions.clear();
    this.unions.set(key, { version: this.setsVersion, set });
    return set;
  }

  /**
   * The live slots matching a tsquery tree. Beyond a single word (whose set is at hand),
   * matches are kept until the index changes: a visitor refining a search by its filters
   * and sorts repeats its words, and a phrase or any-of costs far more than the filters.
   */
  private textMatch(node: TsqueryNode): Bitset {
    if (node.kind === 'lexeme' && this.artistsWith(node).length === 0) {
      return this.text.matching(node, this.alive, this.arena);
    }
    const key = JSON.stringify(node);
    const known = this.textMatches.get(key);
    this.textMatches.delete(key);
    if (known && known.version === this.setsVersion && known.set.length === this.words()) {
      this.textMatches.set(key, known);
      return known.set;
    }
    const found = this.text.matching(node, this.alive, this.arena, (leaf) =>
      this.artistMatch(leaf),
    );
    let reused: Bitset | undefined;
    if (this.textMatches.size >= TEXT_MATCHES_KEPT) {
      const [oldest, entry] = this.textMatches.entries().next().value as [string, { set: Bitset }];
      this.textMatches.delete(oldest);
      reused = entry.set;
    }
    reused ??= this.spareMatches.pop();
    const set = reused && reused.length === found.length ? reused : new Uint32Array(found.length);
    set.set(found);
    this.textMatches.set(key, { version: this.setsVersion, set });
    return set;
  }

  /**
   * Sets the words of artists' names (`search`: the tsvector text of the name, accents
   * folded). `all`: these are every artist; else they replace or add to those known.
   */
  setArtists(rows: readonly { id: number; search: string }[], all = false): void {
    if (all) this.artistVectors.clear();
    let changed = all;
    for (const row of rows) {
      if (this.artistVectors.get(row.id) === row.search) continue;
      this.artistVectors.set(row.id, row.search);
      changed = true;
    }
    if (!changed) return;
    const text = new TextIndex();
    const ids = [...this.artistVectors.keys()].sort((a, b) => a - b);
    for (const id of ids) text.add(id, this.artistVectors.get(id) as string);
    this.artistText = text;
    this.artistsVersion += 1;
    this.artistUniverse = emptyBitset(wordsFor((ids[ids.length - 1] ?? 0) + 1));
    this.version += 1;
    this.setsVersion += 1;
  }

  /** The artists whose name holds a word or phrase (ascending). */
  private artistsWith(node: TsqueryNode): number[] {
    if (this.artistVectors.size === 0) return [];
    if (node.kind !== 'lexeme' && node.kind !== 'phrase') return [];
    this.artistArena.reset();
    const found = this.artistText.matching(node, this.artistUniverse, this.artistArena);
    const artists: number[] = [];
    for (let i = 0; i < found.length; i++) {
      let word = found[i] as number;
      while (word !== 0) {
        const low = word & -word;
        artists.push((i << 5) + 31 - Math.clz32(low));
        word ^= low;
      }
    }
    return artists;
  }

  /** The slots of the artists whose name holds a word or phrase; null: none. */
  private artistMatch(node: TsqueryNode): Bitset | null {
    const artists = this.artistsWith(node);
    if (artists.length === 0) return null;
    return this.ofArtists(artists);
  }

  private ofArtists(artists: readonly number[]): Bitset {
    return this.arena.of(
      this.words(),
      artists.flatMap((artist) => this.artistSlots.get(artist) ?? []),
    );
  }

  /**
   * The sets of a search: with every condition, and without each filter dimension. They
   * live in this index's arena until its next call: use them (count, page) before
   * awaiting anything.
   */
  resultSets(query: IndexQuery): ResultSets {
    const arena = this.arena;
    arena.reset();
    const words = this.words();
    const base = arena.copy(query.includeUnpublished ? this.alive : this.published);
    if (query.text) andInto(base, this.textMatch(query.text));
    if (query.scope) andInto(base, this.anyTag(query.scope));
    if (query.artistIds) andInto(base, this.ofArtists(query.artistIds));
    if (query.royaltyArtistIds) andInto(base, this.ofArtists(query.royaltyArtistIds));
    if (query.imageIds) andInto(base, arena.of(words, this.slotsOfIds(query.imageIds)));
    for (const ids of query.within) andInto(base, arena.of(words, this.slotsOfIds(ids)));
    if (query.excludeIds.length > 0) {
      andNotInto(base, arena.of(words, this.slotsOfIds(query.excludeIds)));
    }
    const dimensions: SearchFacet[] = [];
    const filters: Bitset[] = [];
    for (const [dimension, codes] of Object.entries(query.filters) as [
      SearchFacet,
      number[] | undefined,
    ][]) {
      if (!codes) continue;
      dimensions.push(dimension);
      filters.push(this.anyTag(codes));
    }
    const listed = sparseWords(base);
    const combined = combine(base, filters, listed, arena);
    const without = new Map<SearchFacet, SlotSet>();
    dimensions.forEach((dimension, d) => {
      without.set(dimension, {
        set: combined.without[d] as Bitset,
        size: combined.withoutSizes[d] as number,
        words: listed,
      });
    });
    return { all: { set: combined.all, size: combined.size, words: listed }, without };
  }

  /** A set as a SlotSet (its size counted; any word). */
  slotSet(set: Bitset): SlotSet {
    return { set, size: cardinality(set), words: null };
  }

  /**
   * How many slots of `set` have each value of `dimensions`: exact for a set of up to
   * `exactUpTo` slots; a larger one is counted on a uniform random sample of at least
   * sampleOf(its size, `sample`) of its slots (sample-masks.ts), scaled to its exact size.
   */
  tagCounts(
    slots: SlotSet,
    dimensions: readonly TagDimension[],
    exactUpTo: number,
    sample: number,
  ): { counts: TagCounts; estimated: boolean } {
    const { set, size, words } = slots;
    const tags = this.tags;
    // The bits of the dimensions asked for, per packed word; a count per bit.
    const masks = new Uint32Array(TAG_WORDS);
    for (const dimension of dimensions) {
      const place = placeOf(dimension);
      masks[place.word] = (masks[place.word] as number) | place.mask;
    }
    // Per packed word, per byte, how many visited slots had each value of that byte: four
    // increments a word, where taking the bits out one by one cost one a tag.
    const bytes = byteCounts;
    bytes.fill(0);
    const sampled = size > exactUpTo && sample > 0;
    const drawn = sampled ? this.samples.forSample(size, sampleOf(size, sample)) : null;
    // Exact counts from the tags' bitsets when their word ANDs cost less than reading the
    // slots a count would read: all of an exact set's, or a sample's. A large set counted
    // for one dimension (its count without its own filter: 2 to 19 values) is then exact
    // and cheaper than its sample (sampledTagSetRatio, docs/performance.md).
    let values = 0;
    for (const dimension of dimensions) values += TAG_DIMENSIONS[dimension].values.length;
    const reads = drawn ? size * drawn.rate : size;
    const ratio = drawn ? Math.min(this.tagSetRatio, SAMPLED_TAG_SET_RATIO) : this.tagSetRatio;
    if (values * (words ? words.length : set.length) <= ratio * reads) {
      return { counts: this.tagSetCounts(slots, dimensions), estimated: false };
    }
    const keep = drawn ? drawn.mask : this.samples.level(0);
    let visited = 0;
    const span = words ? words.length : set.length;
    const packed =
      TAG_WORDS === 2 && drawn && drawn.step > 0 ? this.packedSample(drawn.step, drawn.rate) : null;
    if (packed) {
      visited = countPackedPairs(set, keep, packed, masks[0] as number, masks[1] as number, bytes);
    } else if (TAG_WORDS === 2) {
      visited = countTagPairs(
        set,
        keep,
        words,
        tags,
        masks[0] as number,
        masks[1] as number,
        bytes,
      );
      if (drawn && drawn.step > 0) this.owePacked(drawn.step, visited);
    } else
      for (let w = 0; w < span; w++) {
        const i = words ? (words[w] as number) : w;
        let word = (set[i] as number) & (keep[i] as number);
        while (word !== 0) {
          const low = word & -word;
          const slot = (i << 5) + 31 - Math.clz32(low);
          word ^= low;
          visited += 1;
          for (let t = 0; t < TAG_WORDS; t++) {
            const value = (tags[slot * TAG_WORDS + t] as number) & (masks[t] as number);
            if (value === 0) continue;
            const at = t << 10;
            bytes[at + (value & 255)] = (bytes[at + (value & 255)] as number) + 1;
            const b1 = at + 256 + ((value >>> 8) & 255);
            bytes[b1] = (bytes[b1] as number) + 1;
            const b2 = at + 512 + ((value >>> 16) & 255);
            bytes[b2] = (bytes[b2] as number) + 1;
            const b3 = at + 768 + (value >>> 24);
            bytes[b3] = (bytes[b3] as number) + 1;
          }
        }
      }
    const counts = new Float64Array(32 * TAG_WORDS);
    for (let t = 0; t < TAG_WORDS; t++) {
      for (let b = 0; b < 4; b++) {
        for (let value = 1; value < 256; value++) {
          const n = bytes[(t << 10) + (b << 8) + value] as number;
          if (n === 0) continue;
          for (let j = 0; j < 8; j++) {
            if ((value & (1 << j)) !== 0) {
              const k = (t << 5) + (b << 3) + j;
              counts[k] = (counts[k] as number) + n;
            }
          }
        }
      }
    }
    const estimated = sampled && visited < size;
    const scale = estimated && visited > 0 ? size / visited : 1;
    const result: TagCounts = new Map();
    for (const dimension of dimensions) {
      const { base, values } = TAG_DIMENSIONS[dimension];
      const place = placeOf(dimension);
      for (let k = 0; k < values.length; k++) {
        const n = counts[place.word * 32 + place.shift + k] as number;
        if (n > 0) result.set(base + k + 1, Math.round(n * scale));
      }
    }
    return { counts: result, estimated };
  }

  /** tagCounts' exact counts, each value's the size of the set ∧ that tag's bitset. */
  private tagSetCounts(slots: SlotSet, dimensions: readonly TagDimension[]): TagCounts {
    const result: TagCounts = new Map();
    for (const dimension of dimensions) {
      const { base, values } = TAG_DIMENSIONS[dimension];
      for (let k = 0; k < values.length; k++) {
        const tagged = this.tagSets.get(base + k + 1);
        const n = tagged ? andCardinality(slots.set, tagged, slots.words) : 0;
        if (n > 0) result.set(base + k + 1, n);
      }
    }
    return result;
  }

  /**
   * The tags of the slots of a sample step's mask, side by side, when they are up to date
   * (setsVersion: popularity alone never moves it); null while a count reads in place. A
   * change leaves them stale, and they are made again only once the counts read in place
   * since have read as many slots as making them reads (rent or buy: never more than twice
   * the cheaper of the two), so a search right after a catalogue change never waits for it.
   */
  private packedSample(step: number, rate: number): PackedSample | null {
    const known = this.packedSamples.get(step);
    if (known && known.version === this.setsVersion) return known;
    if ((this.packedOwed.get(step) ?? 0) < this.slots * rate) return null;
    this.packedOwed.delete(step);
    return this.makePackedSample(step);
  }

  /** Slots a count of this step read in place (packedSample). */
  private owePacked(step: number, visited: number): void {
    this.packedOwed.set(step, (this.packedOwed.get(step) ?? 0) + visited);
  }

  private makePackedSample(step: number): PackedSample {
    const keep = this.samples.step(step);
    const length = Math.min(keep.length, this.words());
    let listed = 0;
    let bits = 0;
    for (let i = 0; i < length; i++) {
      const word = keep[i] as number;
      if (word === 0) continue;
      listed += 1;
      bits += popcount32(word);
    }
    const words = new Int32Array(listed);
    const ranks = new Int32Array(listed);
    const packed = new Uint32Array(2 * bits);
    const tags = this.tags;
    let w = 0;
    let rank = 0;
    for (let i = 0; i < length; i++) {
      let word = keep[i] as number;
      if (word === 0) continue;
      words[w] = i;
      ranks[w] = rank;
      w += 1;
      while (word !== 0) {
        const low = word & -word;
        const slot = (i << 5) + 31 - Math.clz32(low);
        word ^= low;
        packed[2 * rank] = tags[2 * slot] as number;
        packed[2 * rank + 1] = tags[2 * slot + 1] as number;
        rank += 1;
      }
    }
    const made = { version: this.setsVersion, words, ranks, tags: packed };
    this.packedSamples.set(step, made);
    return made;
  }

  /**
   * Makes now the packed samples that counts of large sets read (a build ends with it, so
   * that no search pays for it): every step of a set of more than `exactUpTo` slots.
   */
  preparePackedSamples(sample: number, exactUpTo: number): void {
    if (TAG_WORDS !== 2 || sample <= 0) return;
    const first = Math.max(1, exactUpTo + 1);
    for (let size = first; size <= 2 * this.live; size = Math.ceil(size * 1.18)) {
      const { step } = this.samples.forSample(size, sampleOf(size, sample));
      const known = this.packedSamples.get(step);
      if (step > 0 && known?.version !== this.setsVersion) this.makePackedSample(step);
    }
  }

  /**
   * Slots `offset .. offset + limit` of a set in a sort's order. A dense set is met soon
   * walking the order; a sparse one is gathered and sorted by place: whichever costs less.
   * A step of the walk reads the order in sequence and one bit of the set; a gathered slot
   * is a random read of its rank (4 MB at a million) and its share of the sort: timed both
   * ways on every page of the bench's first pass at a million images, a gathered slot cost
   * as much as about 16 steps of the walk (WALK_STEPS_PER_GATHERED).
   */
  page(slots: SlotSet, sort: IndexSort, offset: number, limit: number): Int32Array {
    const { set, size, words } = slots;
    const end = Math.min(size, offset + limit);
    if (end <= offset) return new Int32Array(0);
    this.reorder();
    const order = this.orders[sort];
    const walk = (end * Math.max(1, this.live)) / Math.max(1, size);
    if (walk <= WALK_STEPS_PER_GATHERED * size + 1024) {
      const out = new Int32Array(end - offset);
      let seen = 0;
      order.forEachBlock((slots) => {
        for (let i = 0; i < slots.length && seen < end; i++) {
          const slot = slots[i] as number;
          if (((set[slot >>> 5] as number) & (1 << (slot & 31))) === 0) continue;
          if (seen >= offset) out[seen - offset] = slot;
          seen += 1;
        }
        return seen < end;
      });
      return out.subarray(0, Math.max(0, seen - offset));
    }
    const rankOf = order.ranks();
    const ranks = new Int32Array(size);
    let n = 0;
    const span = words ? words.length : set.length;
    for (let w = 0; w < span; w++) {
      const i = words ? (words[w] as number) : w;
      let word = set[i] as number;
      while (word !== 0 && n < size) {
        const low = word & -word;
        ranks[n++] = rankOf((i << 5) + 31 - Math.clz32(low));
        word ^= low;
      }
    }
    ranks.subarray(0, n).sort();
    const out = new Int32Array(Math.max(0, Math.min(n, end) - offset));
    for (let i = 0; i < out.length; i++) out[i] = order.at(ranks[offset + i] as number);
    return out;
  }

  /**
   * Slots `offset .. offset + limit` of a set in best_match order. Every match is ranked:
   * a title that is exactly the query first, then the works of an artist whose name holds
   * the whole query, then titles holding it as a phrase, then the rest; within each, by the sum over the query's words of the word's rarity (inverse
   * document frequency) times the weight of its best field (title 1; keywords and the
   * artist's name 0.4; caption 0.2); equal scores in the popular order (popularity, then
   * newest). Each word splits the matches by field into bitsets, and the page is read from
   * the groups of equal score, best first, in the popular order: a few passes over the
   * matches' words, never a score per slot nor a sort.
   */
  bestMatch(
    slots: SlotSet,
    lexemes: readonly string[],
    phrase: TsqueryNode | null,
    offset: number,
    limit: number,
  ): Int32Array {
    const { set, size, words: listed } = slots;
    const end = Math.min(size, offset + limit);
    if (end <= offset) return new Int32Array(0);
    if (lexemes.length === 0) return this.page(slots, 'popular', offset, limit);
    if (lexemes.length > WORDS_RANKED_BY_FIELD) {
      return this.bestMatchScored(slots, lexemes, phrase, offset, limit);
    }
    const words = this.words();
    const arena = this.arena;
    const live = Math.max(1, this.live);
    const classes: Bitset[][] = [];
    const present: boolean[][] = [];
    const rarities: number[] = [];
    let exactTitles: Bitset | null = null;
    let phraseTitles: Bitset | null = null;
    for (const lexeme of lexemes) {
      const artists = this.artistsWith({ kind: 'lexeme', lexeme });
      let frequency = this.text.frequency(lexeme);
      for (const artist of artists) frequency += this.artistSlots.get(artist)?.length ?? 0;
      rarities.push(Math.log(1 + live / Math.max(1, frequency)));
      const fields = this.text.fieldClasses(lexeme, words, arena);
      const byArtist = artists.length > 0 ? this.ofArtists(artists) : null;
      const split = [arena.take(words), arena.take(words), arena.take(words), arena.take(words)];
      const sizes = splitByField(
        set,
        fields.title,
        fields.keywords,
        fields.caption,
        byArtist,
        listed,
        split,
      );
      classes.push(split);
      present.push(sizes.map((n) => n > 0));
      if (lexemes.length === 1 && phrase?.kind === 'lexeme') {
        exactTitles = fields.exact;
        phraseTitles = fields.title;
      }
    }
    if (phrase && phrase.kind !== 'lexeme') {
      const found = this.text.titlePhrase(phrase, set);
      phraseTitles = arena.take(words);
      addSlots(phraseTitles, found.phrase, found.phrase.length);
      exactTitles = arena.take(words);
      addSlots(exactTitles, found.exact, found.exact.length);
    }
    // Tiers: exact titles, the works of an artist whose name holds the whole query (a buyer
    // typing 'picasso' or 'henry moore' means the artist, not titles that mention them),
    // title phrases, the rest.
    const tiers: Bitset[] = [];
    if (phraseTitles && exactTitles && phrase) {
      const exact = arena.copy(set);
      andInto(exact, exactTitles);
      const named = this.artistMatch(phrase);
      const byNamed = arena.copy(set);
      if (named) andInto(byNamed, named);
      else andNotInto(byNamed, set);
      andNotInto(byNamed, exact);
      const inTitle = arena.copy(set);
      andInto(inTitle, phraseTitles);
      andNotInto(inTitle, exact);
      andNotInto(inTitle, byNamed);
      const rest = arena.copy(set);
      andNotInto(rest, phraseTitles);
      andNotInto(rest, exact);
      andNotInto(rest, byNamed);
      tiers.push(exact, byNamed, inTitle, rest);
    } else tiers.push(set);
    // Every tuple of fields (one per word; 3: without it) the matches have, by score.
    let tuples: number[][] = [[]];
    for (let l = 0; l < lexemes.length; l++) {
      tuples = tuples.flatMap((tuple) =>
        [0, 1, 2, 3].filter((c) => present[l]?.[c]).map((c) => [...tuple, c]),
      );
    }
    const scoreOf = (tuple: readonly number[]) =>
      tuple.reduce((sum, c, l) => sum + (rarities[l] as number) * (FIELD_SCORE[c] as number), 0);
    const scored = tuples
      .map((tuple) => ({ tuple, score: scoreOf(tuple) }))
      .sort((x, y) => y.score - x.score);
    const groups: number[][][] = [];
    let last = Infinity;
    for (const { tuple, score } of scored) {
      if (Math.abs(score - last) > 1e-9) groups.push([]);
      (groups[groups.length - 1] as number[][]).push(tuple);
      last = score;
    }
    const out: number[] = [];
    const group = arena.take(words);
    let seen = 0;
    for (const tier of tiers) {
      // Each group of a tier is a pass over its words: a tier of a few titles (exact, or
      // holding the phrase) is passed over in its own words, an empty one not at all (each
      // group took a pass over every listed word: the most of a phrase's best_match).
      const tierWords = tiers.length > 1 ? (sparseWords(tier) ?? listed) : listed;
      if (tierWords !== null && tierWords.length === 0) continue;
      // A pass writes only its words: none of an earlier tier's may stay in the group.
      if (tiers.length > 1) group.fill(0);
      for (const tuplesOfGroup of groups) {
        const n = unionOfTuples(tier, classes, tuplesOfGroup, tierWords, group);
        if (n === 0) continue;
        if (seen + n > offset) {
          const from = Math.max(0, offset - seen);
          const take = end - Math.max(seen, offset);
          const found = this.page({ set: group, size: n, words: tierWords }, 'popular', from, take);
          for (let k = 0; k < found.length; k++) out.push(found[k] as number);
        }
        seen += n;
        if (seen >= end) return Int32Array.from(out);
      }
    }
    return Int32Array.from(out);
  }

  /**
   * best_match for a query of many words: every slot scored one by one (with a tenth of
   * each word's other occurrences), the page selected from the scores.
   */
  private bestMatchScored(
    slots: SlotSet,
    lexemes: readonly string[],
    phrase: TsqueryNode | null,
    offset: number,
    limit: number,
  ): Int32Array {
    const { set, size } = slots;
    const end = Math.min(size, offset + limit);
    if (end <= offset) return new Int32Array(0);
    if (lexemes.length === 0) return this.page(slots, 'popular', offset, limit);
    const scoring = this.scoringScratch();
    const { scores, marks } = scoring;
    const live = Math.max(1, this.live);
    lexemes.forEach((lexeme, word) => {
      const artists = this.artistsWith({ kind: 'lexeme', lexeme });
      let frequency = this.text.frequency(lexeme);
      for (const artist of artists) frequency += this.artistSlots.get(artist)?.length ?? 0;
      const rarity = Math.log(1 + live / Math.max(1, frequency));
      // One word: its title bonuses are found as it is scored (no pass of their own).
      const single = lexemes.length === 1 && phrase?.kind === 'lexeme';
      this.text.scoreInto(lexeme, word + 1, rarity, set, scoring, single ? TITLE_BONUS : undefined);
      const weight = FIELD_WEIGHTS[2] as number;
      for (const artist of artists) {
        for (const slot of this.artistSlots.get(artist) ?? []) {
          if (!hasBit(set, slot)) continue;
          const score = scores[slot] as number;
          if (score === 0) scoring.touched[scoring.count++] = slot;
          scores[slot] = score + rarity * (marks[slot] === word + 1 ? weight / 10 : weight);
          marks[slot] = word + 1;
        }
      }
    });
    if (phrase && phrase.kind !== 'lexeme') {
      const { phrase: inTitle, exact } = this.text.titlePhrase(phrase, set);
      for (const [found, bonus] of [
        [inTitle, TITLE_PHRASE_BONUS],
        [exact, EXACT_TITLE_BONUS],
      ] as const) {
        for (let k = 0; k < found.length; k++) {
          const slot = found[k] as number;
          if (hasBit(set, slot) && (scores[slot] as number) > 0) {
            scores[slot] = (scores[slot] as number) + bonus;
          }
        }
      }
    }
    try {
      return this.selectBest(slots, scoring, offset, end);
    } finally {
      for (let k = 0; k < scoring.count; k++) {
        const slot = scoring.touched[k] as number;
        scores[slot] = 0;
        marks[slot] = 0;
      }
      scoring.count = 0;
    }
  }

  /** The page of the scored set: the scores above the page's last, sorted; then its ties. */
  private selectBest(slots: SlotSet, scoring: Scoring, offset: number, end: number): Int32Array {
    const { scores, touched, count } = scoring;
    this.reorder();
    const rankOf = this.orders.popular.ranks();
    const byScore = (a: number, b: number) =>
      (scores[b] as number) - (scores[a] as number) || rankOf(a) - rankOf(b);
    // The end-th best score: every slot scoring more is on the page or before it.
    let threshold = 0;
    if (count >= end) threshold = endScore(scores, touched, count, end);
    const above: number[] = [];
    let ties = this.arena.take(this.words());
    let tied = 0;
    for (let k = 0; k < count; k++) {
      const slot = touched[k] as number;
      const score = scores[slot] as number;
      if (score > threshold) above.push(slot);
      else if (score === threshold) {
        setBit(ties, slot);
        tied += 1;
      }
    }
    if (threshold === 0) {
      // Fewer scored slots than the page needs (every score is positive): the rest of the
      // set follows them, unscored (a query of exclusions only scores none).
      ties = this.arena.copy(slots.set);
      for (let k = 0; k < count; k++) clearBit(ties, touched[k] as number);
      tied = slots.size - count;
    }
    above.sort(byScore);
    const need = end - above.length;
    const tail =
      need > 0 ? this.page({ set: ties, size: tied, words: null }, 'popular', 0, need) : [];
    const out = new Int32Array(Math.min(end, above.length + tail.length));
    let n = 0;
    for (const slot of above) if (n < out.length) out[n++] = slot;
    for (let k = 0; k < tail.length && n < out.length; k++) out[n++] = tail[k] as number;
    return out.subarray(offset);
  }

  private scoringScratch(): Scoring {
    const capacity = this.capacity;
    if (!this.scoring || this.scoring.scores.length < capacity) {
      this.scoring = {
        scores: new Float64Array(capacity),
        marks: new Int32Array(capacity),
        touched: new Int32Array(capacity),
        count: 0,
      };
    }
    return this.scoring;
  }

  /** Does any image or artist's name hold this lexeme? */
  hasWord(lexeme: string): boolean {
    return (
      this.text.frequency(lexeme) > 0 || this.artistsWith({ kind: 'lexeme', lexeme }).length > 0
    );
  }

  /**
   * Makes the "Did you mean" index of the catalogue's words and artists' names now (a build
   * ends with it, so that no search pays for it: the names' took 3 ms at first use with
   * 20,000 artists); words added later are looked through one by one, until there are so
   * many that the index is made again.
   */
  prepareWords(): void {
    const entries: [string, number][] = [];
    this.text.forEachLexeme((word, slots) => entries.push([word, slots]));
    this.text.trackNewLexemes();
    this.textWords = new Vocabulary(entries);
    this.nameVocabulary();
  }

  /** The "Did you mean" index of artists' names, made again after they change. */
  private nameVocabulary(): Vocabulary {
    if (this.nameWords?.version !== this.artistsVersion) {
      const entries: [string, number][] = [];
      this.artistText.forEachLexeme((word, artists) => entries.push([word, artists]));
      this.nameWords = { version: this.artistsVersion, vocabulary: new Vocabulary(entries) };
    }
    return this.nameWords.vocabulary;
  }

  /** The catalogue's words and artists' names closest to a lexeme no image holds, best first. */
  closestWords(lexeme: string, max = 3): string[] {
    if (!isCorrectable(lexeme)) return [];
    if (!this.textWords || this.text.newLexemes().length > NEW_WORDS_LOOKED_THROUGH) {
      this.prepareWords();
    }
    const found = [
      ...(this.textWords as Vocabulary).closestScored(lexeme, max),
      ...this.nameVocabulary().closestScored(lexeme, max),
    ];
    const most = allowedDistance(lexeme.length);
    for (const word of this.text.newLexemes()) {
      if (word === lexeme || !isCorrectable(word)) continue;
      const distance = editDistance(lexeme, word, most);
      if (distance <= most) found.push({ word, distance, frequency: this.text.frequency(word) });
    }
    const words = [...new Set(found.sort(byCloseness).map((entry) => entry.word))];
    return words.slice(0, max);
  }

  /** Where a lexeme is found: the artists whose name holds it, and a few images holding it. */
  holdersOf(lexeme: string, max = 5): { artistIds: number[]; imageIds: number[] } {
    return {
      artistIds: this.artistsWith({ kind: 'lexeme', lexeme }),
      imageIds: this.idsOf(this.text.slotsWith(lexeme, max)),
    };
  }

  /**
   * Could this word be an image's local id? Certainly not when no local id has its hash;
   * a word beyond ASCII always could (PostgreSQL's lower() may not be JavaScript's).
   */
  mayBeLocalId(word: string): boolean {
    // eslint-disable-next-line no-control-regex
    return /[^\x00-\x7f]/.test(word) || this.localIds.has(hashOf(word.toLowerCase()));
  }

  /**
   * The images that may have this local id (any case): those whose local id has its hash,
   * now or before a change. Null for a word beyond ASCII (see mayBeLocalId).
   */
  localIdCandidates(word: string): number[] | null {
    // eslint-disable-next-line no-control-regex
    if (/[^\x00-\x7f]/.test(word)) return null;
    return this.localIds.idsOf(hashOf(word.toLowerCase()));
  }

  /**
   * Words of the catalogue for a warm-up (query/warm-up.ts), plain lower-case letters only:
   * the `per` most frequent, `per` of those on about 1 % of the images, and `per` of those on
   * 2 to 20, spread over the long tail.
   */
  sampleWords(per: number): { common: string[]; middling: string[]; rare: string[] } {
    const counted: [string, number][] = [];
    this.text.forEachLexeme((lexeme, slots) => {
      if (slots > 1 && /^[a-z]{3,}$/.test(lexeme)) counted.push([lexeme, slots]);
    });
    counted.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const words = (from: [string, number][]): string[] => from.map(([word]) => word);
    const middle = counted.findIndex(([, slots]) => slots <= this.live / 100);
    const tail = counted.filter(([, slots]) => slots <= 20);
    const step = Math.max(1, Math.floor(tail.length / Math.max(1, per)));
    return {
      common: words(counted.slice(0, per)),
      middling: middle < 0 ? [] : words(counted.slice(middle, middle + per)),
      rare: words(tail.filter((_, k) => k % step === 0).slice(0, per)),
    };
  }

  /**
   * Lets go of everything kept from earlier searches' words and filters (matches, unions,
   * words' sets): after a warm-up, the first real searches find nothing of it, as on a
   * server that never searched. Packed samples stay: they depend on no search.
   */
  forgetQueries(): void {
    this.unions.clear();
    for (const { set } of this.textMatches.values()) this.spareMatches.push(set);
    this.textMatches.clear();
    this.text.forgetKept(this.arena);
    this.artistText.forgetKept(this.artistArena);
  }

  idsOf(slots: ArrayLike<number>): number[] {
    return Array.from(slots, (slot) => this.ids[slot] as number);
  }

  popularityOf(id: number): number {
    const slot = this.slotOf[id] ?? -1;
    return slot >= 0 ? (this.popularity[slot] as number) : 0;
  }
}
