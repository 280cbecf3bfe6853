import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { Viewer } from '../../plugins/viewer';
import { keywordsOf, type SearchCardRow } from './card';
import type { CatalogueIndex } from './engine/catalogue-index';
import { ARTIST_SEARCH, IndexSync, type IndexSyncStats } from './engine/index-sync';
import { CardStore, type CardArtist, type PackedCardRow } from './card-store';
import type { ParsedQuery, SearchTerm } from './query';
import { englishStem, isStemmable, type EnglishStemmer } from './engine/english-stem';
import { editDistance } from './engine/vocabulary';
import { calibratedStemmer, tsqueryText } from './tsquery-text';
import { foldAccents, nameKey } from './fold';

/**
 * What the search reads from PostgreSQL. Matching, counting and sorting happen in the
 * in-memory index (engine/), which this repository keeps in step with the database; cards
 * (card-store.ts) and plain English words' lexemes (tsquery-text.ts) come from memory too.
 * PostgreSQL turns other words into lexemes, finds quoted artist names, royalty codes and
 * local ids, and reads the cards of images changed since the index was built. Every user
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
  indexStats(): IndexSyncStats;
  /** Moves whenever the index has caught up on a change to artists (names, codes, new ones). */
  artistsVersion(): number;
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

const ISO_8601 = sql.lit('YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');

/** A card's columns (card.ts), dates formatted as Date#toISOString would. */
function cardColumns(keywords: boolean): RawBuilder<unknown> {
  return sql`images.id, images.local_id, images.source, images.artist_id, images.title,
    to_char(images.created at time zone 'UTC', ${ISO_8601}) as created,
    to_char(images.updated at time zone 'UTC', ${ISO_8601}) as updated,
    images.max_width, images.max_height, images.price, images.published, images.thumb_path,
    artists.name as artist, artists.royalty_code
    ${keywords ? sql`, array_to_string(images.keywords, chr(31)) as keywords` : sql``}`;
}

/** Cards read since the index was built (changed or new images), by image id. */
const CARDS_KEPT = 20_000;
/**
 * A catalogue up to this size has every card packed in memory with the index (about 250
 * bytes each, card-store.ts): a page then needs no query, which saves PostgreSQL a
 * millisecond per search and PGlite's only thread ~5 ms per 100 cards.
 */
const STORE_CARDS_UP_TO = 4_000_000;
const CARD_BATCH = 10_000;
/** A local id answers with this many images of that local id, at most. */
const IMAGES_WITH_LOCAL_ID = 50;
/** A quoted name answers with the images of this many artists of that name, at most. */
const ARTISTS_NAMED = 200;

/**
 * `changes`: the database's change count (Database.changes); while it stands still the
 * index needs no catch-up query.
 */
export function createSearchRepository(db: Kysely<DB>, changes?: () => number): SearchRepository {
  const sync = new IndexSync(db, changes);
  // Cards: packed at the build (`store`), except those changed since (`stale`), which are
  // read again on demand into `kept`. Artists' names are looked up by id in `artists`.
  let store: CardStore | null = null;
  const stale = new Set<number>();
  const kept = new Map<number, SearchCardRow>();
  const artists = new Map<number, CardArtist>();
  let artistsVersion = 0;
  /** The index of the last build (the one caught-up searches read). */
  let built: CatalogueIndex | null = null;
  /** The in-process stemmer matching this database's (checked at each build), if any. */
  let stemmer: EnglishStemmer | null = null;
  // A card goes when its image or its artist changes: never shown stale.
  sync.onChange((change) => {
    if (change === 'all') {
      store = null;
      stale.clear();
      kept.clear();
      artists.clear();
      artistsVersion += 1;
      return;
    }
    if (change.artists.length > 0) artistsVersion += 1;
    for (const id of change.images) {
      kept.delete(id);
      if (store) stale.add(id);
    }
    for (const artist of change.artists) {
      artists.set(artist.id, { name: artist.name, royalty_code: artist.royalty_code });
    }
    if (change.artists.length > 0) {
      const changed = new Set(change.artists.map((artist) => artist.id));
      for (const [id, card] of kept) if (changed.has(Number(card.artist_id))) kept.delete(id);
    }
  });
  sync.onBuild(async (trx, index) => {
    built = index;
    stemmer = await calibratedStemmer(trx);
    const names = await sql<CardArtist & { id: number; search: string }>`
      select id, name, royalty_code, ${ARTIST_SEARCH} as search from artists`.execute(trx);
    for (const row of names.rows) {
      artists.set(Number(row.id), { name: row.name, royalty_code: row.royalty_code });
    }
    index.setArtists(
      names.rows.map((row) => ({ id: Number(row.id), search: row.search })),
      true,
    );
    if (index.size > STORE_CARDS_UP_TO) return;
    const packed = new CardStore(index.size);
    for (let after = 0; ;) {
      const batch = await sql<PackedCardRow>`
        select id, local_id, source, artist_id, title,
          floor(extract(epoch from created) * 1000)::float8 as created_ms,
          floor(extract(epoch from updated) * 1000)::float8 as updated_ms,
          max_width, max_height, price, published, thumb_path,
          array_to_string(keywords, chr(31)) as keywords
        from images where id > ${after}::int order by id limit ${CARD_BATCH}`.execute(trx);
      packed.add(batch.rows.map((row) => ({ ...row, id: Number(row.id) })));
      if (batch.rows.length < CARD_BATCH) break;
      after = Number(batch.rows[batch.rows.length - 1]?.id);
    }
    store = packed;
  });

  // Artists by lower-case name and by royalty code, made again when artists change.
  let lookupsVersion = -1;
  const byName = new Map<string, number[]>();
  const byCode = new Map<string, number[]>();
  function lookups(): void {
    if (lookupsVersion === artistsVersion) return;
    byName.clear();
    byCode.clear();
    for (const [id, artist] of [...artists].sort((a, b) => a[0] - b[0])) {
      const name = nameKey(artist.name);
      byName.set(name, [...(byName.get(name) ?? []), id]);
      byCode.set(artist.royalty_code, [...(byCode.get(artist.royalty_code) ?? []), id]);
    }
    lookupsVersion = artistsVersion;
  }

  /**
   * The artists a quoted name names: the same name whatever its case, accents and leading
   * honorifics (fold.ts), by id, at most 200.
   */
  function artistsNamed(name: string): number[] {
    lookups();
    const key = nameKey(name);
    return key ? (byName.get(key) ?? []).slice(0, ARTISTS_NAMED) : [];
  }

  function artistsWithCodes(codes: readonly string[]): number[] {
    lookups();
    return [...new Set(codes.flatMap((code) => byCode.get(code) ?? []))].sort((a, b) => a - b);
  }

  /**
   * The images whose local id is `word` (any case), as `lower(local_id) = lower(word)`
   * answers, by id, at most 50; null when memory cannot tell (a candidate's card is not in
   * memory, or not plain ASCII): PostgreSQL answers then.
   */
  function imagesWithLocalId(word: string): number[] | null {
    const candidates = built?.localIdCandidates(word);
    if (!candidates) return null;
    const wanted = word.toLowerCase();
    const found: number[] = [];
    for (const id of candidates) {
      const card = cardOf(id, false);
      // eslint-disable-next-line no-control-regex
      if (!card || /[^\x00-\x7f]/.test(card.local_id)) return null;
      if (card.local_id.toLowerCase() === wanted) found.push(id);
    }
    return found.slice(0, IMAGES_WITH_LOCAL_ID);
  }

  /** Reads the cards the store cannot answer for, and the artists not known, into memory. */
  async function readMissing(cardIds: number[], artistIds: number[]): Promise<void> {
    await Promise.all([
      cardIds.length > 0 &&
        sql<SearchCardRow>`
          select ${cardColumns(true)}
          from images
            -- A lookup per card: a planner that guesses a few hundred rows hashes the whole
            -- artists table instead (5 ms on PGlite for 100 cards).
            cross join lateral (
              select name, royalty_code from artists where artists.id = images.artist_id
            ) artists
          where images.id = any(${cardIds}::int[])`
          .execute(db)
          .then((result) => {
            for (const row of result.rows) {
              kept.set(Number(row.id), row);
              if (kept.size > CARDS_KEPT) kept.delete(kept.keys().next().value as number);
            }
          }),
      artistIds.length > 0 &&
        sql<CardArtist & { id: number }>`
          select id, name, royalty_code from artists where id = any(${artistIds}::int[])`
          .execute(db)
          .then((result) => {
            for (const row of result.rows) {
              artists.set(Number(row.id), { name: row.name, royalty_code: row.royalty_code });
            }
            lookupsVersion = -1;
          }),
    ]);
  }

  /** The card of image `id` from memory: kept, else packed with its artist; or undefined. */
  function cardOf(id: number, keywords: boolean): SearchCardRow | undefined {
    const card = kept.get(id);
    if (card) return keywords ? card : { ...card, keywords: null };
    return store && !stale.has(id) ? store.get(id, keywords, artists) : undefined;
  }

  return {
    index: () => sync.fresh(),
    indexStats: () => sync.stats,
    artistsVersion: () => artistsVersion,

    async prepare(parsed, royaltyCodes, localId = true) {
      const tsquery = tsqueryExpression(parsed);
      if (!tsquery && royaltyCodes.length === 0) {
        return { tsquery: '', phrase: '', artistIds: null, imageIds: null, royaltyArtistIds: null };
      }
      // Plain English words (tsquery-text.ts), artists' names, royalty codes and the local
      // ids of images in memory need no query.
      if (parsed.single !== null && localId && royaltyCodes.length === 0) {
        const imageIds = imagesWithLocalId(parsed.single);
        if (imageIds && imageIds.length > 0) {
          return { tsquery: '', phrase: '', artistIds: null, imageIds, royaltyArtistIds: null };
        }
      }
      const plain = folded(parsed);
      const phrase = asPhrase(plain);
      const inProcess = parsed.single !== null && localId ? null : stemmer;
      const text = inProcess ? tsqueryText(plain, inProcess) : null;
      const phraseText = inProcess && phrase ? tsqueryText(phrase, inProcess) : null;
      const named = parsed.quoted === null ? null : artistsNamed(parsed.quoted);
      const royaltyArtistIds = royaltyCodes.length > 0 ? artistsWithCodes(royaltyCodes) : null;
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

    async cards(ids, includeUnpublished, keywords) {
      if (ids.length === 0) return [];
      let cards = ids.map((id) => cardOf(id, keywords));
      if (cards.includes(undefined)) {
        const missingCards = new Set<number>();
        const missingArtists = new Set<number>();
        ids.forEach((id, i) => {
          if (cards[i]) return;
          const artistId =
            !kept.has(id) && store && !stale.has(id) ? store.artistOf(id) : undefined;
          if (artistId === undefined) missingCards.add(id);
          else missingArtists.add(artistId);
        });
        // The index is caught up before a page is read: what arrives is current.
        await readMissing([...missingCards], [...missingArtists]);
        cards = ids.map((id) => cardOf(id, keywords));
      }
      return cards.filter(
        (card): card is SearchCardRow => !!card && (includeUnpublished || card.published),
      );
    },

    async byIds(ids, includeUnpublished) {
      if (ids.length === 0) return [];
      const result = await sql<SearchCardRow>`
        select ${cardColumns(true)}
        from images join artists on artists.id = images.artist_id
        where images.id = any(${[...ids]}::int[])
          ${includeUnpublished ? sql`` : sql`and images.published`}
        order by images.id`.execute(db);
      return result.rows;
    },

    lexemeOf(word) {
      if (!stemmer || !isStemmable(word)) return null;
      return englishStem(word, stemmer) ?? '';
    },

    async surfaceOf(index, lexeme, typed) {
      const { artistIds, imageIds } = index.holdersOf(lexeme);
      const texts = artistIds.map((id) => artists.get(id)?.name ?? '');
      for (const card of await this.cards(imageIds, true, true)) {
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
