/**
 * Relevance judgements of the benchmark (scripts/bench-relevance.mjs): which catalogue
 * objects answer a query, decided from the source's own metadata by a written rule, never by
 * the search engine. scripts/relevance/queries.json holds the queries and their rules.
 */

/** What a rule can see of an object: its source metadata, not what the engine indexed. */
export interface JudgedObject {
  id: string;
  title: string;
  /** Names of the contributors credited as the artist. */
  makers: string[];
  /** Subject names at every level ('nature', 'animals: mammals', 'cat'). */
  subjects: string[];
  medium: string;
}

/**
 * - maker: a credited artist's name is this one (case and accents aside).
 * - maker_word: a credited artist's name contains this word ('blake': William or Peter).
 * - title: the title contains one of these phrases (whole words).
 * - subject: one of the subjects is one of these names.
 * - words: title, a subject or the medium contains one of these phrases (whole words).
 * - all / any / not: combinations.
 */
export type Rule =
  | { maker: string }
  | { maker_word: string }
  | { title: string[] }
  | { subject: string[] }
  | { words: string[] }
  | { all: Rule[] }
  | { any: Rule[] }
  | { not: Rule };

/** Lower case without accents: 'Cézanne' → 'cezanne', 'Schütte' → 'schutte'. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Words of a text, folded: "Turner's 'Fighting Temeraire'" → turner s fighting temeraire. */
function words(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether `phrase` occurs in `text` as a run of whole words (case and accents aside). */
const spaced = new Map<string, string>();
export function containsPhrase(text: string, phrase: string): boolean {
  // Judging reads the same titles and subject names for every query: fold each once.
  let haystack = spaced.get(text);
  if (haystack === undefined) {
    haystack = ` ${words(text).join(' ')} `;
    spaced.set(text, haystack);
  }
  const needle = words(phrase).join(' ');
  return needle !== '' && haystack.includes(` ${needle} `);
}

export function matches(rule: Rule, object: JudgedObject): boolean {
  if ('maker' in rule) return object.makers.some((name) => fold(name) === fold(rule.maker));
  if ('maker_word' in rule) {
    return object.makers.some((name) => containsPhrase(name, rule.maker_word));
  }
  if ('title' in rule) return rule.title.some((phrase) => containsPhrase(object.title, phrase));
  if ('subject' in rule) {
    const wanted = new Set(rule.subject.map(fold));
    return object.subjects.some((name) => wanted.has(fold(name)));
  }
  if ('words' in rule) {
    const fields = [object.title, object.medium, ...object.subjects];
    return rule.words.some((phrase) => fields.some((field) => containsPhrase(field, phrase)));
  }
  if ('all' in rule) return rule.all.every((part) => matches(part, object));
  if ('any' in rule) return rule.any.some((part) => matches(part, object));
  return !matches(rule.not, object);
}

/** Every part of a rule names something; a typo in the query file fails loudly. */
export function checkRule(rule: unknown, where: string): Rule {
  const fail = (why: string): never => {
    throw new Error(`${where}: ${why}: ${JSON.stringify(rule)}`);
  };
  if (rule === null || typeof rule !== 'object' || Array.isArray(rule)) fail('not a rule');
  const entries = Object.entries(rule as Record<string, unknown>);
  if (entries.length !== 1) fail('a rule has exactly one key');
  const [key, value] = entries[0] as [string, unknown];
  const phrases = (v: unknown): boolean =>
    Array.isArray(v) && v.length > 0 && v.every((p) => typeof p === 'string' && words(p).length);
  switch (key) {
    case 'maker':
    case 'maker_word':
      if (typeof value !== 'string' || !words(value).length) fail(`${key} takes a name`);
      break;
    case 'title':
    case 'subject':
    case 'words':
      if (!phrases(value)) fail(`${key} takes a list of phrases`);
      break;
    case 'all':
    case 'any':
      if (!Array.isArray(value) || value.length === 0) fail(`${key} takes a list of rules`);
      (value as unknown[]).forEach((part, i) => checkRule(part, `${where}.${key}[${i}]`));
      break;
    case 'not':
      checkRule(value, `${where}.not`);
      break;
    default:
      fail(`unknown rule "${key}"`);
  }
  return rule as Rule;
}

/**
 * Precision at k: the share of the first k results that are relevant, out of k or, when the
 * catalogue holds fewer than k relevant objects, out of that many (a perfect answer scores 1).
 * A query with no relevant object has no precision: the benchmark leaves it out.
 */
export function precisionAt(
  k: number,
  ranked: readonly string[],
  relevant: ReadonlySet<string>,
): number {
  const possible = Math.min(k, relevant.size);
  if (possible === 0) throw new Error('precision of a query without relevant objects');
  return ranked.slice(0, k).filter((id) => relevant.has(id)).length / possible;
}

/** 1 / rank of the first relevant result (0 when none is in `ranked`). */
export function reciprocalRank(ranked: readonly string[], relevant: ReadonlySet<string>): number {
  const index = ranked.findIndex((id) => relevant.has(id));
  return index < 0 ? 0 : 1 / (index + 1);
}
