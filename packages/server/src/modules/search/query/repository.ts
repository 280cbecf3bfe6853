import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../../db/schema';
import type { Viewer } from '../../../plugins/viewer';
import type { CatalogueIndex } from '../engine/catalogue-index';
import { englishStem, isStemmable } from '../engine/english-stem';
import { editDistance } from '../engine/vocabulary';
import { keywordsOf, type SearchCardRow } from '../indexer/card';
import type { IndexSyncStats } from '../indexer/index-sync';
import { createSearchIndexer, type SearchIndexer } from '../indexer/indexer';
import { ArtistLookups } from './artists';
import { foldAccents } from './fold';
import type { ParsedQuery, SearchTerm } from './query';
import { tsqueryText } from './tsquery-text';

/**
 * What a search reads. Matching, counting and sorting happen in the in-memory index
 * (engine/), which the indexer (indexer/) keeps in step with the database, with every
 * card; plain English words' lexemes (tsquery-text.ts), quoted artist names and royalty
 * codes (artists.ts) come from memory too. PostgreSQL turns other words into lexemes and
 * finds the local ids memory cannot tell, and holds favourites and collections. Every user
 * value reaches PostgreSQL as a bound parameter.
 */

export interface PreparedQuery {
  /** PostgreSQL's text of the query's tsquery; '' when there is no text to match. */
  tsquery: string;
  /**
   * The query's words as one phrase (best_match puts titles holding it first); '' when the
   * query is not a plain list of words and phrases.
   */
  phrase: string;
  artistIds: number[] | null;
  imageIds: number[] | null;
  royaltyArtistIds: number[] | null;
}

export interface SearchRepository {
  /** The index, with every change committed before the call. */
  index(): Promise<CatalogueIndex>;
  /** Builds the index and what searches look up beside it (artists), before any search. */
  warm(): Promise<CatalogueIndex>;
  indexStats(): IndexSyncStats;
  /** Moves whenever the index has caught up on a change to artists (names, codes, new ones). */
  artistsVersion(): number;
  /** Up to `max` artists (name and royalty code), spread over all of them (warm-up.ts). */
  sampleArtists(max: number): { name: string; royalty_code: string }[];
  /**
   * The query's tsquery text, matched artists / local ids, royalty codes' artists. A
   * one-word query is looked up as a local id unless `localId` is false.
   */
  prepare(
    parsed: ParsedQuery,
    royaltyCodes: readonly string[],
    localId?: boolean,
  ): Promise<PreparedQuery>;
  /** The cards of these images, in the order given (published ones only unless staff). */
  cards(
    ids: readonly number[],
    includeUnpublished: boolean,
    keywords: boolean,
  ): Promise<SearchCardRow[]>;
  /** Images by id (with their keywords), in id order. */
  byIds(ids: readonly number[], includeUnpublished: boolean): Promise<SearchCardRow[]>;
  /** The images a user has favourited. */
  favouriteIds(userId: number): Promise<number[]>;
  /**
   * A plain lower-case word's lexeme as the catalogue's words are indexed; '' for a stop
   * word; null when memory cannot tell (no calibrated stemmer, or not plain letters).
   */
  lexemeOf(word: string): string | null;
  /**
   * A word a buyer could type whose lexeme is `lexeme`, from the names and cards holding it
   * (the closest to `typed`); null when none shows it (a word of captions only).
   */
  surfaceOf(index: CatalogueIndex, lexeme: string, typed: string): Promise<string | null>;
  /**
   * The images of a collection the viewer may see (SPEC §6: staff all, others the public
   * ones and their own), with its `modified` as a version; null when there is no such one.
   */
  collection(id: number, viewer: Viewer): Promise<{ version: string; ids: number[] } | null>;
}

function tsqueryOf(term: SearchTerm): RawBuilder<unknown> {
  // Accents folded as the catalogue's words are (migration 0015).
  const query = term.phrase
    ? sql`phraseto_tsquery('english', atelier_unaccent(${term.text}))`
    : sql`plainto_tsquery('english', atelier_unaccent(${term.text}))`;
  return term.negated ? sql`(!! ${query})` : query;
}

/** The tsquery of a parsed query, as SQL: ((a || b) && c && (!! d)). */
export function tsqueryExpression(parsed: ParsedQuery): RawBuilder<unknown> | null {
  if (parsed.clauses.length === 0) return null;
  const clauses = parsed.clauses.map((terms) =>
    terms.length === 1
      ? tsqueryOf(terms[0] as SearchTerm)
      : sql`(${sql.join(terms.map(tsqueryOf), sql` || `)})`,
  );
  return sql`(${sql.join(clauses, sql` && `)})`;
}

/** The query's words with their accents folded (fold.ts). */
function folded(parsed: ParsedQuery): ParsedQuery {
  return {
    ...parsed,
    clauses: parsed.clauses.map((terms) =>
      terms.map((term) => ({ ...term, text: foldAccents(term.text) })),
    ),
  };
}

/** A query of positive words and phrases only, as one phrase; null for any other. */
function asPhrase(parsed: ParsedQuery): ParsedQuery | null {
  const terms = parsed.clauses.map((clause) => (clause.length === 1 ? clause[0] : undefined));
  if (terms.length === 0 || terms.some((term) => !term || term.negated)) return null;
  const text = terms.map((term) => term?.text).join(' ');
  return { clauses: [[{ text, phrase: true, negated: false }]], quoted: null, single: null };
}

/** A local id answers with this many images of that local id, at most. */
const IMAGES_WITH_LOCAL_ID = 50;

/** The query side over `indexer` (by default one of its own, with no change count). */
export function createSearchRepository(
  db: Kysely<DB>,
  indexer: SearchIndexer = createSearchIndexer(db),
): SearchRepository {
  const artists = new ArtistLookups(indexer.cards);

  /**
   * The images whose local id is `word` (any case), as `lower(local_id) = lower(word)`
   * answers, by id, at most 50; null when memory cannot tell (a candidate's local id is
   * not plain ASCII): PostgreSQL answers then.
   */
  function imagesWithLocalId(word: string): number[] | null {
    const candidates = indexer.current()?.localIdCandidates(word);
    if (!candidates) return null;
    const wanted = word.toLowerCase();
    const found: number[] = [];
    for (const id of candidates) {
      const card = indexer.cards.get(id, false);
      // eslint-disable-next-line no-control-regex
      if (!card || /[^\x00-\x7f]/.test(card.local_id)) return null;
      if (card.local_id.toLowerCase() === wanted) found.push(id);
    }
    return found.slice(0, IMAGES_WITH_LOCAL_ID);
  }

  /** The cards of these images from memory, in the order given. */
  function cardsOf(
    ids: readonly number[],
    includeUnpublished: boolean,
    keywords: boolean,
  ): SearchCardRow[] {
    const cards: SearchCardRow[] = [];
    for (const id of ids) {
      const card = indexer.cards.get(id, keywords);
      if (card && (includeUnpublished || card.published)) cards.push(card);
    }
    return cards;
  }

  return {
    index: () => indexer.index(),
    async warm() {
      const index = await indexer.index();
      artists.prepare();
      return index;
    },
    indexStats: () => indexer.stats,
    artistsVersion: () => indexer.cards.artistsVersion,
    sampleArtists(max) {
      const all = [...indexer.cards.artists.values()];
      const step = Math.max(1, Math.floor(all.length / Math.max(1, max)));
      return all
        .filter((_, k) => k % step === 0)
        .slice(0, max)
        .map(({ name, royalty_code }) => ({ name, royalty_code }));
    },

    async prepare(parsed, royaltyCodes, localId = true) {
      const tsquery = tsqueryExpression(parsed);
      if (!tsquery && royaltyCodes.length === 0) {
        return { tsquery: '', phrase: '', artistIds: null, imageIds: null, royaltyArtistIds: null };
      }
      // Plain English words (tsquery-text.ts), artists' names, royalty codes and the local
      // ids of images in memory need no query.
      // The images of a local id, or none; null: memory cannot tell (PostgreSQL answers).
      let localIds: number[] | null = null;
      if (parsed.single !== null && localId && royaltyCodes.length === 0) {
        localIds = imagesWithLocalId(parsed.single);
        if (localIds && localIds.length > 0) {
          return {
            tsquery: '',
            phrase: '',
            artistIds: null,
            imageIds: localIds,
            royaltyArtistIds: null,
          };
        }
      }
      const plain = folded(parsed);
      const phrase = asPhrase(plain);
      const askLocalId = parsed.single !== null && localId && localIds === null;
      const inProcess = askLocalId ? null : indexer.stemmer();
      const text = inProcess ? tsqueryText(plain, inProcess) : null;
      const phraseText = inProcess && phrase ? tsqueryText(phrase, inProcess) : null;
      const named = parsed.quoted === null ? null : artists.named(parsed.quoted);
      const royaltyArtistIds = royaltyCodes.length > 0 ? artists.withCodes(royaltyCodes) : null;
      if (text !== null && (phrase === null || phraseText !== null)) {
        return {
          tsquery: text,
          phrase: phraseText ?? '',
          artistIds: named,
          imageIds: null,
          royaltyArtistIds,
        };
      }
      const phraseSql = phrase ? tsqueryExpression(phrase) : null;
      const row = (
        await sql<{
          tsquery: string;
          phrase: string;
          image_ids: number[] | null;
        }>`
          select
            ${tsquery ?? sql`''`}::text as tsquery,
            ${phraseSql ?? sql`''`}::text as phrase,
            ${
              parsed.single && localId
                ? sql`(select coalesce(array_agg(i.id), '{}') from (
                    select id from images where lower(local_id) = lower(${parsed.single})
                    order by id limit ${IMAGES_WITH_LOCAL_ID}) i)`
                : sql`null::int[]`
            } as image_ids`.execute(db)
      ).rows[0];
      if (!row) throw new Error('search prepare returned no row');
      return {
        tsquery: row.tsquery,
        phrase: row.phrase,
        artistIds: named,
        imageIds: row.image_ids,
        royaltyArtistIds,
      };
    },

    // The index is caught up before a page is read: the cards are as current as it is.
    cards: async (ids, includeUnpublished, keywords) => cardsOf(ids, includeUnpublished, keywords),

    byIds: async (ids, includeUnpublished) =>
      cardsOf(
        [...new Set(ids)].sort((a, b) => a - b),
        includeUnpublished,
        true,
      ),

    lexemeOf(word) {
      const stemmer = indexer.stemmer();
      if (!stemmer || !isStemmable(word)) return null;
      return englishStem(word, stemmer) ?? '';
    },

    async surfaceOf(index, lexeme, typed) {
      const { artistIds, imageIds } = index.holdersOf(lexeme);
      const stemmer = indexer.stemmer();
      const texts = artistIds.map((id) => indexer.cards.artists.get(id)?.name ?? '');
      for (const card of cardsOf(imageIds, true, true)) {
        texts.push(card.title, ...keywordsOf(card));
      }
      let best: string | null = null;
      let distance = Infinity;
      for (const text of texts) {
        for (const word of foldAccents(text)
          .toLowerCase()
          .split(/[^a-z]+/)) {
          if (!word || !stemmer || englishStem(word, stemmer) !== lexeme) continue;
          const away = editDistance(typed, word, 8);
          if (away < distance) [best, distance] = [word, away];
        }
      }
      return best;
    },

    async favouriteIds(userId) {
      const result = await sql<{ image_id: number }>`
        select image_id from favourites where user_id = ${userId}::int`.execute(db);
      return result.rows.map((row) => Number(row.image_id));
    },

    async collection(id, viewer) {
      const visible = viewer.isStaff
        ? sql``
        : viewer.userId === null
          ? sql`and public`
          : sql`and (public or owner_id = ${viewer.userId}::int)`;
      const result = await sql<{ version: string; ids: number[] | null }>`
        select modified::text as version,
          (select array_agg(image_id) from collection_images
            where collection_id = collections.id) as ids
        from collections
        where id = ${id}::int ${visible}`.execute(db);
      const row = result.rows[0];
      return row ? { version: row.version, ids: (row.ids ?? []).map(Number) } : null;
    },
  };
}
