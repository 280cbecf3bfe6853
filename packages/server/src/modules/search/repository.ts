import type { SearchFacet, SearchSort } from '@atelier/contracts';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema';
import type { SearchCardRow } from './card';
import type { ParsedQuery, SearchTerm } from './query';

/**
 * The search's SQL. Every user value reaches PostgreSQL as a bound parameter; the text
 * query is built from our tokenizer's terms with plainto_/phraseto_tsquery (query.ts).
 *
 * Query shapes, and the indexes they are meant for (migrations 0001, 0004):
 *  - conditions: `search @@ tsquery` (GIN images_search_idx), `search_tags && {codes}`
 *    per filter dimension (GIN images_search_tags_idx), artist_id (btree), published;
 *  - a page: the ids of one page, sorted (newest: images_published_created_idx /
 *    images_created_idx; popular: images_popular_idx), then the page's rows by id;
 *  - counts and facets: per result set, `limit cap + 1` rows of search_tags, counted and
 *    unnested in the same statement (a set within the cap is counted exactly);
 *  - estimates beyond the cap: the planner's row estimate (EXPLAIN, no execution).
 */

/** A search, resolved to ids and tag codes: what the SQL needs. */
export interface SearchCriteria {
  /** PostgreSQL's text of the query's tsquery; '' when there is no text to match. */
  tsquery: string;
  /** Images of these artists only (a quoted artist name). */
  artistIds: number[] | null;
  /** Images of these artists only (royalty_code filter). */
  royaltyArtistIds: number[] | null;
  /** These images only (a local id). */
  imageIds: number[] | null;
  /** Never these images (related images leave out the image itself). */
  excludeIds: number[];
  /** Staff see unpublished images too. */
  includeUnpublished: boolean;
  /** The api parameter: images must have one of these source tags. */
  scope: number[] | null;
  /** Per filter dimension, the tags an image must have one of. */
  filters: Partial<Record<SearchFacet, number[]>>;
  /** Nothing can match (a favourites filter before favourites exist). */
  nothing: boolean;
}

export interface PreparedQuery {
  tsquery: string;
  artistIds: number[] | null;
  imageIds: number[] | null;
  royaltyArtistIds: number[] | null;
  /** The catalogue's search epoch (migration 0004): part of every cache key. */
  epoch: string;
}

export interface CountedSet {
  /** The facet dimension left out of this set's conditions; null for the full search. */
  dimension: SearchFacet | null;
  /** Rows counted: at most cap + 1. */
  size: number;
  /** More than `cap` rows match: `size` and the tag counts are a sample. */
  partial: boolean;
  /** Tag code → rows of the sample that have it. */
  tags: Map<number, number>;
}

export interface PageRequest {
  sort: SearchSort;
  limit: number;
  offset: number;
  rankCandidates: number;
  /** Read each result's keywords too (for related keywords). */
  keywords?: boolean;
}

export interface SearchRepository {
  /** The query's tsquery text, matched artists / local ids, royalty codes' artists, epoch. */
  prepare(parsed: ParsedQuery, royaltyCodes: readonly string[]): Promise<PreparedQuery>;
  /** One page of results, in order. */
  page(criteria: SearchCriteria, page: PageRequest): Promise<SearchCardRow[]>;
  /**
   * The full result set and, for each dimension in `dimensions`, the set without that
   * dimension's filter: counted up to `cap` + 1 rows, with the tags of those rows.
   */
  count(
    criteria: SearchCriteria,
    dimensions: readonly SearchFacet[],
    cap: number,
    tagRanges: Record<SearchFacet, [number, number]>,
  ): Promise<CountedSet[]>;
  /** The planner's estimate of a result set's size (without `omit`'s filter). */
  estimate(criteria: SearchCriteria, omit: SearchFacet | null): Promise<number>;
  /** Images by id (with their keywords), in id order. */
  byIds(ids: readonly number[], includeUnpublished: boolean): Promise<SearchCardRow[]>;
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

/** The WHERE clause of a search, optionally without one dimension's filter. */
export function searchConditions(
  c: SearchCriteria,
  omit: SearchFacet | null = null,
): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [];
  if (c.nothing) parts.push(sql`false`);
  if (!c.includeUnpublished) parts.push(sql`images.published`);
  if (c.tsquery) parts.push(sql`images.search @@ ${c.tsquery}::tsquery`);
  if (c.artistIds) parts.push(sql`images.artist_id = any(${c.artistIds}::int[])`);
  if (c.royaltyArtistIds) parts.push(sql`images.artist_id = any(${c.royaltyArtistIds}::int[])`);
  if (c.imageIds) parts.push(sql`images.id = any(${c.imageIds}::int[])`);
  if (c.excludeIds.length > 0) parts.push(sql`images.id <> all(${c.excludeIds}::int[])`);
  if (c.scope) parts.push(sql`images.search_tags && ${c.scope}::int2[]`);
  for (const [dimension, codes] of Object.entries(c.filters)) {
    if (dimension !== omit && codes) parts.push(sql`images.search_tags && ${codes}::int2[]`);
  }
  return parts.length > 0 ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : sql<SqlBool>`true`;
}

/** The SQL of one page's ids, in order (exported for the benchmark's query plans). */
export function pageIdsQuery(
  c: SearchCriteria,
  { sort, limit, offset, rankCandidates }: PageRequest,
): RawBuilder<{ id: number }> {
  const where = searchConditions(c);
  if (sort === 'best_match' && c.tsquery) {
    // Relevance among the `rankCandidates` most popular matches (all of them when there
    // are fewer), then the other matches by popularity: ranking every match of a common
    // word would read all of them.
    const candidates = Math.max(rankCandidates, offset + limit);
    return sql<{ id: number }>`
      select r.id from (
        select p.id, p.popularity, p.created,
          case when p.n <= ${rankCandidates} then ts_rank_cd(p.search, ${c.tsquery}::tsquery)
               else -1 end as rank
        from (
          select q.*, row_number() over () as n from (
            select images.id, images.popularity, images.created, images.search
            from images where ${where}
            order by images.popularity desc, images.created desc, images.id desc
            limit ${candidates}
          ) q
        ) p
      ) r
      order by r.rank desc, r.popularity desc, r.created desc, r.id desc
      limit ${limit} offset ${offset}`;
  }
  const order =
    sort === 'popular'
      ? sql`images.popularity desc, images.created desc, images.id desc`
      : sql`images.created desc, images.id desc`;
  return sql<{ id: number }>`
    select images.id from images where ${where} order by ${order} limit ${limit} offset ${offset}`;
}

/** The SQL of counts and facet samples (exported for the benchmark's query plans). */
export function countQuery(
  c: SearchCriteria,
  dimensions: readonly SearchFacet[],
  cap: number,
  tagRanges: Record<SearchFacet, [number, number]>,
): RawBuilder<{ set: number; tag: number | null; n: number }> {
  const sets = [null, ...dimensions];
  const ctes = sets.map(
    (dimension, i) => sql`${sql.id(`s${i}`)} as materialized (
      select images.search_tags from images where ${searchConditions(c, dimension)}
      limit ${cap + 1})`,
  );
  const selects = sets.map((dimension, i) => {
    const set = sql.id(`s${i}`);
    const range = dimension ? tagRanges[dimension] : null;
    return sql`select ${sql.lit(i)}::int as set, null::int as tag, count(*)::int as n from ${set}
      union all
      select ${sql.lit(i)}::int, t::int, count(*)::int from ${set}, unnest(${set}.search_tags) t
      ${range ? sql`where t between ${sql.lit(range[0])} and ${sql.lit(range[1])}` : sql``}
      group by t`;
  });
  return sql`with ${sql.join(ctes)} ${sql.join(selects, sql` union all `)}`;
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

interface ExplainRow {
  'QUERY PLAN': unknown;
}

export function createSearchRepository(db: Kysely<DB>): SearchRepository {
  return {
    async prepare(parsed, royaltyCodes) {
      const tsquery = tsqueryExpression(parsed);
      const row = (
        await sql<{
          tsquery: string;
          artist_ids: number[] | null;
          image_ids: number[] | null;
          royalty_artist_ids: number[] | null;
          epoch: string | number;
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
              parsed.single
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
            } as royalty_artist_ids,
            (select last_value from search_epoch)::text as epoch`.execute(db)
      ).rows[0];
      if (!row) throw new Error('search prepare returned no row');
      return {
        tsquery: row.tsquery,
        artistIds: row.artist_ids,
        imageIds: row.image_ids,
        royaltyArtistIds: row.royalty_artist_ids,
        epoch: String(row.epoch),
      };
    },

    async page(criteria, page) {
      const ids = pageIdsQuery(criteria, page);
      const result = await sql<SearchCardRow>`
        select ${cardColumns(page.keywords ?? false)}
        from (select o.id, row_number() over () as ord from (${ids}) o) page
        join images on images.id = page.id
        join artists on artists.id = images.artist_id
        order by page.ord`.execute(db);
      return result.rows;
    },

    async count(criteria, dimensions, cap, tagRanges) {
      const rows = (await countQuery(criteria, dimensions, cap, tagRanges).execute(db)).rows;
      const sets: CountedSet[] = [null, ...dimensions].map((dimension) => ({
        dimension,
        size: 0,
        partial: false,
        tags: new Map(),
      }));
      for (const row of rows) {
        const set = sets[Number(row.set)];
        if (!set) continue;
        if (row.tag === null) {
          set.size = Number(row.n);
          set.partial = set.size > cap;
        } else {
          set.tags.set(Number(row.tag), Number(row.n));
        }
      }
      return sets;
    },

    async estimate(criteria, omit) {
      const result = await sql<ExplainRow>`
        explain (format json) select 1 from images where ${searchConditions(criteria, omit)}`.execute(
        db,
      );
      let plan = result.rows[0]?.['QUERY PLAN'];
      if (typeof plan === 'string') plan = JSON.parse(plan) as unknown;
      const rows = (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.[
        'Plan Rows'
      ];
      return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
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
  };
}
