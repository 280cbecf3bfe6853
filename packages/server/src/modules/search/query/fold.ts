/**
 * Accents and honorifics, as a search forgives them. The catalogue's words are indexed with
 * their accents folded by PostgreSQL's unaccent (migration 0015); a query's words are folded
 * here first, so that plain words stay on the in-process stemmer (tsquery-text.ts). Letters
 * that do not decompose (ø, æ, ß) stay as they are: PostgreSQL folds those (atelier_unaccent).
 */
const MARKS = /\p{M}+/gu;

export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').normalize('NFC');
}

/** Titles written before a name ('Sir', 'Dame Barbara Hepworth'), ignored when matching it. */
const HONORIFICS = [
  'sir',
  'dame',
  'lady',
  'lord',
  'dr',
  'mr',
  'mrs',
  'ms',
  'miss',
  'prof',
  'professor',
  'rev',
  'reverend',
] as const;

const HONORIFIC = new Set<string>(HONORIFICS);

/**
 * Letters written after a name ('Henry Moore OM, CH', 'Sir Joshua Reynolds PRA'), ignored
 * when matching it: orders, decorations and academy memberships.
 */
const POST_NOMINALS = [
  'om',
  'ch',
  'ra',
  'pra',
  'ara',
  'rba',
  'rws',
  'rsa',
  'frs',
  'fsa',
  'cbe',
  'obe',
  'mbe',
  'kbe',
  'dbe',
  'gbe',
  'cvo',
  'kcvo',
  'rcvo',
] as const;

const POST_NOMINAL = new Set<string>(POST_NOMINALS);

/**
 * A person's name as a quoted search matches it: accents folded, any case, punctuation as
 * spaces, and without the honorifics it starts with or the letters it ends with. 'Dame
 * Barbara Hepworth' and '"barbara hepworth"' both give 'barbara hepworth'; 'Henry Moore OM,
 * CH', 'henry moore'; 'Paul Cézanne', 'paul cezanne'.
 */
export function nameKey(name: string): string {
  const words = foldAccents(name)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  while (words.length > 1 && HONORIFIC.has(words[0] as string)) words.shift();
  while (words.length > 1 && POST_NOMINAL.has(words[words.length - 1] as string)) words.pop();
  return words.join(' ');
}
