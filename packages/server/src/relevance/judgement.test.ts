import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  checkRule,
  containsPhrase,
  fold,
  matches,
  precisionAt,
  reciprocalRank,
  type JudgedObject,
} from './judgement';

const hepworth: JudgedObject = {
  id: 'T00953',
  title: 'Pelagos',
  makers: ['Dame Barbara Hepworth'],
  subjects: ['abstraction', 'from recognisable sources', 'wave'],
  medium: 'Wood and paint with strings',
};
const schutte: JudgedObject = {
  id: 'P77912',
  title: 'Self-Portrait, Venice',
  makers: ['Thomas Schütte'],
  subjects: ['portraits', 'Venice'],
  medium: 'Etching on paper',
};

describe('phrases', () => {
  it('match whole words, case and accents aside', () => {
    expect(fold('Schütte CÉZANNE')).toBe('schutte cezanne');
    expect(containsPhrase('Self-Portrait, Venice', 'self portrait')).toBe(true);
    expect(containsPhrase('Cathedral at Rouen', 'cathedral')).toBe(true);
    expect(containsPhrase('Cathedrals', 'cathedral')).toBe(false);
    expect(containsPhrase('Sea Wall', 'sea wall')).toBe(true);
    expect(containsPhrase('Seaside', 'sea')).toBe(false);
    expect(containsPhrase('anything', '!!')).toBe(false);
  });
});

describe('matches', () => {
  it('judges by maker name (whole name or one word), title, subject and words', () => {
    expect(matches({ maker: 'dame barbara hepworth' }, hepworth)).toBe(true);
    expect(matches({ maker: 'Barbara Hepworth' }, hepworth)).toBe(false);
    expect(matches({ maker: 'Thomas Schutte' }, schutte)).toBe(true);
    expect(matches({ maker_word: 'hepworth' }, hepworth)).toBe(true);
    expect(matches({ maker_word: 'barb' }, hepworth)).toBe(false);
    expect(matches({ title: ['pelagos', 'wave'] }, hepworth)).toBe(true);
    expect(matches({ subject: ['WAVE'] }, hepworth)).toBe(true);
    expect(matches({ subject: ['abstract'] }, hepworth)).toBe(false);
    expect(matches({ words: ['paint with strings'] }, hepworth)).toBe(true);
    expect(matches({ words: ['venice'] }, schutte)).toBe(true);
  });

  it('combines rules', () => {
    const venice = { any: [{ subject: ['Venice'] }, { title: ['venice'] }] };
    const notTurner = { not: { maker_word: 'turner' } };
    expect(matches({ all: [venice, notTurner] }, schutte)).toBe(true);
    expect(matches({ all: [venice, { not: { maker_word: 'schutte' } }] }, schutte)).toBe(false);
    expect(matches({ any: [{ maker_word: 'moore' }, { subject: ['wave'] }] }, hepworth)).toBe(true);
  });
});

describe('checkRule', () => {
  it('accepts the rule language and names what is wrong otherwise', () => {
    const rule = { all: [{ subject: ['castle'] }, { not: { words: ['ruins'] } }] };
    expect(checkRule(rule, 'q')).toBe(rule);
    expect(() => checkRule({ subjects: ['castle'] }, 'q[1]')).toThrow(
      'q[1]: unknown rule "subjects"',
    );
    expect(() => checkRule({ title: 'castle' }, 'q')).toThrow('title takes a list of phrases');
    expect(() => checkRule({ maker: '' }, 'q')).toThrow('maker takes a name');
    expect(() => checkRule({ any: [{ maker: 'x' }, { nope: 1 }] }, 'q')).toThrow(
      'q.any[1]: unknown rule "nope"',
    );
    expect(() => checkRule({ maker: 'a', title: ['b'] }, 'q')).toThrow('exactly one key');
  });

  it('accepts every rule of the committed query set, which covers every kind of query', () => {
    const file = path.resolve(__dirname, '../../../../scripts/relevance/queries.json');
    const { queries } = JSON.parse(readFileSync(file, 'utf8')) as {
      queries: { kind: string; q: string; relevant: unknown }[];
    };
    expect(queries.length).toBeGreaterThanOrEqual(40);
    for (const [i, query] of queries.entries()) checkRule(query.relevant, `queries[${i}]`);
    expect(new Set(queries.map((q) => q.kind))).toEqual(
      new Set([
        'title',
        'artist',
        'quoted artist',
        'quoted accents',
        'subject',
        'phrase',
        'any-of',
        'exclusion',
        'misspelling',
      ]),
    );
    expect(new Set(queries.map((q) => q.q)).size).toBe(queries.length);
  });
});

describe('scores', () => {
  const relevant = new Set(['a', 'b', 'c', 'd', 'e', 'f']);
  it('precision at 5 counts relevant results among the first five', () => {
    expect(precisionAt(5, ['a', 'x', 'b', 'y', 'c', 'd'], relevant)).toBeCloseTo(0.6);
    expect(precisionAt(5, ['a', 'b', 'c', 'd', 'e'], relevant)).toBe(1);
    expect(precisionAt(5, [], relevant)).toBe(0);
  });

  it('is out of the relevant count when fewer than five exist', () => {
    expect(precisionAt(5, ['t', 'x', 'y'], new Set(['t']))).toBe(1);
    expect(precisionAt(5, ['x', 't'], new Set(['t', 'u']))).toBe(0.5);
    expect(() => precisionAt(5, ['x'], new Set())).toThrow();
  });

  it('reciprocal rank is one over the rank of the first relevant result', () => {
    expect(reciprocalRank(['x', 'y', 'b'], relevant)).toBeCloseTo(1 / 3);
    expect(reciprocalRank(['a'], relevant)).toBe(1);
    expect(reciprocalRank(['x', 'y'], relevant)).toBe(0);
  });
});
