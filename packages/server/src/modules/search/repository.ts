import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { Viewer } from '../../plugins/viewer';
import type { SearchCardRow } from './card';
import type { CatalogueIndex } from './engine/catalogue-index';
import { IndexSync, type IndexSyncStats } from './engine/index-sync';
import type { ParsedQuery, SearchTerm } from './query';

/**
 * What the search reads from PostgreSQL. Matching, counting and sorting happen in the
 * in-memory index (engine/), which this repository keeps in step with the database;
 * PostgreSQL turns words into lexemes (English stemming), finds quoted artist names and
 * local ids and returns the cards of a page. Every user
 * value reaches PostgreSQL as a bound parameter.
 */

export interface PreparedQuery {
  /** PostgreSQL's text of the query's tsquery; '' when there is no text to match. */
  tsquery: string;
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
   * The images of a collection the viewer may see (SPEC §6: staff all, others the public
   * ones and their own), with its `modified` as a version; null when there is no such one.
   */
  collection(id: number, viewer: Viewer): Promise<{ version: string; ids: number[] } | null>;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

function tsqueryOf(term: SearchTerm): RawBuilder<unknown> {
  const query = term.phrase
    ? sql`phraseto_tsquery('english', ${term.text})`
    : sql`plainto_tsquery('english', ${term.text})`;
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

/** Cards kept in memory, by image id: pages of different searches share many images. */
const CARDS_KEPT = 20_000;
/**
 * A catalogue up to this size has every card read with the index (~500 bytes each): a
 * page then needs no query at all, which matters most on PGlite, where reading 100 cards
 * takes ~5 ms of the only thread.
 */
const ALL_CARDS_UP_TO = 250_000;
const CARD_BATCH = 10_000;

/**
 * `localWrites`: for an embedded database (PGlite), its count of statements that may have
 * written; while it stands still the index needs no catch-up query.
 */
export function createSearchRepository(
  db: Kysely<DB>,
  localWrites?: () => number,
): SearchRepository {
  const sync = new IndexSync(db, localWrites);
  const kept = new Map<number, SearchCardRow>();
  let keepAtMost = CARDS_KEPT;
  let artistsVersion = 0;
  // A card goes when its image or its artist changes: never shown stale.
  sync.onChange((change) => {
    if (change === 'all') {
      kept.clear();
      keepAtMost = CARDS_KEPT;
      artistsVersion += 1;
      return;
    }
    if (change.artists.length > 0) artistsVersion += 1;
    for (const id of change.images) kept.delete(id);
    if (change.artists.length > 0) {
      const artists = new Set(change.artists);
      for (const [id, card] of kept) if (artists.has(Number(card.artist_id))) kept.delete(id);
    }
  });
  sync.onBuild(async (trx, index) => {
    if (index.size > ALL_CARDS_UP_TO) return;
    keepAtMost = Math.max(CARDS_KEPT, Math.ceil(index.size * 1.2));
    for (let after = 0; ;) {
      const batch = await sql<SearchCardRow>`
        select ${cardColumns(true)} from images
          cross join lateral (
            select name, royalty_code from artists where artists.id = images.artist_id
          ) artists
        where images.id > ${after}::int order by images.id limit ${CARD_BATCH}`.execute(trx);
      for (const row of batch.rows) kept.set(Number(row.id), row);
      if (batch.rows.length < CARD_BATCH) break;
      after = Number(batch.rows[batch.rows.length - 1]?.id);
    }
  });
  return {
    index: () => sync.fresh(),
    indexStats: () => sync.stats,
    artistsVersion: () => artistsVersion,

    async prepare(parsed, royaltyCodes, localId = true) {
      const tsquery = tsqueryExpression(parsed);
      if (!tsquery && royaltyCodes.length === 0) {
        return { tsquery: '', artistIds: null, imageIds: null, royaltyArtistIds: null };
      }
      const row = (
        await sql<{
          tsquery: string;
          artist_ids: number[] | null;
          image_ids: number[] | null;
          royalty_artist_ids: number[] | null;
        }>`
          select
            ${tsquery ?? sql`''`}::text as tsquery,
            ${
              parsed.quoted
                ? sql`(select coalesce(array_agg(a.id), '{}') from (
                    select id from artists where name ilike ${escapeLike(parsed.quoted)}
                    order by id limit 200) a)`
                : sql`null::int[]`
            } as artist_ids,
            ${
              parsed.single && localId
                ? sql`(select coalesce(array_agg(i.id), '{}') from (
                    select id from images where lower(local_id) = lower(${parsed.single})
                    order by id limit 50) i)`
                : sql`null::int[]`
            } as image_ids,
            ${
              royaltyCodes.length > 0
                ? sql`(select coalesce(array_agg(id), '{}') from artists
                    where royalty_code = any(${royaltyCodes}::text[]))`
                : sql`null::int[]`
            } as royalty_artist_ids`.execute(db)
      ).rows[0];
      if (!row) throw new Error('search prepare returned no row');
      return {
        tsquery: row.tsquery,
        artistIds: row.artist_ids,
        imageIds: row.image_ids,
        royaltyArtistIds: row.royalty_artist_ids,
      };
    },

    async cards(ids, includeUnpublished, keywords) {
      if (ids.length === 0) return [];
      const missing = ids.filter((id) => !kept.has(id));
      if (missing.length > 0) {
        // The index is caught up before a page is read: what arrives is current.
        const result = await sql<SearchCardRow>`
          select ${cardColumns(true)}
          from images
            -- A lookup per card: a planner that guesses a few hundred rows hashes the whole
            -- artists table instead (5 ms on PGlite for 100 cards).
            cross join lateral (
              select name, royalty_code from artists where artists.id = images.artist_id
            ) artists
          where images.id = any(${missing}::int[])`.execute(db);
        for (const row of result.rows) {
          kept.set(Number(row.id), row);
          if (kept.size > keepAtMost) kept.delete(kept.keys().next().value as number);
        }
      }
      return ids.flatMap((id) => {
        const card = kept.get(id);
        if (!card || (!includeUnpublished && !card.published)) return [];
        return [keywords ? card : { ...card, keywords: null }];
      });
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
