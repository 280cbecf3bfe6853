import fc from 'fast-check';
import { MAX_TERMS, normaliseQuery, parseQuery, queryWords } from './query';

const word = (text: string, negated = false) => ({ text, phrase: false, negated });
const phrase = (text: string, negated = false) => ({ text, phrase: true, negated });

describe('normaliseQuery', () => {
  it('drops control characters PostgreSQL text cannot hold and squeezes spaces', () => {
    expect(normaliseQuery('  red\u0000 \u0007boat\t\n ')).toBe('red boat');
  });

  it('drops lone surrogates and composes accents', () => {
    expect(normaliseQuery('caf\u0065\u0301 \ud800x')).toBe('café x');
  });
});

describe('parseQuery', () => {
  it('reads words as clauses that must all match', () => {
    expect(parseQuery('red  boat').clauses).toEqual([[word('red')], [word('boat')]]);
  });

  it('reads a quoted phrase, and a quoted query as a possible artist name', () => {
    const parsed = parseQuery('"Ada Lovelace"');
    expect(parsed.clauses).toEqual([[phrase('Ada Lovelace')]]);
    expect(parsed.quoted).toBe('Ada Lovelace');
    expect(parsed.single).toBeNull();
  });

  it('closes an unbalanced quote at the end', () => {
    expect(parseQuery('sea "blue boat').clauses).toEqual([[word('sea')], [phrase('blue boat')]]);
  });

  it('joins terms with | (and capital OR) into any-of clauses', () => {
    expect(parseQuery('red|blue boat').clauses).toEqual([
      [word('red'), word('blue')],
      [word('boat')],
    ]);
    expect(parseQuery('red | "sea view" OR blue').clauses).toEqual([
      [word('red'), phrase('sea view'), word('blue')],
    ]);
    expect(parseQuery('|| red ||').clauses).toEqual([[word('red')]]);
  });

  it('reads -word and -"phrase" as exclusions, but not a dash inside a word', () => {
    expect(parseQuery('boat -red -"sea view" well-known').clauses).toEqual([
      [word('boat')],
      [word('red', true)],
      [phrase('sea view', true)],
      [word('well-known')],
    ]);
    expect(parseQuery('--red').clauses).toEqual([[word('red', true)]]);
  });

  it('drops operators with nothing to act on and pure punctuation', () => {
    for (const q of ['-', '--', '|', '""', '"', '- | -', '&&& !! :* () <->']) {
      expect(parseQuery(q).clauses).toEqual([]);
    }
  });

  it('keeps tsquery syntax inside words as plain text', () => {
    expect(parseQuery("a:*b&c!d 'x'").clauses).toEqual([[word('a:*b&c!d')], [word("'x'")]]);
  });

  it('marks a single bare word as a possible local id', () => {
    expect(parseQuery(' GAA000123 ').single).toBe('GAA000123');
    expect(parseQuery('-GAA000123').single).toBeNull();
    expect(parseQuery('a b').single).toBeNull();
  });

  it(`reads at most ${MAX_TERMS} terms`, () => {
    const parsed = parseQuery(Array.from({ length: 50 }, (_, i) => `w${i}`).join(' '));
    expect(parsed.clauses.flat()).toHaveLength(MAX_TERMS);
  });

  it('lists the words of a query for related keywords to leave out', () => {
    expect([...queryWords(parseQuery('Red|"sea view" -boat'))].sort()).toEqual(
      ['boat', 'red', 'sea', 'sea view', 'view'].sort(),
    );
  });

  it('never throws, and every term has a letter or digit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (q) => {
        const parsed = parseQuery(q);
        for (const term of parsed.clauses.flat()) {
          expect(term.text).toMatch(/[\p{L}\p{N}]/u);
          expect(term.text).not.toContain('"');
          expect(term.text).not.toContain(String.fromCharCode(0));
        }
      }),
      { numRuns: 500 },
    );
  });
});
