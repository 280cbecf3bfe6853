import type { SearchSort } from '@atelier/contracts';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema';
import { selectImages, type ImageRow } from '../images/repository';

/** Artists whose names match a query, at most: their images join the results. */
const MAX_ARTIST_MATCHES = 200;

export interface SearchQuery {
  /** Web-search syntax: words, "quoted phrases", `or`, -excluded. Empty: everything. */
  text: string;
  sort: SearchSort;
  limit: number;
  offset: number;
}

export interface SearchRepository {
  search(query: SearchQuery): Promise<{ rows: ImageRow[]; total: number }>;
}

export function createSearchRepository(db: Kysely<DB>): SearchRepository {
  return {
    async search({ text, sort, limit, offset }) {
      const tsquery = sql`websearch_to_tsquery('english', ${text})`;
      const conditions: Expression<SqlBool>[] = [sql<SqlBool>`images.published`];
      if (text) {
        // A quoted artist name is a valid query: match names apart (a small table), then
        // let the planner OR the GIN index with the artist_id index.
        const artists = await db
          .selectFrom('artists')
          .select('id')
          .where(
            sql<SqlBool>`to_tsvector('simple', name) @@ websearch_to_tsquery('simple', ${text})`,
          )
          .limit(MAX_ARTIST_MATCHES)
          .execute();
        const ids = artists.map((a) => a.id);
        conditions.push(
          ids.length > 0
            ? sql<SqlBool>`(images.search @@ ${tsquery} or images.artist_id in (${sql.join(ids)}))`
            : sql<SqlBool>`images.search @@ ${tsquery}`,
        );
      }
      const where = sql<SqlBool>`${sql.join(conditions, sql` and `)}`;

      let page = selectImages(db).where(where);
      if (sort === 'best_match' && text) {
        page = page.orderBy(sql`ts_rank_cd(images.search, ${tsquery})`, 'desc');
      } else if (sort === 'popular') {
        page = page.orderBy('images.popularity', 'desc');
      }
      page = page
        .orderBy('images.created', 'desc')
        .orderBy('images.id', 'desc')
        .limit(limit)
        .offset(offset);

      const [rows, count] = await Promise.all([
        page.execute(),
        db
          .selectFrom('images')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where(where)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.count) };
    },
  };
}
