import { parseTsquery, TsqueryParseError, type TsqueryNode } from './tsquery';

const lex = (lexeme: string): TsqueryNode => ({ kind: 'lexeme', lexeme });

describe('parseTsquery', () => {
  it('reads an empty query as nothing to match', () => {
    expect(parseTsquery('')).toBeNull();
    expect(parseTsquery('   ')).toBeNull();
  });

  it('binds ! tighter than <N>, <N> tighter than &, & tighter than |', () => {
    expect(parseTsquery("'a' | 'b' & !'c' <-> 'd'")).toEqual({
      kind: 'or',
      left: lex('a'),
      right: {
        kind: 'and',
        left: lex('b'),
        right: {
          kind: 'phrase',
          distance: 1,
          left: { kind: 'not', arg: lex('c') },
          right: lex('d'),
        },
      },
    });
  });

  it('reads PostgreSQL’s output for our queries: words, exclusions, phrases with gaps', () => {
    // plainto_tsquery('sea boats') && !! phraseto_tsquery('oil on canvas')
    expect(parseTsquery("'sea' & 'boat' & !( 'oil' <2> 'canva' )")).toEqual({
      kind: 'and',
      left: { kind: 'and', left: lex('sea'), right: lex('boat') },
      right: {
        kind: 'not',
        arg: { kind: 'phrase', distance: 2, left: lex('oil'), right: lex('canva') },
      },
    });
    // Phrases chain to the left: ((a <-> b) <-> c).
    expect(parseTsquery("'well-known' <-> 'well' <-> 'known'")).toEqual({
      kind: 'phrase',
      distance: 1,
      left: { kind: 'phrase', distance: 1, left: lex('well-known'), right: lex('well') },
      right: lex('known'),
    });
  });

  it('unescapes quotes and backslashes, and ignores weights and prefix marks', () => {
    expect(parseTsquery("'it''s' & 'a\\\\b'")).toEqual({
      kind: 'and',
      left: lex("it's"),
      right: lex('a\\b'),
    });
    expect(parseTsquery("'boat':* & 'sea':AB")).toEqual({
      kind: 'and',
      left: lex('boat'),
      right: lex('sea'),
    });
  });

  it('refuses text that is not a tsquery', () => {
    for (const text of ["'open", "'a' &", "('a'", "'a' 'b'", 'boat']) {
      expect(() => parseTsquery(text)).toThrow(TsqueryParseError);
    }
  });
});
