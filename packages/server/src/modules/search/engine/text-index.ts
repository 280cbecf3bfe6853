import { addSlots, type BitsetArena, andInto, andNotInto, orInto, type Bitset } from './bitset';
import type { TsqueryNode } from './tsquery';

/**
 * The words of the catalogue: for each lexeme of `images.search` (PostgreSQL's tsvector,
 * so stemming and stop words are PostgreSQL's own), the slots holding it, ascending, with
 * each slot's positions for phrases. Slots only ever grow (a changed image moves to a new
 * slot: catalogue-index.ts), so appending keeps every list sorted.
 */
class Postings {
  slots: Int32Array = new Int32Array(2);
  size = 0;
  /** Positions of the k-th slot: positions[starts[k] .. starts[k + 1]). */
  starts: Int32Array = new Int32Array(3);
  positions: Uint16Array = new Uint16Array(2);
  positionCount = 0;
  /**
   * The k-th slot's field class, set once its whole tsvector is read (TextIndex#add): its
   * best weight (bits 0–1) and EXACT_TITLE. best_match splits a word's slots by field from
   * these bytes alone, not from every position of every posting (fieldClasses).
   */
  classes: Uint8Array = new Uint8Array(2);

  add(slot: number, positions: ArrayLike<number>, count: number): void {
    if (this.size + 1 >= this.slots.length) {
      const grown = this.slots.length * 2;
      this.slots = grow(this.slots, grown);
      this.starts = grow(this.starts, grown + 1);
      const classes = new Uint8Array(grown);
      classes.set(this.classes);
      this.classes = classes;
    }
    if (this.positionCount + count > this.positions.length) {
      const next = new Uint16Array(Math.max(this.positions.length * 2, this.positionCount + count));
      next.set(this.positions);
      this.positions = next;
    }
    this.slots[this.size] = slot;
    for (let k = 0; k < count; k++) this.positions[this.positionCount++] = positions[k] as number;
    this.size += 1;
    this.starts[this.size] = this.positionCount;
  }
}

function grow(array: Int32Array, length: number): Int32Array {
  const next = new Int32Array(length);
  next.set(array);
  return next;
}

/** Slots with, for each, the positions where a lexeme or a phrase ends. */
interface Positions {
  slots: Int32Array;
  size: number;
  starts: Int32Array;
  positions: Uint16Array | Int32Array;
  /** A word's postings' field classes (Postings#classes), when known. */
  classes?: Uint8Array;
}

/** A phrase over an operator that has no positions (never produced by our queries). */
class NoPositions extends Error {}

const POSITION_MASK = 0x3fff;
/** A field class's flag: the slot's title is this word alone. */
const EXACT_TITLE = 4;

/**
 * The field class of a posting (Postings#classes) from its packed positions: the best
 * weight among them, and EXACT_TITLE when one of its title positions is the whole title
 * (the slot's first and last title positions).
 */
function fieldClassOf(
  positions: ArrayLike<number>,
  from: number,
  to: number,
  titleFirst: number,
  titleLast: number,
): number {
  let best = 0;
  let exact = 0;
  for (let p = from; p < to; p++) {
    const packed = positions[p] as number;
    const weight = packed >>> 14;
    if (weight > best) best = weight;
    if (weight === 3 && titleFirst === (packed & POSITION_MASK) && titleLast === titleFirst) {
      exact = EXACT_TITLE;
    }
  }
  return best | exact;
}

/** Weight of a field (A title and local id, B keywords, C caption, D other): PostgreSQL's defaults. */
const WEIGHTS = [0.1, 0.2, 0.4, 1];

/** Lexemes common enough that their slot sets are worth keeping built. */
const CACHED_SET_MIN_SLOTS = 2048;
const CACHED_SETS = 256;
/** Common words whose field classes (4 sets each) are kept built. */
const CACHED_CLASSES = 32;

/** A word's slots by its best field (disjoint), and those whose title is the word alone. */
export interface FieldClasses {
  title: Bitset;
  keywords: Bitset;
  /** Caption, or any other field. */
  caption: Bitset;
  exact: Bitset;
}

/** A slot's best_match scores are summed here (catalogue-index.ts#bestMatch). */
export interface Scoring {
  /** By slot: its score so far. */
  scores: Float64Array;
  /** By slot: the last word (its number) that scored it, so a second field adds a tenth. */
  marks: Int32Array;
  /** The slots scored so far (`count` of them). */
  touched: Int32Array;
  count: number;
}

/** Weight of a field in best_match: title 1, keywords (and artist names) 0.4, caption 0.2. */
export const FIELD_WEIGHTS = WEIGHTS;

export class TextIndex {
  /**
   * By slot: the first and last positions of its title's words (weight A, but for its local
   * id's), to tell a title that is exactly the query. 0: no title words.
   */
  private titleFirst = new Uint16Array(0);
  private titleLast = new Uint16Array(0);
  /**
   * Lexeme → its postings; a lexeme on one slot at one position (every local id, the long
   * tail of words) is just a number, slot × 2^16 + position: a million Postings objects
   * would cost the heap ~800 MB and every full garbage collection a second.
   */
  private readonly lexicon = new Map<string, Postings | number>();
  private readonly sets = new Map<string, { size: number; words: number; set: Bitset }>();
  private readonly classes = new Map<
    string,
    { size: number; words: number; classes: FieldClasses }
  >();
  private scratch: Int32Array = new Int32Array(64);
  /** The postings the slot being added was appended to (add). */
  private readonly appended: Postings[] = [];

  /** Lexemes new since tracking began (trackNewLexemes), in order of arrival. */
  private readonly added: string[] = [];
  private tracking = false;

  /** From now on, remember each new lexeme (the words "Did you mean" made its index of). */
  trackNewLexemes(): void {
    this.tracking = true;
    this.added.length = 0;
  }

  /** The lexemes new since tracking began, from the `from`-th on. */
  newLexemes(from = 0): readonly string[] {
    return from === 0 ? this.added : this.added.slice(from);
  }

  /** Lexemes known (for the benchmark's notes). */
  get lexemes(): number {
    return this.lexicon.size;
  }

  /**
   * Adds a slot's words from a tsvector's text form: 'boat':3A,7B 'sea':2A. Slots must
   * arrive in ascending order.
   */
  add(slot: number, tsvector: string, localId = ''): void {
    const text = tsvector;
    if (slot >= this.titleFirst.length) {
      const length = Math.max(slot + 1, this.titleFirst.length * 2, 64);
      const first = new Uint16Array(length);
      first.set(this.titleFirst);
      this.titleFirst = first;
      const last = new Uint16Array(length);
      last.set(this.titleLast);
      this.titleLast = last;
    }
    let first = 0;
    let last = 0;
    let i = 0;
    const n = text.length;
    let appended = 0;
    while (i < n) {
      if (text.charCodeAt(i) !== 39 /* ' */) {
        i += 1;
        continue;
      }
      // A quoted lexeme: '' is a quote, a backslash escapes the next character.
      let j = i + 1;
      let lexeme = '';
      let from = j;
      for (;;) {
        const c = text.charCodeAt(j);
        if (Number.isNaN(c)) break;
        if (c === 39) {
          if (text.charCodeAt(j + 1) === 39) {
            lexeme += text.slice(from, j + 1);
            j += 2;
            from = j;
            continue;
          }
          break;
        }
        if (c === 92 /* \ */) {
          lexeme += text.slice(from, j);
          lexeme += text.charAt(j + 1);
          j += 2;
          from = j;
          continue;
        }
        j += 1;
      }
      lexeme += text.slice(from, j);
      i = j + 1;
      let count = 0;
      if (text.charCodeAt(i) === 58 /* : */) {
        i += 1;
        for (;;) {
          let position = 0;
          let c = text.charCodeAt(i);
          while (c >= 48 && c <= 57) {
            position = position * 10 + (c - 48);
            i += 1;
            c = text.charCodeAt(i);
          }
          // PostgreSQL's own packing: 14 bits of position, 2 of weight (A 3, B 2, C 1, D 0).
          let weight = 0;
          while ((c >= 65 && c <= 68) || c === 42) {
            if (c !== 42) weight = 68 - c;
            i += 1;
            c = text.charCodeAt(i);
          }
          if (count === this.scratch.length) this.scratch = grow(this.scratch, count * 2);
          this.scratch[count++] = (Math.min(position, POSITION_MASK) | (weight << 14)) & 0xffff;
          if (c !== 44 /* , */) break;
          i += 1;
        }
      }
      if (!localId.includes(lexeme)) {
        for (let k = 0; k < count; k++) {
          const packed = this.scratch[k] as number;
          if (packed >>> 14 !== 3) continue;
          const position = packed & POSITION_MASK;
          if (first === 0 || position < first) first = position;
          if (position > last) last = position;
        }
      }
      this.titleFirst[slot] = first;
      this.titleLast[slot] = last;
      const known = this.lexicon.get(lexeme);
      if (known === undefined && this.tracking) this.added.push(lexeme);
      if (known === undefined && count === 1) {
        this.lexicon.set(lexeme, slot * 65536 + (this.scratch[0] as number));
        continue;
      }
      let postings: Postings;
      if (known instanceof Postings) postings = known;
      else {
        postings = new Postings();
        if (known !== undefined) {
          // An earlier slot, its title known in full.
          const earlier = Math.floor(known / 65536);
          postings.add(earlier, [known % 65536], 1);
          postings.classes[0] = fieldClassOf(
            [known % 65536],
            0,
            1,
            this.titleFirst[earlier] as number,
            this.titleLast[earlier] as number,
          );
        }
        this.lexicon.set(lexeme, postings);
      }
      postings.add(slot, this.scratch, count);
      if (appended === this.appended.length) this.appended.push(postings);
      else this.appended[appended] = postings;
      appended += 1;
    }
    // The title's first and last positions are known once every word is read.
    for (let a = 0; a < appended; a++) {
      const postings = this.appended[a] as Postings;
      const k = postings.size - 1;
      postings.classes[k] = fieldClassOf(
        postings.positions,
        postings.starts[k] as number,
        postings.starts[k + 1] as number,
        first,
        last,
      );
    }
  }

  private postingsOf(lexeme: string): Positions | undefined {
    const known = this.lexicon.get(lexeme);
    if (known === undefined || known instanceof Postings) return known;
    return {
      slots: Int32Array.of(Math.floor(known / 65536)),
      size: 1,
      starts: Int32Array.of(0, 1),
      positions: Uint16Array.of(known % 65536),
    };
  }

  /**
   * Lets go of the words' sets and field classes kept for later searches (CatalogueIndex
   * forgetQueries): the next search of any word builds them afresh, in their memory.
   */
  forgetKept(arena: BitsetArena): void {
    const sets: Bitset[] = [];
    for (const { set } of this.sets.values()) sets.push(set);
    for (const { classes } of this.classes.values()) {
      sets.push(classes.title, classes.keywords, classes.caption, classes.exact);
    }
    this.sets.clear();
    this.classes.clear();
    arena.spareAll(sets);
  }

  /** Calls `visit` with each lexeme and how many slots hold it (retired ones included). */
  forEachLexeme(visit: (lexeme: string, slots: number) => void): void {
    for (const [lexeme, postings] of this.lexicon) {
      visit(lexeme, postings instanceof Postings ? postings.size : 1);
    }
  }

  /** The last (newest) `max` slots holding the lexeme. */
  slotsWith(lexeme: string, max: number): number[] {
    const postings = this.postingsOf(lexeme);
    if (!postings) return [];
    return Array.from(postings.slots.subarray(Math.max(0, postings.size - max), postings.size));
  }

  /** How many slots hold the lexeme (retired slots included). */
  frequency(lexeme: string): number {
    return this.postingsOf(lexeme)?.size ?? 0;
  }

  /**
   * The slots matching a tsquery tree, within `universe` (a negation's complement). `extra`
   * answers more slots matching a word or a phrase elsewhere (artists' names), or null.
   */
  matching(
    node: TsqueryNode,
    universe: Bitset,
    arena: BitsetArena,
    extra?: (node: TsqueryNode) => Bitset | null,
  ): Bitset {
    const words = universe.length;
    const withExtra = (set: Bitset): Bitset => {
      const more = extra?.(node);
      if (!more) return set;
      const out = arena.copy(set);
      orInto(out, more);
      return out;
    };
    switch (node.kind) {
      case 'lexeme':
        return withExtra(this.lexemeSet(node.lexeme, words, arena));
      case 'not': {
        const set = arena.copy(universe);
        andNotInto(set, this.matching(node.arg, universe, arena, extra));
        return set;
      }
      case 'and': {
        // x & !y: subtract rather than build the complement.
        if (node.right.kind === 'not') {
          const set = arena.copy(this.matching(node.left, universe, arena, extra));
          andNotInto(set, this.matching(node.right.arg, universe, arena, extra));
          return set;
        }
        const set = arena.copy(this.matching(node.left, universe, arena, extra));
        andInto(set, this.matching(node.right, universe, arena, extra));
        return set;
      }
      case 'or': {
        const set = arena.copy(this.matching(node.left, universe, arena, extra));
        orInto(set, this.matching(node.right, universe, arena, extra));
        return set;
      }
      case 'phrase': {
        try {
          const set = arena.take(words);
          this.phraseInto(node, set);
          return withExtra(set);
        } catch (error) {
          if (!(error instanceof NoPositions)) throw error;
          const set = arena.copy(this.matching(node.left, universe, arena, extra));
          andInto(set, this.matching(node.right, universe, arena, extra));
          return set;
        }
      }
    }
  }

  /**
   * Adds a word's weight to the score of each slot of `set` holding it: `factor` (its
   * rarity) times the weight of its best field, plus a tenth of its other occurrences', or
   * only a tenth when the word already scored the slot in another field (`word` marks it).
   * One pass over the word's postings, whatever the size of `set`.
   */
  scoreInto(
    lexeme: string,
    word: number,
    factor: number,
    set: Bitset,
    scoring: Scoring,
    titleBonus?: { phrase: number; exact: number },
  ): void {
    const postings = this.postingsOf(lexeme);
    if (!postings) return;
    const { slots, starts, size } = postings;
    const positions = postings.positions as Uint16Array;
    const { scores, marks, touched } = scoring;
    const { titleFirst, titleLast } = this;
    const limit = set.length << 5;
    for (let k = 0; k < size; k++) {
      const slot = slots[k] as number;
      if (slot >= limit || ((set[slot >>> 5] as number) & (1 << (slot & 31))) === 0) continue;
      let best = 0;
      let sum = 0;
      let bonus = 0;
      for (let p = starts[k] as number; p < (starts[k + 1] as number); p++) {
        const packed = positions[p] as number;
        const weight = WEIGHTS[packed >>> 14] as number;
        if (weight > best) best = weight;
        sum += weight;
        // One word: its title phrase is the word in the title; exact when it is the title.
        if (titleBonus && packed >>> 14 === 3) {
          const at = packed & POSITION_MASK;
          const exact = titleFirst[slot] === at && titleLast[slot] === at;
          bonus = Math.max(bonus, titleBonus.phrase + (exact ? titleBonus.exact : 0));
        }
      }
      const score = scores[slot] as number;
      if (score === 0) touched[scoring.count++] = slot;
      const seen = marks[slot] === word;
      scores[slot] = score + bonus + factor * (seen ? sum / 10 : best + (sum - best) / 10);
      marks[slot] = word;
    }
  }

  /**
   * The slots holding a lexeme, by the best field it is in (title, keywords, caption or
   * other: each slot in one), and those whose title is that word alone. Kept built for
   * common words, as their sets are (CACHED_SETS); a rarer word's are taken from `arena`
   * (valid until its next reset), not four new 122 KiB buffers per search at a million.
   */
  fieldClasses(lexeme: string, words: number, arena: BitsetArena): FieldClasses {
    const postings = this.postingsOf(lexeme);
    const size = postings?.size ?? 0;
    const known = this.classes.get(lexeme);
    if (known && known.size === size && known.words === words) {
      this.classes.delete(lexeme);
      this.classes.set(lexeme, known);
      return known.classes;
    }
    // Built again (the word is on more slots now): the stale ones are reused.
    if (known) {
      this.classes.delete(lexeme);
      retireClasses(known.classes, arena);
    }
    const kept = size >= CACHED_SET_MIN_SLOTS;
    const take = (): Bitset => (kept ? arena.keep(words) : arena.take(words));
    const classes: FieldClasses = {
      title: take(),
      keywords: take(),
      caption: take(),
      exact: take(),
    };
    if (postings) {
      const { slots, starts, positions } = postings;
      // A word on one slot is kept as a number, with no class byte: its class is worked out.
      const fields = postings instanceof Postings ? postings.classes : null;
      const limit = words << 5;
      const { title, keywords, caption, exact } = classes;
      for (let k = 0; k < size; k++) {
        const slot = slots[k] as number;
        if (slot >= limit) continue;
        const field = fields
          ? (fields[k] as number)
          : fieldClassOf(
              positions,
              starts[k] as number,
              starts[k + 1] as number,
              this.titleFirst[slot] as number,
              this.titleLast[slot] as number,
            );
        const best = field & 3;
        const into = best === 3 ? title : best === 2 ? keywords : caption;
        const at = slot >>> 5;
        const bit = 1 << (slot & 31);
        into[at] = (into[at] as number) | bit;
        if ((field & EXACT_TITLE) !== 0) exact[at] = (exact[at] as number) | bit;
      }
    }
    if (kept) {
      this.classes.set(lexeme, { size, words, classes });
      if (this.classes.size > CACHED_CLASSES) {
        const [oldest, entry] = this.classes.entries().next().value as [
          string,
          { classes: FieldClasses },
        ];
        this.classes.delete(oldest);
        retireClasses(entry.classes, arena);
      }
    }
    return classes;
  }

  /**
   * The slots whose title holds the phrase (a lexeme or a chain of `<N>`), and of those,
   * the ones whose title is the phrase and nothing else (stop words aside).
   */
  titlePhrase(node: TsqueryNode, within: Bitset): { phrase: Int32Array; exact: Int32Array } {
    let span = 0;
    for (let n = node; n.kind === 'phrase'; n = n.left) span += n.distance;
    let found: Positions;
    try {
      found = this.positions(node, within);
    } catch (error) {
      if (error instanceof NoPositions)
        return { phrase: new Int32Array(0), exact: new Int32Array(0) };
      throw error;
    }
    const exact: number[] = [];
    for (let k = 0; k < found.size; k++) {
      const slot = found.slots[k] as number;
      const first = this.titleFirst[slot] as number;
      const last = this.titleLast[slot] as number;
      for (let p = found.starts[k] as number; p < (found.starts[k + 1] as number); p++) {
        const end = (found.positions[p] as number) & POSITION_MASK;
        if (end === last && end - span === first) {
          exact.push(slot);
          break;
        }
      }
    }
    return { phrase: found.slots.subarray(0, found.size), exact: Int32Array.from(exact) };
  }

  private lexemeSet(lexeme: string, words: number, arena: BitsetArena): Bitset {
    const postings = this.postingsOf(lexeme);
    if (!postings) return arena.take(words);
    const cached = this.sets.get(lexeme);
    if (cached && cached.size === postings.size && cached.words === words) {
      // Most recently used last.
      this.sets.delete(lexeme);
      this.sets.set(lexeme, cached);
      return cached.set;
    }
    // Built again (the word is on more slots now): the stale one is reused.
    if (cached) {
      this.sets.delete(lexeme);
      arena.retire(cached.set);
    }
    const kept = postings.size >= CACHED_SET_MIN_SLOTS;
    const set = kept ? arena.keep(words) : arena.take(words);
    addSlots(set, postings.slots, postings.size);
    if (kept) {
      this.sets.set(lexeme, { size: postings.size, words, set });
      if (this.sets.size > CACHED_SETS) {
        const [oldest, entry] = this.sets.entries().next().value as [string, { set: Bitset }];
        this.sets.delete(oldest);
        arena.retire(entry.set);
      }
    }
    return set;
  }

  /**
   * Sets the bit of each slot holding the phrase: positions' merge of its last link, with no
   * positions kept (only an inner link's are needed), and a slot's first match ends its
   * search. A two-word phrase of common words ("still life": 152,000 and 141,000 postings
   * at a million images) made three arrays of its 141,000 matches before, 1.7 MB of fresh
   * buffers, for a set.
   */
  private phraseInto(node: TsqueryNode & { kind: 'phrase' }, into: Bitset): void {
    mergeLink(this.positions(node.left), this.positions(node.right), node.distance, into);
  }

  /** Where a lexeme or phrase ends in each slot; `a <N> b` ends where b is N after a. */
  /** `titlesWithin`: only title positions, only of the slots of this set. */
  private positions(node: TsqueryNode, titlesWithin?: Bitset): Positions {
    if (node.kind === 'lexeme') {
      const postings = this.postingsOf(node.lexeme);
      if (postings && titlesWithin) return onlyTitles(postings, titlesWithin);
      return postings
        ? {
            slots: postings.slots,
            size: postings.size,
            starts: postings.starts,
            positions: postings.positions,
          }
        : {
            slots: new Int32Array(0),
            size: 0,
            starts: new Int32Array(1),
            positions: new Int32Array(0),
          };
    }
    if (node.kind !== 'phrase') throw new NoPositions();
    const left = this.positions(node.left, titlesWithin);
    const right = this.positions(node.right, titlesWithin);
    return mergeLink(left, right, node.distance, null) as Positions;
  }
}

/**
 * A phrase link `left <distance> right`: the slots where right ends `distance` after left,
 * each with the positions it ends at; or, given `into`, only those slots' bits set there
 * (a slot's first match ends its search, no positions kept) and null answered.
 */
function mergeLink(
  left: Positions,
  right: Positions,
  distance: number,
  into: Bitset | null,
): Positions | null {
  const most = into ? 0 : Math.min(left.size, right.size);
  const slots = new Int32Array(most);
  const starts = new Int32Array(most + 1);
  const positions = new Int32Array(into ? 0 : (right.starts[right.size] as number));
  const limit = into ? into.length << 5 : 0;
  let size = 0;
  let count = 0;
  let a = 0;
  let b = 0;
  while (a < left.size && b < right.size) {
    const sa = left.slots[a] as number;
    const sb = right.slots[b] as number;
    if (sa < sb) a += 1;
    else if (sb < sa) b += 1;
    else {
      const before = count;
      const aStart = left.starts[a] as number;
      const aEnd = left.starts[a + 1] as number;
      const bEnd = right.starts[b + 1] as number;
      // Given `into`, the slot's first match is enough.
      for (let q = right.starts[b] as number; q < bEnd && (!into || count === before); q++) {
        const end = (right.positions[q] as number) & POSITION_MASK;
        for (let p = aStart; p < aEnd; p++) {
          if (((left.positions[p] as number) & POSITION_MASK) + distance === end) {
            if (into) count += 1;
            else positions[count++] = end;
            break;
          }
        }
      }
      if (count > before) {
        if (into) {
          if (sa < limit) into[sa >>> 5] = (into[sa >>> 5] as number) | (1 << (sa & 31));
        } else {
          slots[size++] = sa;
          starts[size] = count;
        }
      }
      a += 1;
      b += 1;
    }
  }
  return into ? null : { slots, size, starts, positions };
}

/** A word's field classes its cache let go of, for the arena to reuse after this search. */
function retireClasses(classes: FieldClasses, arena: BitsetArena): void {
  arena.retire(classes.title);
  arena.retire(classes.keywords);
  arena.retire(classes.caption);
  arena.retire(classes.exact);
}

/**
 * The postings' title (weight A) positions only, of the slots of `within` having any. Its
 * arrays are sized by a first pass over the postings, not by all of them: sized by all, a
 * common word's were megabytes a phrase search (7 MB for "still life" with three filters
 * at a million images), new buffers outside the heap whose every page was faulted in and
 * zeroed, and which set off a young collection every 32 MB ('external memory pressure').
 */
function onlyTitles(postings: Positions, within: Bitset): Positions {
  const limit = within.length << 5;
  const classes = postings.classes;
  // A posting whose best field is not the title has no title position to read.
  const inTitle = (k: number): boolean => {
    if (classes !== undefined && ((classes[k] as number) & 3) !== 3) return false;
    const slot = postings.slots[k] as number;
    return slot < limit && ((within[slot >>> 5] as number) & (1 << (slot & 31))) !== 0;
  };
  let most = 0;
  let mostPositions = 0;
  for (let k = 0; k < postings.size; k++) {
    if (!inTitle(k)) continue;
    most += 1;
    mostPositions += (postings.starts[k + 1] as number) - (postings.starts[k] as number);
  }
  const slots = new Int32Array(most);
  const starts = new Int32Array(most + 1);
  const positions = new Int32Array(mostPositions);
  let size = 0;
  let count = 0;
  for (let k = 0; k < postings.size && size < most; k++) {
    if (!inTitle(k)) continue;
    const before = count;
    for (let p = postings.starts[k] as number; p < (postings.starts[k + 1] as number); p++) {
      const packed = postings.positions[p] as number;
      if (packed >>> 14 === 3) positions[count++] = packed & POSITION_MASK;
    }
    if (count > before) {
      slots[size++] = postings.slots[k] as number;
      starts[size] = count;
    }
  }
  return { slots, size, starts, positions };
}
