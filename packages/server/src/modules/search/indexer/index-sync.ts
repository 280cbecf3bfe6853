import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { CatalogueIndex, type IndexRow } from '../engine/catalogue-index';
import { FACET_EXACT_UP_TO, FACET_SAMPLE } from '../engine/sample-masks';
import { INDEXED_ROW_SQL, type IndexedRow } from './followed-columns';
import { tagsOf } from './tags';

/**
 * Keeps a CatalogueIndex in step with PostgreSQL (migration 0007). The index is built from
 * one consistent snapshot; afterwards each search first reads the rows written by the
 * transactions that snapshot could not see: those still running then (its xip list) and
 * those started after (ids from its xmax). A transaction that committed before it was
 * seen whole. The read is an index probe that finds nothing while the catalogue is quiet,
 * and a search never misses a committed change: read-your-writes, across replicas.
 *
 * The change count (change-feed.ts) spares even the probe: while it stands still no
 * notification of migration 0008 arrived, so nothing the index follows has changed. A write
 * of this process moves it before the write is reported done, so its own writes are always
 * seen; another process's, once its notification arrives (a fraction of a millisecond
 * after its commit).
 */

const BUILD_BATCH = 20_000;

/**
 * A full garbage collection, now. A build leaves its garbage (rows, their JSON, the
 * vocabulary's scratch) in the old generation: about 100 MB at a million images, which the
 * first major collection after it reclaims. Left to itself, that collection came while the
 * process served its first searches: on a worker of the search benchmark (load ≈ 17), a
 * 112 ms pause and 290 ms of marking steps (the largest 68 ms) amid the first pass, every
 * search in flight on that worker waiting. Collected before serving, the next major
 * collection is a whole heap's growth away. `gc` reached as jest's leak detector does,
 * without starting node with --expose-gc.
 */
export function collectGarbage(): void {
  const hidden = (globalThis as { gc?: unknown }).gc === undefined;
  if (hidden) setFlagsFromString('--expose-gc');
  try {
    (runInNewContext('gc') as () => void)();
  } finally {
    if (hidden) setFlagsFromString('--no-expose-gc');
  }
}

/**
 * Builds of fewer images leave a few megabytes (a full collection would cost more than it
 * spares, and tests build small indexes many times).
 */
export const COLLECT_AFTER_BUILDS_OF = 50_000;

/** Transactions from `xmax` on, and those `running` at the snapshot, as xid8 text. */
interface Unseen {
  xmax: string;
  running: string[];
}

/** The Unseen of the statement's snapshot, as two columns. */
const snapshotColumns = sql`pg_snapshot_xmax(pg_current_snapshot())::text as xmax,
  array(select pg_snapshot_xip(pg_current_snapshot())::text) as running`;

function toRow(raw: IndexedRow): IndexRow {
  return {
    id: Number(raw.id),
    localId: raw.local_id ?? '',
    created: Number(raw.created),
    popularity: Number(raw.popularity),
    published: Boolean(raw.published),
    artist_id: Number(raw.artist_id),
    tags: tagsOf(raw),
    search: raw.search ?? '',
  };
}

/** An artist as a catch-up reads it (new, renamed or given another royalty code). */
interface ArtistRow {
  id: number;
  name: string;
  royalty_code: string;
  /** The words of the name (accents folded), as tsvector text. */
  search: string;
}

/** An artist's name as searchable words (the `artists` row is in scope). */
export const ARTIST_SEARCH = sql`to_tsvector('english', atelier_unaccent(artists.name))::text`;

/**
 * What the index took in: `'all'` when a build starts (everything is read again: the rows
 * follow, in id order), else the rows read (new or changed images), the images removed and
 * the artists read (new, renamed or given another royalty code).
 */
export type IndexChange =
  | { rows: readonly IndexedRow[]; removed: readonly number[]; artists: readonly ArtistRow[] }
  | 'all';

export interface IndexSyncStats {
  builds: number;
  /** Catch-up queries (each reads what the index may not have seen). */
  catchUps: number;
  syncs: number;
  rowsApplied: number;
  lastBuildMs: number;
}

export class IndexSync {
  private current: CatalogueIndex | null = null;
  /** The transactions whose writes the index may not have read (a snapshot's view). */
  private unseen: Unseen = { xmax: '0', running: [] };
  private running: Promise<CatalogueIndex> | null = null;
  private queued: Promise<CatalogueIndex> | null = null;
  readonly stats: IndexSyncStats = {
    builds: 0,
    catchUps: 0,
    syncs: 0,
    rowsApplied: 0,
    lastBuildMs: 0,
  };
  private readonly listeners: ((change: IndexChange) => void)[] = [];

  /** The change count when the index last caught up (see the constructor). */
  private changesSeen = -1;
  /** Run inside a build's transaction: reads made there see the index's snapshot. */
  private readonly builders: ((trx: Kysely<DB>, index: CatalogueIndex) => Promise<void>)[] = [];

  /**
   * `changes`: the change count (change-feed.ts); while it stands still, no catch-up query
   * is needed. -1 (or none): every catch-up queries.
   */
  constructor(
    private readonly db: Kysely<DB>,
    private readonly changes?: () => number,
  ) {}

  /** Calls `listener` with what each catch-up changed, before the index is answered. */
  onChange(listener: (change: IndexChange) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Calls `builder` at the end of each build (every row read, before the index prepares its
   * orders, words and samples), inside its transaction: what it reads is of the same
   * snapshot as the index, so the catch-ups after the build cover it too.
   */
  onBuild(builder: (trx: Kysely<DB>, index: CatalogueIndex) => Promise<void>): void {
    this.builders.push(builder);
  }

  private changed(change: IndexChange): void {
    for (const listener of this.listeners) listener(change);
  }

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
    // Read before the query: a change during it is caught up on next time.
    const changes = this.changes?.() ?? -1;
    if (this.current && changes >= 0 && changes === this.changesSeen) return this.current;
    const index = await this.readChanges();
    this.changesSeen = changes;
    return index;
  }

  private async readChanges(): Promise<CatalogueIndex> {
    if (!this.current) return this.build();
    this.stats.catchUps += 1;
    const { xmax, running } = this.unseen;
    const unseen = sql`(search_xid >= ${xmax}::xid8 or search_xid = any(${running}::xid8[]))`;
    const changes = await sql<{
      xmax: string;
      running: string[] | null;
      rows: IndexedRow[] | string | null;
      removed: number[] | null;
      artists: ArtistRow[] | string | null;
      truncated: boolean;
    }>`
      select ${snapshotColumns},
        (select json_agg(c) from (
          select ${INDEXED_ROW_SQL} from images r where ${unseen}) c) as rows,
        (select array_agg(image_id) from search_removals
          where ${unseen} and image_id is not null) as removed,
        (select json_agg(json_build_object('id', id, 'name', name, 'royalty_code', royalty_code,
            'search', ${ARTIST_SEARCH}))
          from artists where ${unseen}) as artists,
        exists (select 1 from search_removals where ${unseen} and image_id is null) as truncated`.execute(
      this.db,
    );
    const row = changes.rows[0];
    if (!row) throw new Error('search index: no answer to the change query');
    if (row.truncated) return this.build();
    const raw = (
      typeof row.rows === 'string' ? (JSON.parse(row.rows) as IndexedRow[]) : row.rows
    )?.map((changed) => ({ ...changed, id: Number(changed.id) }));
    const rows = (raw ?? []).map(toRow);
    const removed = (row.removed ?? []).map(Number);
    const artists = (
      typeof row.artists === 'string'
        ? (JSON.parse(row.artists) as ArtistRow[])
        : (row.artists ?? [])
    ).map((artist) => ({ ...artist, id: Number(artist.id) }));
    if (artists.length > 0) this.current.setArtists(artists);
    if (rows.length > 0 || removed.length > 0) {
      this.current.apply(rows, removed);
      this.current.prepareOrders();
      this.stats.syncs += 1;
      this.stats.rowsApplied += rows.length + removed.length;
    }
    if (raw || removed.length > 0 || artists.length > 0) {
      this.changed({ rows: raw ?? [], removed, artists });
    }
    this.unseen = { xmax: row.xmax, running: row.running ?? [] };
    return this.current;
  }

  /** Reads the whole catalogue from one snapshot (REPEATABLE READ), in id order. */
  private async build(): Promise<CatalogueIndex> {
    const started = performance.now();
    this.changed('all');
    // PostgreSQL loads a text search dictionary on its first use in a session (a second
    // on PGlite): done here, before listening, rather than by the first search.
    await sql`select plainto_tsquery('english', 'prints') as warm`.execute(this.db);
    const { index, unseen } = await this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const head = await sql<{ xmax: string; running: string[] | null; images: number }>`
          select ${snapshotColumns}, (select count(*) from images)::int as images`.execute(trx);
        const first = head.rows[0];
        if (!first) throw new Error('search index: no snapshot');
        const unseen: Unseen = { xmax: first.xmax, running: first.running ?? [] };
        const images = Number(first.images);
        const index = new CatalogueIndex(Math.ceil(images * 1.1) + 64);
        let after = 0;
        for (;;) {
          const batch = await sql<IndexedRow>`
            select ${INDEXED_ROW_SQL} from images r where r.id > ${after}::int
            order by r.id limit ${BUILD_BATCH}`.execute(trx);
          if (batch.rows.length === 0) break;
          index.apply(batch.rows.map(toRow));
          this.changed({ rows: batch.rows, removed: [], artists: [] });
          after = Number(batch.rows[batch.rows.length - 1]?.id);
          if (batch.rows.length < BUILD_BATCH) break;
        }
        // The builders first: they set artists' names, which moves setsVersion, and the
        // packed samples made before that were stale from the start (every first count of
        // a large set then read its slots in place, a cache miss each at a million images).
        for (const builder of this.builders) await builder(trx, index);
        index.prepareOrders();
        index.prepareWords();
        index.preparePackedSamples(FACET_SAMPLE, FACET_EXACT_UP_TO);
        return { index, unseen };
      });
    this.current = index;
    this.unseen = unseen;
    if (index.size >= COLLECT_AFTER_BUILDS_OF) collectGarbage();
    this.stats.builds += 1;
    this.stats.lastBuildMs = performance.now() - started;
    return index;
  }
}
