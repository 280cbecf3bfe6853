/**
 * The search box's syntax (SPEC §2 search tips), read by our own tokenizer: user text
 * never reaches `to_tsquery`. Each term becomes its own `plainto_tsquery` /
 * `phraseto_tsquery` parameter (repository.ts), which accept any text at all, and the
 * terms are joined with tsquery operators in SQL.
 *
 *   red boat          every word must match (English stemming: "boats" finds "boat")
 *   "red boat"        the exact phrase
 *   red|blue boat     any of red, blue; and boat (`OR` in capitals works like `|`)
 *   boat -red         boat, and not red; -"red boat" excludes the phrase
 *   "Ada Lovelace"    a query that is one quoted phrase may be an artist's name
 *   GAA0001234        a query that is one bare word may be an image's local id
 *
 * Anything else is tolerated: unbalanced quotes close at the end, operators with nothing
 * to act on are dropped, punctuation and tsquery syntax (`&!:*()<->`) are just text.
 */

export interface SearchTerm {
  text: string;
  phrase: boolean;
  negated: boolean;
}

export interface ParsedQuery {
  /** All clauses must match; a clause matches when any of its terms does. */
  clauses: SearchTerm[][];
  /** The whole query was one quoted phrase (perhaps an artist's name). */
  quoted: string | null;
  /** The whole query was one bare word (perhaps a local id). */
  single: string | null;
}

/** Terms read from one query, at most: the rest is ignored. */
export const MAX_TERMS = 32;

/** Characters PostgreSQL text cannot hold, and other controls: never meaningful in a query. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/g;
/** Lone surrogates (invalid UTF-16 from a broken client) cannot be encoded for the database. */
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

export function normaliseQuery(q: string): string {
  return q
    .normalize('NFC')
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(LONE_SURROGATES, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const isBoundary = (c: string | undefined): boolean =>
  c === undefined || c === ' ' || c === '"' || c === '|';

export function parseQuery(input: string): ParsedQuery {
  const s = normaliseQuery(input);
  const clauses: SearchTerm[][] = [];
  let pendingOr = false;
  let terms = 0;
  let i = 0;
  while (i < s.length && terms < MAX_TERMS) {
    const c = s[i];
    if (c === ' ') {
      i += 1;
      continue;
    }
    if (c === '|') {
      pendingOr = true;
      i += 1;
      continue;
    }
    let negated = false;
    if (c === '-') {
      let j = i;
      while (s[j] === '-') j += 1;
      i = j;
      if (s[j] === undefined || s[j] === ' ' || s[j] === '|') continue; // dashes alone
      negated = true;
    }
    let text: string;
    let phrase: boolean;
    if (s[i] === '"') {
      const end = s.indexOf('"', i + 1);
      text = end < 0 ? s.slice(i + 1) : s.slice(i + 1, end);
      i = end < 0 ? s.length : end + 1;
      phrase = true;
    } else {
      let j = i;
      while (!isBoundary(s[j])) j += 1;
      text = s.slice(i, j);
      i = j;
      phrase = false;
      if (text === 'OR' && !negated) {
        pendingOr = clauses.length > 0;
        continue;
      }
    }
    text = text.trim();
    if (!WORD_CHARACTER.test(text)) continue; // only punctuation: nothing to search for
    const term: SearchTerm = { text, phrase: phrase && text.includes(' '), negated };
    const last = clauses[clauses.length - 1];
    if (pendingOr && last) last.push(term);
    else clauses.push([term]);
    pendingOr = false;
    terms += 1;
  }
  const only = clauses.length === 1 && clauses[0]?.length === 1 ? clauses[0][0] : undefined;
  const wasQuoted = only !== undefined && !only.negated && /^"[^"]*"?$/.test(s);
  return {
    clauses,
    quoted: wasQuoted ? (only?.text ?? null) : null,
    single: only && !only.negated && !wasQuoted && !only.phrase ? only.text : null,
  };
}

/** The words of a parsed query (lower case), to leave out of its related keywords. */
export function queryWords(parsed: ParsedQuery): Set<string> {
  const words = new Set<string>();
  for (const clause of parsed.clauses) {
    for (const term of clause) {
      words.add(term.text.toLowerCase());
      for (const word of term.text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
        if (word) words.add(word);
      }
    }
  }
  return words;
}
