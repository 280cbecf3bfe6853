import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { words as seedWords } from '@atelier/demo-data';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../test/databases';
import { englishStem, isStemmable, type EnglishStemmer } from './english-stem';

/** english.stop, kept here apart from the module's copy so that the database judges both. */
const STOP_WORDS = `i me my myself we our ours ourselves you your yours yourself yourselves he him
  his himself she her hers herself it its itself they them their theirs themselves what which who
  whom this that these those am is are was were be been being have has had having do does did
  doing a an the and but if or because as until while of at by for with about against between
  into through during before after above below to from up down in out on off over under again
  further then once here there when where why how all any both each few more most other some such
  no nor not only own same so than too very s t can will just don should now`.split(/\s+/);

const EXCEPTION_WORDS = [
  ...['skis', 'skies', 'dying', 'lying', 'tying', 'idly', 'gently', 'ugly', 'early', 'only'],
  ...['singly', 'sky', 'news', 'howe', 'atlas', 'cosmos', 'bias', 'andes'],
  ...['inning', 'outing', 'canning', 'herring', 'earring', 'proceed', 'exceed', 'succeed'],
];

/** Every a–z word in the seed's word lists and texts. */
function seedVocabulary(): string[] {
  const words: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') words.push(...value.toLowerCase().split(/[^a-z]+/));
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(Object.values(seedWords));
  return words;
}

function dictionaryWords(): string[] {
  const path = '/usr/share/dict/words';
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').toLowerCase().split('\n');
}

const SUFFIXES = [
  ...['ational', 'tional', 'enci', 'anci', 'abli', 'entli', 'izer', 'ization', 'ation', 'ator'],
  ...['alism', 'aliti', 'alli', 'fulness', 'ousli', 'ousness', 'iveness', 'iviti', 'biliti'],
  ...['bli', 'ogi', 'logi', 'fulli', 'lessli', 'li', 'cli', 'dli', 'eli', 'gli', 'hli', 'kli'],
  ...['mli', 'nli', 'rli', 'tli', 'alize', 'icate', 'iciti', 'ical', 'ful', 'ness', 'ative'],
  ...['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ism'],
  ...['ate', 'iti', 'ous', 'ive', 'ize', 'ion', 'sion', 'tion', 'xion', 'e', 'le', 'll', 'l'],
  ...['eed', 'eedly', 'ed', 'edly', 'ing', 'ingly', 'ies', 'ied', 'sses', 'us', 'ss', 's'],
  ...['y', 'ly', 'ay', 'ey', 'oy', 'yy', 'at', 'bl', 'iz', 'bb', 'dd', 'ff', 'gg', 'mm', 'nn'],
  ...['pp', 'rr', 'tt', 'cc', 'hh', 'kk', 'ww', 'xx', 'zz', 'ogist', 'ogy', 'ers'],
];

const STEMS = [
  ...['', 'a', 'b', 'y', 'ab', 'ba', 'by', 'ya', 'ay', 'yay', 'bab', 'abab', 'bob', 'bow'],
  ...['box', 'bay', 'hop', 'hope', 'rat', 'bl', 'str', 'cr', 'tr', 'spr', 'sk', 'ski', 'sky'],
  ...['oper', 'relat', 'condit', 'nation', 'format', 'digit', 'cri', 'ti', 'tie', 'gener'],
  ...['commun', 'arsen', 'generous', 'communic', 'past', 'univers', 'organ', 'emerg', 'later'],
  ...['bi', 'bio', 'geo', 'anal', 'hel', 'beauti', 'sens', 'effect', 'adjust', 'depend'],
  ...['inn', 'out', 'can', 'herr', 'earr', 'proc', 'exc', 'succ', 'in', 'on', 'id', 'ug', 'sing'],
];

const ENDINGS = ['', 's', 'es', 'ed', 'ing', 'ly', 'edly', 'ingly', 'ness', 'ful', 'y'];

/** Words that walk each rule's edges: every stem with every suffix and inflection. */
function ruleWords(): string[] {
  const words: string[] = [];
  for (const stem of STEMS) {
    for (const suffix of SUFFIXES) {
      for (const ending of ENDINGS) words.push(stem + suffix + ending);
    }
  }
  // Short syllables and doubled letters before -ed/-ing/-e, with w, x and y among them.
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const first of letters) {
    for (const vowel of 'aeiouy') {
      for (const last of letters) {
        for (const ending of ['ed', 'ing', 'e', 'es', 'led', 'ling']) {
          words.push(first + vowel + last + ending, first + vowel + last + last + ending);
        }
      }
    }
  }
  for (const word of EXCEPTION_WORDS) words.push(word + 's', word + 'ly', 'a' + word, word + 'y');
  return words;
}

/** A seeded generator (mulberry32), so that the random words are the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomWords(count: number): string[] {
  const next = random(20240611);
  const pick = (letters: string): string => letters[Math.floor(next() * letters.length)] ?? '';
  const words: string[] = [];
  for (let i = 0; i < count; i++) {
    const length = 1 + Math.floor(next() * 15);
    let word = '';
    // Half plain letters, half vowel-rich so that more of them reach the later steps.
    const letters = i % 2 === 0 ? 'abcdefghijklmnopqrstuvwxyz' : 'aeiouyyybcdlmnrstgvz';
    while (word.length < length) word += pick(letters);
    words.push(i % 4 === 1 ? word.slice(0, 10) + pick('aeiou') + (SUFFIXES[i % 97] ?? '') : word);
  }
  return words;
}

const vocabulary = [
  ...new Set([
    ...seedVocabulary(),
    ...STOP_WORDS,
    ...EXCEPTION_WORDS,
    ...dictionaryWords(),
    ...ruleWords(),
    ...randomWords(6000),
  ]),
].filter(isStemmable);

describe('isStemmable', () => {
  it('takes one or more a–z letters and nothing else', () => {
    expect(['a', 'sea', 'generously'].every(isStemmable)).toBe(true);
    expect(['', 'Sea', 'it’s', "it's", 'well-known', 'café', 'b2b', ' sea'].some(isStemmable)).toBe(
      false,
    );
  });
});

describe('englishStem’s two Snowball versions', () => {
  it('differ only on a double after a lone initial a, e or o', () => {
    const words = ['added', 'adding', 'egged', 'erred', 'erring', 'ebbing', 'offing', 'odded'];
    const stems = (stemmer: EnglishStemmer) => words.map((word) => englishStem(word, stemmer));
    expect(stems('postgres-15').join(' ')).toBe('ad ad eg er er eb of od');
    expect(stems('postgres-18').join(' ')).toBe('add add egg err err ebb off odd');
    const differing = vocabulary.filter(
      (word) => englishStem(word, 'postgres-15') !== englishStem(word, 'postgres-18'),
    );
    expect(differing.length).toBeGreaterThan(0);
    for (const word of differing)
      expect(word).toMatch(/^[aeo](bb|dd|ff|gg|mm|nn|pp|rr|tt)(ed|ing)/);
  });
});

describe.each(TEST_DRIVERS)('englishStem against english_stem on %s', (driver) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(driver, { migrated: false });
  }, 60_000);
  afterAll(async () => {
    await database.dispose();
  });

  const lexize = async (words: string[]): Promise<Map<string, string | null>> => {
    const { rows } = await sql<{ w: string; l: string[] }>`
      select w, ts_lexize('english_stem', w) as l from unnest(${words}::text[]) w`.execute(
      database.db,
    );
    return new Map(rows.map((row) => [row.w, row.l[0] ?? null]));
  };

  it('answers as ts_lexize for every word of the vocabulary', async () => {
    expect(vocabulary.length).toBeGreaterThan(50_000);
    const stemmer: EnglishStemmer =
      (await lexize(['added'])).get('added') === 'add' ? 'postgres-18' : 'postgres-15';
    const mismatches: { word: string; expected: string | null; actual: string | null }[] = [];
    const batch = 10_000;
    for (let from = 0; from < vocabulary.length; from += batch) {
      const expected = await lexize(vocabulary.slice(from, from + batch));
      for (const [word, lexeme] of expected) {
        const actual = englishStem(word, stemmer);
        if (actual !== lexeme) mismatches.push({ word, expected: lexeme, actual });
      }
      expect(expected.size).toBe(Math.min(batch, vocabulary.length - from));
    }
    expect(mismatches.slice(0, 50)).toEqual([]);
  }, 120_000);

  it('hands words longer than 1000 letters back unstemmed, as PostgreSQL does', async () => {
    const words = [998, 1000, 1001, 1200].map((length) => 'a'.repeat(length - 4) + 'ings');
    const expected = await lexize(words);
    for (const word of words) expect(englishStem(word)).toBe(expected.get(word));
  });
});
