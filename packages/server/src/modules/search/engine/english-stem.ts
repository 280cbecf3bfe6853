/**
 * PostgreSQL's `english_stem` dictionary in process: the Snowball English (Porter2) stemmer
 * behind the stop word list `english.stop`, so that the search index can turn a word into the
 * lexeme `to_tsvector('english', …)` would store, without a round trip to the database.
 *
 * Written from the Snowball algorithm's description. The word is worked on in a reused byte
 * buffer: this runs for every word of every search.
 */

/**
 * Which Snowball English the database runs. PostgreSQL 15 ships Snowball 2.2.0; PostgreSQL 18
 * (and so PGlite 0.5) a later one that no longer undoubles a consonant after a lone initial a, e
 * or o: added → add, not ad (also egged, erred, ebbing). `ts_lexize('english_stem', 'added')`
 * tells them apart: `{ad}` or `{add}`. Versions 16 and 17 are untested.
 */
export type EnglishStemmer = 'postgres-15' | 'postgres-18';

/** `english.stop` as PostgreSQL ships it; `ts_lexize` answers `{}` for these. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself ' +
    'she her hers herself it its itself they them their theirs themselves what which who whom ' +
    'this that these those am is are was were be been being have has had having do does did ' +
    'doing a an the and but if or because as until while of at by for with about against ' +
    'between into through during before after above below to from up down in out on off over ' +
    'under again further then once here there when where why how all any both each few more ' +
    'most other some such no nor not only own same so than too very s t can will just don ' +
    'should now'
  ).split(' '),
);

/** Whole words the algorithm answers before any step (its `exception1`). */
const EXCEPTIONS: ReadonlyMap<string, string> = new Map([
  ['skis', 'ski'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['idly', 'idl'],
  ['gently', 'gentl'],
  ['ugly', 'ugli'],
  ['early', 'earli'],
  ['only', 'onli'],
  ['singly', 'singl'],
  ['sky', 'sky'],
  ['news', 'news'],
  ['howe', 'howe'],
  ['atlas', 'atlas'],
  ['cosmos', 'cosmos'],
  ['bias', 'bias'],
  ['andes', 'andes'],
]);

/** Words left as they are once Step 1a has run (its `exception2`). */
const INVARIANT_AFTER_1A = [
  'inning',
  'outing',
  'canning',
  'herring',
  'earring',
  'proceed',
  'exceed',
  'succeed',
];

/** Prefixes that make R1 start right after them, whatever their letters say. */
const R1_PREFIXES = ['gener', 'commun', 'arsen'];

/** PostgreSQL hands longer strings back unstemmed: they are not words. */
const MAX_STEMMED_LENGTH = 1000;

const code = (letter: string): number => letter.charCodeAt(0);
/** A y the prelude found to act as a consonant (initial, or after a vowel). */
const CONSONANT_Y = code('Y');
const LOWER_Y = code('y');
const LOWER_A = code('a');
const LOWER_Z = code('z');

const VOWEL = new Uint8Array(128);
for (const letter of 'aeiouy') VOWEL[code(letter)] = 1;
/** Letters a short syllable may not end with (the consonant y counts as such a letter). */
const NOT_SHORT_END = new Uint8Array(128);
for (const letter of 'aeiouywxY') NOT_SHORT_END[code(letter)] = 1;
/** Letters that may precede a deletable -li. */
const VALID_LI = new Uint8Array(128);
for (const letter of 'cdeghkmnrt') VALID_LI[code(letter)] = 1;
const DOUBLES = new Uint8Array(128);
for (const letter of 'bdfgmnprt') DOUBLES[code(letter)] = 1;
const AEO = new Uint8Array(128);
for (const letter of 'aeo') AEO[code(letter)] = 1;

// The word being stemmed; module state so that a call allocates nothing but its answer.
let buf = new Uint8Array(64);
let len = 0;
let r1 = 0;
let r2 = 0;

const isVowel = (at: number): boolean => VOWEL[buf[at] ?? 0] === 1;

function endsWith(suffix: string): boolean {
  const start = len - suffix.length;
  if (start < 0) return false;
  for (let i = 0; i < suffix.length; i++) {
    if (buf[start + i] !== suffix.charCodeAt(i)) return false;
  }
  return true;
}

function startsWith(prefix: string): boolean {
  if (prefix.length > len) return false;
  for (let i = 0; i < prefix.length; i++) {
    if (buf[i] !== prefix.charCodeAt(i)) return false;
  }
  return true;
}

function hasVowelBefore(end: number): boolean {
  for (let i = 0; i < end; i++) if (isVowel(i)) return true;
  return false;
}

/** Where a region starts: after the first non-vowel that follows a vowel at or after `from`. */
function regionAfter(from: number): number {
  let i = from;
  while (i < len && !isVowel(i)) i++;
  while (i < len && isVowel(i)) i++;
  return i < len ? i + 1 : len;
}

/** Whether the letters before `end` end in a short syllable. */
function endsShortSyllable(end: number): boolean {
  if (end >= 3) {
    return NOT_SHORT_END[buf[end - 1] ?? 0] !== 1 && isVowel(end - 2) && !isVowel(end - 3);
  }
  return end === 2 && !isVowel(1) && isVowel(0);
}

function replaceEnd(suffixLength: number, replacement: string): void {
  const start = len - suffixLength;
  for (let i = 0; i < replacement.length; i++) buf[start + i] = replacement.charCodeAt(i);
  len = start + replacement.length;
}

/** Marks consonant y's (initial, or after a vowel) as Y; answers whether there was one. */
function markConsonantYs(): boolean {
  let found = false;
  if (buf[0] === LOWER_Y) {
    buf[0] = CONSONANT_Y;
    found = true;
  }
  for (let i = 1; i < len; i++) {
    if (buf[i] === LOWER_Y && isVowel(i - 1)) {
      buf[i] = CONSONANT_Y;
      found = true;
    }
  }
  return found;
}

function markRegions(): void {
  r1 = -1;
  for (const prefix of R1_PREFIXES) {
    if (startsWith(prefix)) r1 = prefix.length;
  }
  if (r1 < 0) r1 = regionAfter(0);
  r2 = regionAfter(r1);
}

function step1a(): void {
  if (endsWith('sses')) {
    len -= 2;
  } else if (endsWith('ied') || endsWith('ies')) {
    // -ies becomes -i after two or more letters (cries → cri), else -ie (ties → tie).
    len -= len > 4 ? 2 : 1;
  } else if (endsWith('us') || endsWith('ss')) {
    // Not a plural.
  } else if (endsWith('s') && hasVowelBefore(len - 2)) {
    // The letter just before the s does not count (gas stays, gaps → gap).
    len -= 1;
  }
}

function isInvariantAfterStep1a(): boolean {
  for (const word of INVARIANT_AFTER_1A) {
    if (word.length === len && endsWith(word)) return true;
  }
  return false;
}

function step1b(keepInitialDouble: boolean): void {
  if (endsWith('eedly')) {
    if (len - 5 >= r1) len -= 3;
    return;
  }
  if (endsWith('eed')) {
    if (len - 3 >= r1) len -= 1;
    return;
  }
  const suffix = endsWith('ingly')
    ? 5
    : endsWith('edly')
      ? 4
      : endsWith('ing')
        ? 3
        : endsWith('ed')
          ? 2
          : 0;
  if (suffix === 0 || !hasVowelBefore(len - suffix)) return;
  len -= suffix;
  const last = buf[len - 1] ?? 0;
  if (endsWith('at') || endsWith('bl') || endsWith('iz')) {
    buf[len++] = code('e');
  } else if (len >= 2 && last === buf[len - 2] && DOUBLES[last] === 1) {
    // The newer Snowball keeps add, egg, err, off apart from ad, eg, er, of.
    if (!(keepInitialDouble && len === 3 && AEO[buf[0] ?? 0] === 1)) len -= 1;
  } else if (len === r1 && endsShortSyllable(len)) {
    // A short word: hop(ping) → hope.
    buf[len++] = code('e');
  }
}

function step1c(): void {
  const last = buf[len - 1];
  if ((last === LOWER_Y || last === CONSONANT_Y) && len > 2 && !isVowel(len - 2)) {
    buf[len - 1] = code('i');
  }
}

/**
 * A suffix rule of Steps 2–4: the longest suffix that the word ends with decides, and if its
 * conditions fail the step does nothing (shorter suffixes get no second chance).
 */
interface Rule {
  suffix: string;
  replacement: string;
  /** A condition besides the step's region, given where the suffix starts. */
  when?: (start: number) => boolean;
}

/** A step's rules by their suffix's last letter, longest suffix first. */
function byLastLetter(rules: Rule[]): Rule[][] {
  const table: Rule[][] = Array.from({ length: 128 }, () => []);
  for (const rule of [...rules].sort((a, b) => b.suffix.length - a.suffix.length)) {
    table[code(rule.suffix.slice(-1))]?.push(rule);
  }
  return table;
}

const rule = (suffix: string, replacement = '', when?: Rule['when']): Rule =>
  when ? { suffix, replacement, when } : { suffix, replacement };

const STEP_2 = byLastLetter([
  rule('tional', 'tion'),
  rule('enci', 'ence'),
  rule('anci', 'ance'),
  rule('abli', 'able'),
  rule('entli', 'ent'),
  rule('izer', 'ize'),
  rule('ization', 'ize'),
  rule('ational', 'ate'),
  rule('ation', 'ate'),
  rule('ator', 'ate'),
  rule('alism', 'al'),
  rule('aliti', 'al'),
  rule('alli', 'al'),
  rule('fulness', 'ful'),
  rule('ousli', 'ous'),
  rule('ousness', 'ous'),
  rule('iveness', 'ive'),
  rule('iviti', 'ive'),
  rule('biliti', 'ble'),
  rule('bli', 'ble'),
  rule('ogi', 'og', (start) => buf[start - 1] === code('l')),
  rule('fulli', 'ful'),
  rule('lessli', 'less'),
  rule('li', '', (start) => VALID_LI[buf[start - 1] ?? 0] === 1),
]);

const STEP_3 = byLastLetter([
  rule('tional', 'tion'),
  rule('ational', 'ate'),
  rule('alize', 'al'),
  rule('icate', 'ic'),
  rule('iciti', 'ic'),
  rule('ical', 'ic'),
  rule('ful'),
  rule('ness'),
  rule('ative', '', (start) => start >= r2),
]);

const STEP_4 = byLastLetter([
  ...[
    'al',
    'ance',
    'ence',
    'er',
    'ic',
    'able',
    'ible',
    'ant',
    'ement',
    'ment',
    'ent',
    'ism',
    'ate',
    'iti',
    'ous',
    'ive',
    'ize',
  ].map((suffix) => rule(suffix)),
  rule('ion', '', (start) => buf[start - 1] === code('s') || buf[start - 1] === code('t')),
]);

function applyRules(table: Rule[][], region: number): void {
  const rules = table[buf[len - 1] ?? 0];
  if (!rules) return;
  for (const { suffix, replacement, when } of rules) {
    if (!endsWith(suffix)) continue;
    const start = len - suffix.length;
    if (start >= region && (!when || when(start))) replaceEnd(suffix.length, replacement);
    return;
  }
}

function step5(): void {
  const start = len - 1;
  const last = buf[start];
  if (last === code('e')) {
    if (start >= r2 || (start >= r1 && !endsShortSyllable(start))) len -= 1;
  } else if (last === code('l')) {
    if (start >= r2 && buf[start - 1] === code('l')) len -= 1;
  }
}

/** The buffer as a string, with consonant y's back to y. */
function result(word: string, hasConsonantY: boolean): string {
  if (!hasConsonantY) {
    let isPrefix = true;
    for (let i = 0; i < len && isPrefix; i++) isPrefix = buf[i] === word.charCodeAt(i);
    if (isPrefix) return word.slice(0, len);
  }
  let text = '';
  for (let i = 0; i < len; i++) {
    const letter = buf[i] ?? 0;
    text += String.fromCharCode(letter === CONSONANT_Y ? LOWER_Y : letter);
  }
  return text;
}

/**
 * PostgreSQL's english_stem lexeme of a lower-case ASCII word (a–z only), or null when the
 * word is an English stop word (ts_lexize answers {}), as the given PostgreSQL's Snowball
 * computes it. Like PostgreSQL, answers null for '' and a word over 1000 letters unchanged.
 */
export function englishStem(word: string, stemmer: EnglishStemmer = 'postgres-15'): string | null {
  if (word.length === 0 || STOP_WORDS.has(word)) return null;
  if (word.length > MAX_STEMMED_LENGTH) return word;
  const exception = EXCEPTIONS.get(word);
  if (exception !== undefined) return exception;
  if (word.length < 3) return word;

  if (buf.length < word.length + 1) buf = new Uint8Array(word.length * 2);
  len = word.length;
  for (let i = 0; i < len; i++) buf[i] = word.charCodeAt(i);

  const hasConsonantY = markConsonantYs();
  markRegions();
  step1a();
  if (!isInvariantAfterStep1a()) {
    step1b(stemmer === 'postgres-18');
    step1c();
    applyRules(STEP_2, r1);
    applyRules(STEP_3, r1);
    applyRules(STEP_4, r2);
    step5();
  }
  return result(word, hasConsonantY);
}

/** Whether englishStem can answer for this text: one or more a–z letters and nothing else. */
export function isStemmable(word: string): boolean {
  if (word.length === 0) return false;
  for (let i = 0; i < word.length; i++) {
    const letter = word.charCodeAt(i);
    if (letter < LOWER_A || letter > LOWER_Z) return false;
  }
  return true;
}
