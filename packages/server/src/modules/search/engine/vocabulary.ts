/**
 * The catalogue's words for "Did you mean": every lexeme of plain letters (titles,
 * keywords, captions and artists' names, accents folded) with how many images hold it,
 * and a trigram index over them (pg_trgm's trigrams: the word padded with two spaces
 * before and one after). A misspelt word's closest lexemes are those sharing enough of its
 * trigrams within a small edit distance, the most frequent first. In memory, because a
 * lookup is a few thousand array reads: no table to keep in step, no round trip (a
 * pg_trgm query over a table of words is a millisecond and more on its own).
 */

/** Letters a–z and the pad: 27³ trigram codes. */
const ALPHABET = 27;
const CODES = ALPHABET * ALPHABET * ALPHABET;
/** Words outside these lengths are neither indexed nor corrected. */
const MIN_WORD = 3;
const MAX_WORD = 24;
const PLAIN = /^[a-z]+$/;

function trigrams(word: string): number[] {
  const codes = [0, 0];
  for (let i = 0; i < word.length; i++) codes.push(word.charCodeAt(i) - 96);
  codes.push(0);
  const out = new Set<number>();
  for (let i = 0; i + 2 < codes.length; i++) {
    out.add(
      ((codes[i] as number) * ALPHABET + (codes[i + 1] as number)) * ALPHABET +
        (codes[i + 2] as number),
    );
  }
  return [...out];
}

/** Edit distance with transpositions (optimal string alignment), or `most + 1` past it. */
export function editDistance(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  const width = b.length + 1;
  let before = new Int32Array(width);
  let previous = new Int32Array(width);
  let current = new Int32Array(width);
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let least = i;
    for (let j = 1; j < width; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, (before[j - 2] as number) + 1);
      }
      current[j] = value;
      if (value < least) least = value;
    }
    if (least > most) return most + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length] as number, most + 1);
}

export interface Candidate {
  word: string;
  distance: number;
  frequency: number;
}

/** Least edit distance first, then the most frequent. */
export const byCloseness = (a: Candidate, b: Candidate): number =>
  a.distance - b.distance || b.frequency - a.frequency;

/** Is this a word the vocabulary holds or corrects (plain letters, 3 to 24)? */
export const isCorrectable = (word: string): boolean =>
  word.length >= MIN_WORD && word.length <= MAX_WORD && PLAIN.test(word);

/** How far a word of this length may be from its correction. */
export const allowedDistance = (length: number): number => (length <= 4 ? 1 : 2);

export class Vocabulary {
  private readonly words: string[] = [];
  private readonly frequencies: number[] = [];
  /** Trigram code → the words holding it: postings[starts[c] .. starts[c + 1]). */
  private readonly starts = new Int32Array(CODES + 1);
  private postings = new Int32Array(0);
  private shared = new Int32Array(0);

  /** `entries`: each lexeme and how many images hold it (others are left out). */
  constructor(entries: Iterable<[string, number]>) {
    const merged = new Map<string, number>();
    for (const [word, frequency] of entries) {
      if (!isCorrectable(word)) continue;
      merged.set(word, (merged.get(word) ?? 0) + frequency);
    }
    const grams: number[][] = [];
    for (const [word, frequency] of merged) {
      this.words.push(word);
      this.frequencies.push(frequency);
      const codes = trigrams(word);
      grams.push(codes);
      for (const code of codes) this.starts[code + 1] = (this.starts[code + 1] as number) + 1;
    }
    for (let c = 0; c < CODES; c++) {
      this.starts[c + 1] = (this.starts[c + 1] as number) + (this.starts[c] as number);
    }
    this.postings = new Int32Array(this.starts[CODES] as number);
    const fill = this.starts.slice(0, CODES);
    grams.forEach((codes, w) => {
      for (const code of codes) this.postings[(fill[code] as number)++] = w;
    });
    this.shared = new Int32Array(this.words.length);
  }

  get size(): number {
    return this.words.length;
  }

  /**
   * The known words closest to `word` (a lexeme of plain letters), best first: the least
   * edit distance, then the most frequent; none when nothing is close enough.
   */
  closest(word: string, max = 3): string[] {
    return this.closestScored(word, max).map((entry) => entry.word);
  }

  closestScored(word: string, max = 3): Candidate[] {
    if (!isCorrectable(word)) return [];
    const most = allowedDistance(word.length);
    const codes = trigrams(word);
    const touched: number[] = [];
    const shared = this.shared;
    for (const code of codes) {
      for (let p = this.starts[code] as number; p < (this.starts[code + 1] as number); p++) {
        const w = this.postings[p] as number;
        if (shared[w] === 0) touched.push(w);
        shared[w] = (shared[w] as number) + 1;
      }
    }
    // Each edit changes at most three trigrams.
    const needed = Math.max(1, codes.length - 3 * most);
    const found: Candidate[] = [];
    for (const w of touched) {
      if ((shared[w] as number) >= needed) {
        const candidate = this.words[w] as string;
        const distance = editDistance(word, candidate, most);
        if (distance <= most && candidate !== word) {
          found.push({ word: candidate, distance, frequency: this.frequencies[w] as number });
        }
      }
      shared[w] = 0;
    }
    return found.sort(byCloseness).slice(0, max);
  }
}
