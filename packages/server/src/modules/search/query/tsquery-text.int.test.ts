import { sql } from 'kysely';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../test/databases';
import { parseQuery } from './query';
import { tsqueryExpression } from './repository';
import type { EnglishStemmer } from '../engine/english-stem';
import { calibratedStemmer, tsqueryText } from './tsquery-text';

/** A small deterministic PRNG: the same queries on every run. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS = [
  'Boats',
  'harbour',
  'the',
  'of',
  'a',
  'on',
  'oil',
  'canvas',
  'still',
  'life',
  'running',
  'generously',
  'skies',
  'OR',
  'and',
  'not',
  'flowers',
  'lighthouse',
  'being',
  'was',
];

function randomQuery(random: () => number): string {
  const pick = () => WORDS[Math.floor(random() * WORDS.length)] as string;
  const parts: string[] = [];
  const terms = 1 + Math.floor(random() * 5);
  for (let t = 0; t < terms; t++) {
    const r = random();
    const negation = random() < 0.2 ? '-' : '';
    if (r < 0.3) {
      const words = Array.from({ length: 1 + Math.floor(random() * 4) }, pick);
      parts.push(`${negation}"${words.join(' ')}"`);
    } else if (r < 0.45) {
      parts.push(`${pick()}|${pick()}`);
    } else {
      parts.push(`${negation}${pick()}`);
    }
  }
  return parts.join(' ');
}

describe.each(TEST_DRIVERS)('tsquery text of plain English words on %s', (driver) => {
  let database: TestDatabase;
  let stemmer: EnglishStemmer;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const calibrated = await calibratedStemmer(database.db);
    if (!calibrated) throw new Error(`no stemmer matches ${driver}'s english_stem`);
    stemmer = calibrated;
  }, 60_000);
  afterAll(async () => {
    await database.dispose();
  });

  it('is the tsquery PostgreSQL makes, for words, phrases, any-of, exclusions, stop words', async () => {
    const random = prng(42);
    const queries = [
      'quiet harbour fog',
      '"oil on canvas"',
      '"the lighthouse"',
      'the',
      '-the boats',
      '"of the"|boats',
      'sunset|sunrise beach -"still life of a cat"',
      'added adding egged',
      // Letters and digits: local ids, numbers (PostgreSQL's numword and uint tokens).
      'GAA0001234',
      'PIN0050621 harbour',
      '"still life 2"',
      'x y2 -3d',
      '0050622|1st',
      '"abc123def 1e5 of the 42"',
      ...Array.from({ length: 400 }, () => randomQuery(random)),
    ];
    let compared = 0;
    for (const q of queries) {
      const parsed = parseQuery(q);
      const expression = tsqueryExpression(parsed);
      const text = tsqueryText(parsed, stemmer);
      if (!expression || text === null) continue;
      const row = (
        await sql<{ same: boolean; theirs: string }>`
          select ${text}::tsquery = ${expression} as same, ${expression}::text as theirs`.execute(
          database.db,
        )
      ).rows[0];
      expect([q, text, row?.same]).toEqual([q, text, true]);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('leaves to PostgreSQL any word that is not plain ASCII letters or digits', () => {
    for (const q of ['black-and-white', 'café', "o'neill", '"still life-2"', 'x ÿ2']) {
      expect([q, tsqueryText(parseQuery(q), stemmer)]).toEqual([q, null]);
    }
    expect(tsqueryText(parseQuery('Boats harbour'), stemmer)).toBe("'boat' & 'harbour'");
    expect(tsqueryText(parseQuery('GAA0001234'), stemmer)).toBe("'gaa0001234'");
  });
});
