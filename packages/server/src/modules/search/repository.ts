import type { SearchFacet, SearchSort } from '@atelier/contracts';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema';
import type { Viewer } from '../../plugins/viewer';
import type { SearchCardRow } from './card';
import type { ParsedQuery, SearchTerm } from './query';

/**
 * The search's SQL. Every user value reaches PostgreSQL as a bound parameter; the text
 * query is built from our tokenizer's terms with plainto_/phraseto_tsquery (query.ts).
 *
 * Query shapes, and the indexes they are meant for (migrations 0001, 0004):
 *  - conditions: the words and the selective filters as one tsquery on `search ||
 *    search_tags` (GIN images_search_idx), broad filters on the rows found, artist_id
 *    (btree), published;
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
  /**
   * The images of this collection only (artcollection): a semi-join on the primary key
   * (collection_id, image_id). `version` is the collection's `modified`, so that cached
   * counts (keyed by the criteria) never outlive a change of its contents.
   */
  collection?: { id: number; version: string } | null;
  /** Never these images (related images leave out the image itself). */
  excludeIds: number[];
  /** Staff see unpublished images too. */
  includeUnpublished: boolean;
  /** The api parameter: images must have one of these source tags. */
  scope: number[] | null;
  /** Per filter dimension, the tags an image must have one of. */
  filters: Partial<Record<SearchFacet, number[]>>;
  /** Nothing can match. */
  nothing: boolean;
  /**
   * This user's favourites only (the favorites filter): a semi-join on the favourites
   * primary key (user_id, image_id), so only that user's rows are read.
   */
  favoritesOf?: number | null;
  /**
   * Filter dimensions worth the GIN index (selective ones); the others are checked on the
   * rows found another way. Reading the posting lists of a tag on a third of the catalogue
   * costs more than it saves. Absent: every filter may use the index.
   */
  indexed?: SearchFacet[];
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
  /**
   * The result set is known to be small (counted within the cap): find it through the
   * indexes of its conditions and sort it, rather than walk a sort index hoping to meet
   * matches soon (the planner's independence guess fails on correlated conditions).
   */
  small?: boolean;
  /**
   * With `small`, for a set only estimated to be small: read at most this many matches; if
   * there are that many (the estimate was low), walk `overflowWalk` rows instead.
   */
  smallLimit?: number;
  overflowWalk?: number;
  /**
   * A large set: walk at most this many rows of the sort's index for the page; when they
   * hold too few matches (the matches are rarer than they seemed), sort the whole set.
   */
  walk?: number;
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
  /** Share of images having each tag, from the planner's statistics (empty before ANALYZE). */
  tagFrequencies(): Promise<Map<number, number>>;
  /** Images by id (with their keywords), in id order. */
  byIds(ids: readonly number[], includeUnpublished: boolean): Promise<SearchCardRow[]>;
  /**
   * The `modified` (as text) of a collection the viewer may see (SPEC §6: staff all, others
   * the public ones and their own); null when there is no such collection.
   */
  collectionVersion(id: number, viewer: Viewer): Promise<string | null>;
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

/** Tags as a tsquery: any of each group's tags, all groups: ('~704' | '~705') & '~403'. */
export function tagsTsquery(groups: readonly (readonly number[])[]): string {
  return groups
    .filter((codes) => codes.length > 0)
    .map((codes) => `(${codes.map((code) => `'~${Math.trunc(code)}'`).join(' | ')})`)
    .join(' & ');
}

/** The WHERE clause of a search, optionally without one dimension's filter. */
export function searchConditions(
  c: SearchCriteria,
  omit: SearchFacet | null = null,
): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [];
  if (c.nothing) parts.push(sql`false`);
  if (!c.includeUnpublished) parts.push(sql`images.published`);
  const indexed: number[][] = [];
  const checked: number[][] = [];
  for (const [dimension, codes] of Object.entries(c.filters) as [SearchFacet, number[]][]) {
    if (dimension === omit || !codes) continue;
    (!c.indexed || c.indexed.includes(dimension) ? indexed : checked).push(codes);
  }
  // The api scope goes with the indexed filters when there are any (or words).
  if (c.scope) (c.tsquery || indexed.length > 0 ? indexed : checked).push(c.scope);
  // The words and the selective filters: one condition on the GIN index's expression.
  const tags = tagsTsquery(indexed);
  if (c.tsquery && tags) {
    parts.push(
      sql`(images.search || images.search_tags) @@ (${c.tsquery}::tsquery && ${tags}::tsquery)`,
    );
  } else if (c.tsquery || tags) {
    parts.push(sql`(images.search || images.search_tags) @@ ${c.tsquery || tags}::tsquery`);
  }
  // Broad filters: checked on each row found (not the index's expression).
  const broad = tagsTsquery(checked);
  if (broad) parts.push(sql`images.search_tags @@ ${broad}::tsquery`);
  if (c.artistIds) parts.push(sql`images.artist_id = any(${c.artistIds}::int[])`);
  if (c.royaltyArtistIds) parts.push(sql`images.artist_id = any(${c.royaltyArtistIds}::int[])`);
  if (c.imageIds) parts.push(sql`images.id = any(${c.imageIds}::int[])`);
  if (c.favoritesOf !== undefined && c.favoritesOf !== null) {
    parts.push(
      sql`exists (select 1 from favourites where favourites.user_id = ${c.favoritesOf}::int and favourites.image_id = images.id)`,
    );
  }
  if (c.collection) {
    parts.push(sql`exists (select 1 from collection_images
      where collection_images.collection_id = ${c.collection.id}::int
        and collection_images.image_id = images.id)`);
  }
  if (c.excludeIds.length > 0) parts.push(sql`images.id <> all(${c.excludeIds}::int[])`);
  return parts.length > 0 ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : sql<SqlBool>`true`;
}

/** The sort's keys on a relation `t`: newest, or popular (best_match picks by popularity). */
function sortKeys(sort: SearchSort, t: string): RawBuilder<unknown> {
  const r = sql.ref(t);
  return sort === 'newest'
    ? sql`${r}.created desc, ${r}.id desc`
    : sql`${r}.popularity desc, ${r}.created desc, ${r}.id desc`;
}

/**
 * The SQL of one page's ids, in order (exported for the benchmark's query plans), with
 * `found`: for best_match, how many candidates were ranked.
 */
export function pageIdsQuery(
  c: SearchCriteria,
  { sort, limit, offset, rankCandidates, small = false, smallLimit, walk }: PageRequest,
): RawBuilder<{ id: number; found: number }> {
  const where = searchConditions(c);
  const bestMatch = sort === 'best_match' && c.tsquery !== '';
  if (small) {
    const order = bestMatch ? sql`m.rank desc, ${sortKeys('popular', 'm')}` : sortKeys(sort, 'm');
    // best_match: the same definition as below (relevance among the rankCandidates most
    // popular matches), over the whole (small) set. `found`: the matches read.
    return sql<{ id: number; found: number }>`
      with m0 as materialized (
        select images.id, images.created, images.popularity
          ${bestMatch ? sql`, images.search` : sql``}
        from images where ${where}
        ${smallLimit ? sql`limit ${smallLimit}` : sql``}),
      m as (
        select m0.id, m0.created, m0.popularity
          ${
            bestMatch
              ? sql`, case when row_number() over (order by ${sortKeys('popular', 'm0')})
                      <= ${rankCandidates} then ts_rank_cd(m0.search, ${c.tsquery}::tsquery)
                      else -1 end as rank`
              : sql``
          }
        from m0)
      select m.id, (select count(*) from m0)::int as found
      from m order by ${order} limit ${limit} offset ${offset}`;
  }
  // A bounded walk: only the first `walk` rows in the sort's order are looked at (the
  // caller falls back to the whole set when they hold too few matches).
  const source = walk
    ? sql`(select images.id, images.published, images.created, images.popularity,
          images.search, images.search_tags, images.artist_id
        from images ${c.includeUnpublished ? sql`` : sql`where images.published`}
        order by ${sortKeys(sort, 'images')} limit ${walk}) images`
    : sql`images`;
  if (bestMatch) {
    // Relevance among the `rankCandidates` most popular matches (all of them when there
    // are fewer), then the other matches by popularity: ranking every match of a common
    // word would read all of them.
    const candidates = Math.max(rankCandidates, offset + limit);
    return sql<{ id: number; found: number }>`
      select r.id, r.found from (
        select p.id, p.popularity, p.created, p.found,
          case when p.n <= ${rankCandidates} then ts_rank_cd(p.search, ${c.tsquery}::tsquery)
               else -1 end as rank
        from (
          select q.*, row_number() over () as n, count(*) over () as found from (
            select images.id, images.popularity, images.created, images.search
            from ${source} where ${where}
            order by ${sortKeys('popular', 'images')}
            limit ${candidates}
          ) q
        ) p
      ) r
      order by r.rank desc, r.popularity desc, r.created desc, r.id desc
      limit ${limit} offset ${offset}`;
  }
  return sql<{ id: number; found: number }>`
    select images.id, 0 as found from ${source} where ${where}
    order by ${sortKeys(sort, 'images')} limit ${limit} offset ${offset}`;
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
      select ${sql.lit(i)}::int, t.code, count(*)::int
      from ${set}, lateral (
        select substr(lexeme, 2)::int as code from unnest(tsvector_to_array(${set}.search_tags)) lexeme
      ) t
      ${range ? sql`where t.code between ${sql.lit(range[0])} and ${sql.lit(range[1])}` : sql``}
      group by t.code`;
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
      const run = async (request: PageRequest) =>
        (
          await sql<SearchCardRow & { found: number }>`
            select ${cardColumns(request.keywords ?? false)}, page.found
            from (
              select o.id, o.found, row_number() over () as ord
              from (${pageIdsQuery(criteria, request)}) o
            ) page
            join images on images.id = page.id
            join artists on artists.id = images.artist_id
            order by page.ord`.execute(db)
        ).rows;
      if (page.small) {
        const rows = await run(page);
        const { smallLimit, overflowWalk } = page;
        const overflow =
          smallLimit !== undefined &&
          (Number(rows[0]?.found ?? 0) >= smallLimit ||
            (rows.length < page.limit && page.offset + page.limit > smallLimit));
        if (!overflow || !overflowWalk) return rows;
        page = { ...page, small: false, smallLimit: undefined, walk: overflowWalk };
      }
      if (!page.walk) return run(page);
      const rows = await run(page);
      // The walk met enough matches: as many candidates as best_match ranks (or as the
      // page needs), or a full page.
      const complete =
        page.sort === 'best_match' && criteria.tsquery
          ? Number(rows[0]?.found ?? 0) >= Math.max(page.rankCandidates, page.offset + page.limit)
          : rows.length === page.limit;
      return complete ? rows : run({ ...page, walk: undefined, small: true });
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

    async tagFrequencies() {
      const result = await sql<{ elems: string[] | null; freqs: number[] | null }>`
        select most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
        from pg_stats
        where schemaname = current_schema() and tablename = 'images' and attname = 'search_tags'`.execute(
        db,
      );
      const frequencies = new Map<number, number>();
      const row = result.rows[0];
      if (!row || !Array.isArray(row.elems) || !row.freqs) return frequencies;
      row.elems.forEach((lexeme, i) => {
        const freq = row.freqs?.[i];
        if (/^~\d+$/.test(lexeme) && typeof freq === 'number') {
          frequencies.set(Number(lexeme.slice(1)), freq);
        }
      });
      return frequencies;
    },

    async collectionVersion(id, viewer) {
      const visible = viewer.isStaff
        ? sql``
        : viewer.userId === null
          ? sql`and public`
          : sql`and (public or owner_id = ${viewer.userId}::int)`;
      const result = await sql<{ version: string }>`
        select modified::text as version from collections
        where id = ${id}::int ${visible}`.execute(db);
      return result.rows[0]?.version ?? null;
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
