import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { CatalogueIndex, type IndexRow } from './catalogue-index';

/**
 * Keeps a CatalogueIndex in step with PostgreSQL (migration 0007). The index is built from
 * one consistent snapshot; afterwards each search first reads what transactions at or after
 * the last snapshot's xmin wrote (an index probe that finds nothing while the catalogue is
 * quiet), so a search never misses a committed change: read-your-writes, across replicas.
 */

interface RawRow {
  id: number;
  created: number | string;
  popularity: number;
  published: boolean;
  artist_id: number;
  tags: string[] | null;
  search: string;
}

const BUILD_BATCH = 20_000;

/** The columns the index needs, as rows (`r` is the images row). */
const rowColumns = sql`r.id, (extract(epoch from r.created) * 1000000)::float8 as created,
  r.popularity, r.published, r.artist_id, tsvector_to_array(r.search_tags) as tags,
  r.search::text as search`;

function toRow(raw: RawRow): IndexRow {
  return {
    id: Number(raw.id),
    created: Number(raw.created),
    popularity: Number(raw.popularity),
    published: Boolean(raw.published),
    artist_id: Number(raw.artist_id),
    tags: (raw.tags ?? []).map((lexeme) => Number(lexeme.slice(1))).filter(Number.isInteger),
    search: raw.search ?? '',
  };
}

export interface IndexSyncStats {
  builds: number;
  syncs: number;
  rowsApplied: number;
  lastBuildMs: number;
}

export class IndexSync {
  private current: CatalogueIndex | null = null;
  /** Transactions at or after this may have written rows the index has not read. */
  private floor = '0';
  private running: Promise<CatalogueIndex> | null = null;
  private queued: Promise<CatalogueIndex> | null = null;
  readonly stats: IndexSyncStats = { builds: 0, syncs: 0, rowsApplied: 0, lastBuildMs: 0 };

  constructor(private readonly db: Kysely<DB>) {}

  /**
   * The index, with every change committed before this call. Concurrent callers share
   * reads: a caller arriving while one is under way waits for the next one, which starts
   * after it arrived.
   */
  fresh(): Promise<CatalogueIndex> {
    if (!this.running) {
      this.running = this.catchUp().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.fresh();
      });
    return this.queued;
  }

  private async catchUp(): Promise<CatalogueIndex> {
    if (!this.current) return this.build();
    const changes = await sql<{
      floor: string;
      rows: RawRow[] | string | null;
      removed: number[] | null;
      truncated: boolean;
    }>`
      select pg_snapshot_xmin(pg_current_snapshot())::text as floor,
        (select json_agg(c) from (
          select ${rowColumns} from images r where r.search_xid >= ${this.floor}::xid8) c) as rows,
        (select array_agg(image_id) from search_removals
          where search_xid >= ${this.floor}::xid8 and image_id is not null) as removed,
        exists (select 1 from search_removals
          where search_xid >= ${this.floor}::xid8 and image_id is null) as truncated`.execute(
      this.db,
    );
    const row = changes.rows[0];
    if (!row) throw new Error('search index: no answer to the change query');
    if (row.truncated) return this.build();
    const raw = typeof row.rows === 'string' ? (JSON.parse(row.rows) as RawRow[]) : row.rows;
    const rows = (raw ?? []).map(toRow);
    const removed = (row.removed ?? []).map(Number);
    if (rows.length > 0 || removed.length > 0) {
      this.current.apply(rows, removed);
      this.stats.syncs += 1;
      this.stats.rowsApplied += rows.length + removed.length;
    }
    this.floor = row.floor;
    return this.current;
  }

  /** Reads the whole catalogue from one snapshot (REPEATABLE READ), in id order. */
  private async build(): Promise<CatalogueIndex> {
    const started = performance.now();
    const { index, floor } = await this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const head = await sql<{ floor: string; images: number }>`
          select pg_snapshot_xmin(pg_current_snapshot())::text as floor,
            (select count(*) from images)::int as images`.execute(trx);
        const { floor, images } = head.rows[0] ?? { floor: '0', images: 0 };
        const index = new CatalogueIndex(Math.ceil(Number(images) * 1.1) + 64);
        let after = 0;
        for (;;) {
          const batch = await sql<RawRow>`
            select ${rowColumns} from images r where r.id > ${after}::int
            order by r.id limit ${BUILD_BATCH}`.execute(trx);
          if (batch.rows.length === 0) break;
          index.apply(batch.rows.map(toRow));
          after = Number(batch.rows[batch.rows.length - 1]?.id);
          if (batch.rows.length < BUILD_BATCH) break;
        }
        return { index, floor };
      });
    this.current = index;
    this.floor = floor;
    this.stats.builds += 1;
    this.stats.lastBuildMs = performance.now() - started;
    return index;
  }
}
