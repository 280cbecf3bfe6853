import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { englishStem, isStemmable, type EnglishStemmer } from '../engine/english-stem';
import type { ParsedQuery, SearchTerm } from './query';

/**
 * A word of ASCII letters and digits with a digit in it ('gaa0001234', '2', '3d'):
 * PostgreSQL's parser reads it as one `numword` or `uint` token, which the english
 * configuration gives to the simple dictionary: its lexeme is the word in lower case.
 */
const NUMBER_WORD = /^[a-z0-9]*[0-9][a-z0-9]*$/;

/** A lower-case word's lexeme as PostgreSQL's english configuration makes it; null: a stop word. */
function lexemeOf(word: string, stemmer: EnglishStemmer): string | null {
  return NUMBER_WORD.test(word) ? word : englishStem(word, stemmer);
}

/**
 * A parsed query's tsquery, as PostgreSQL would make it from plainto_/phraseto_tsquery
 * ('english') joined with && and || (repository.ts), computed here when every word of it
 * is plain ASCII letters, or letters and digits: PostgreSQL's parser reads such a word as
 * one `asciiword` token, which the english configuration gives to english_stem
 * (engine/english-stem.ts), or as a `numword` or `uint` (NUMBER_WORD). Anything else
 * (hyphens, apostrophes, other scripts) answers null: PostgreSQL makes it. A local id
 * ('GAA0001234') no image has is such a word: it needed a round trip to PostgreSQL, which
 * kept its search waiting behind a second turn of every search queued on the process.
 *
 * Stop words drop out as PostgreSQL drops them: a term of stop words only is empty and
 * leaves its clause, a clause of empty terms leaves the query; inside a phrase they still
 * count as positions ('oil on canvas' is 'oil' <2> 'canva').
 */
export function tsqueryText(parsed: ParsedQuery, stemmer: EnglishStemmer): string | null {
  const clauses: string[] = [];
  for (const clause of parsed.clauses) {
    const terms: string[] = [];
    for (const term of clause) {
      const text = termText(term, stemmer);
      if (text === null) return null;
      if (text) terms.push(text);
    }
    if (terms.length === 1) clauses.push(terms[0] as string);
    else if (terms.length > 1) clauses.push(`( ${terms.join(' | ')} )`);
  }
  return clauses.join(' & ');
}

/** One term's tsquery text; '' for stop words only; null when PostgreSQL must make it. */
function termText(term: SearchTerm, stemmer: EnglishStemmer): string | null {
  const words = term.text.toLowerCase().split(' ');
  let text = '';
  let lexemes = 0;
  let last = 0;
  for (let position = 0; position < words.length; position++) {
    const word = words[position] as string;
    if (word === '') continue;
    if (!isStemmable(word) && !NUMBER_WORD.test(word)) return null;
    const lexeme = lexemeOf(word, stemmer);
    if (lexeme === null) continue;
    if (lexemes > 0) {
      const distance = position - last;
      text += distance === 1 ? ' <-> ' : ` <${distance}> `;
    }
    text += `'${lexeme}'`;
    lexemes += 1;
    last = position;
  }
  if (!text || !term.negated) return text;
  return lexemes === 1 ? `!${text}` : `!( ${text} )`;
}

/**
 * Words whose lexemes tell the stemmers apart ('added': PostgreSQL 18's Snowball keeps the
 * double letter, 15's does not) or exercise their rules and the stop words.
 */
const CALIBRATION = [
  'added',
  'adding',
  'egged',
  'the',
  'of',
  'and',
  'being',
  'generously',
  'communication',
  'arsenal',
  'skies',
  'dying',
  'running',
  'caresses',
  'ponies',
  'agreed',
  'disabled',
  'hopping',
  'hoping',
  'happy',
  'sky',
  'news',
  'inning',
  'proceed',
  'relational',
  'conditional',
  'digitizer',
  'operator',
  'feudalism',
  'decisiveness',
  'hopefulness',
  'callousness',
  'formality',
  'sensitivity',
  'triplicate',
  'formative',
  'formalize',
  'electrical',
  'goodness',
  'allowance',
  'inference',
  'adjustable',
  'defensible',
  'replacement',
  'dependent',
  'adoption',
  'homologous',
  'effective',
  'bowdlerize',
  'landscape',
  'lighthouse',
  'canvas',
  'photography',
  // NUMBER_WORD's: local ids, numbers, letters and digits mixed.
  'gaa0001234',
  '0050622',
  '2',
  'y2',
  '3d',
  '1st',
  '1e5',
  'abc123def',
];

/**
 * The stemmer that gives this database's 'english' configuration's lexemes for every
 * calibration word, or null when none does (a PostgreSQL whose Snowball or configuration
 * differs): then every query's lexemes come from PostgreSQL, as before.
 */
export async function calibratedStemmer(db: Kysely<DB>): Promise<EnglishStemmer | null> {
  const result = await sql<{ word: string; tsquery: string }>`
    select word, plainto_tsquery('english', word)::text as tsquery
    from unnest(${CALIBRATION}::text[]) word`.execute(db);
  const theirs = new Map(result.rows.map((row) => [row.word, row.tsquery]));
  const candidates: EnglishStemmer[] = ['postgres-15', 'postgres-18'];
  return (
    candidates.find((stemmer) =>
      CALIBRATION.every((word) => {
        const lexeme = lexemeOf(word, stemmer);
        return theirs.get(word) === (lexeme === null ? '' : `'${lexeme}'`);
      }),
    ) ?? null
  );
}
