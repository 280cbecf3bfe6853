import { randomBytes } from 'node:crypto';
import { mkdir, rm, rmdir } from 'node:fs/promises';
import { cpus } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createPlanner, type CataloguePlanner, type ImagePlan, type PlanOptions } from './plan';
import { renderMaster } from './render';

/** A line of a catalogue import: its line number and the record. */
export interface DemoImportLine {
  line: number;
  value: DemoRecord;
}

/** What the generator asks of the import. */
export interface DemoImportOptions {
  mediaDir: string;
  /** The staging directory the lines' `file`s are relative to. */
  baseDir: string;
  /** Move the files into MEDIA_DIR (true) or copy them. */
  move: boolean;
  batchSize: number;
  concurrency: number;
}

/**
 * The server's catalogue import (`importLines` of its catalogue-import module), handed in by
 * the caller: this package never imports the server, which depends on it for its tests.
 */
export type ImportDemoLines<D> = (
  db: Kysely<D>,
  lines: DemoImportLine[],
  options: DemoImportOptions,
) => Promise<{ inserted: number; rejected: { line: number; reason: string }[] }>;

export interface GenerateOptions extends PlanOptions {
  /** How many images to generate. */
  count: number;
  /** Index of the first image (to extend an existing demo catalogue). Default 0. */
  start?: number;
  /** Size of the whole catalogue, which sets the number of artists. Default start + count. */
  total?: number;
  mediaDir: string;
  /** Images planned, drawn and imported per batch. Default 50. */
  batchSize?: number;
  /** Pictures drawn at the same time. Default twice the CPU count, at least 2. */
  concurrency?: number;
  onProgress?: (done: number, count: number) => void;
}

export interface GenerateResult {
  /** Image rows inserted (existing (source, local_id) pairs are skipped). */
  images: number;
  /** Distinct artists of the inserted images. */
  artists: number;
  /** Master pictures drawn. */
  pictures: number;
  /** Bytes of the masters drawn. */
  bytes: number;
  ms: number;
}

/**
 * The import record of a planned image: the same JSON Lines format staff and partners use
 * (tools/demo checks at compile time that it is one).
 */
export interface DemoRecord extends Pick<
  ImagePlan,
  | 'source'
  | 'local_id'
  | 'title'
  | 'caption'
  | 'keywords'
  | 'image_type'
  | 'people'
  | 'price'
  | 'published'
  | 'static_sets'
  | 'popularity'
> {
  artist: {
    name: string;
    royalty_code: string;
    gaa_artist: boolean;
    active: boolean;
    created: string;
  };
  created: string;
  updated: string;
  dimensions: { width: number; height: number };
  file: string;
}

function demoRecord(planner: CataloguePlanner, plan: ImagePlan, file: string): DemoRecord {
  const artist = planner.artist(plan.artistIndex);
  return {
    source: plan.source,
    local_id: plan.local_id,
    title: plan.title,
    caption: plan.caption,
    artist: {
      name: artist.name,
      royalty_code: artist.royalty_code,
      gaa_artist: artist.gaa_artist,
      active: artist.active,
      created: artist.created.toISOString(),
    },
    keywords: plan.keywords,
    image_type: plan.image_type,
    people: plan.people,
    price: plan.price,
    published: plan.published,
    created: plan.created.toISOString(),
    updated: plan.updated.toISOString(),
    dimensions: { width: plan.picture.width, height: plan.picture.height },
    static_sets: plan.static_sets,
    popularity: plan.popularity,
    file,
  };
}

/** Runs `fn` over `items`, at most `limit` at a time (the import's own is the server's). */
async function mapLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Generates demo images through the catalogue import, batch by batch: plan the metadata,
 * draw each master picture (a real JPEG of the planned pixels) into a staging directory,
 * then import the records like any JSON Lines import, which checks the files, measures
 * the colours, writes master and thumbnail into MEDIA_DIR and inserts the rows.
 * Deterministic for a given seed and `now`; safe to re-run (existing images are skipped
 * before anything is drawn).
 */
export async function generateCatalogue<D>(
  db: Kysely<D>,
  options: GenerateOptions & { importLines: ImportDemoLines<D> },
): Promise<GenerateResult> {
  const started = performance.now();
  const start = options.start ?? 0;
  const total = options.total ?? start + options.count;
  const batchSize = Math.max(1, options.batchSize ?? 50);
  const concurrency = Math.max(1, options.concurrency ?? Math.max(2, cpus().length * 2));
  const planner = createPlanner(options);
  const pooled = options.picturePool !== undefined;
  const result: GenerateResult = { images: 0, artists: 0, pictures: 0, bytes: 0, ms: 0 };
  const artists = new Set<number>();
  // Inside MEDIA_DIR, so that moving a drawn master into place is a rename.
  const staging = path.join(
    options.mediaDir,
    '.incoming',
    `${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  await mkdir(staging, { recursive: true });
  const drawn = new Map<number, string>();

  try {
    for (let offset = 0; offset < options.count; offset += batchSize) {
      const plans: ImagePlan[] = [];
      for (let i = offset; i < Math.min(options.count, offset + batchSize); i++) {
        plans.push(planner.image(start + i, total));
      }

      // Rows that exist already (a re-run, a resumed first start) are not drawn again.
      const existing = await sql<{ source: string; local_id: string }>`
        select source, local_id from images
        where (source, local_id) in (${sql.join(plans.map((p) => sql`(${p.source}, ${p.local_id})`))})
      `.execute(db);
      const known = new Set(existing.rows.map((row) => `${row.source}/${row.local_id}`));
      const fresh = plans.filter((p) => !known.has(`${p.source}/${p.local_id}`));

      const pictures = [...new Map(fresh.map((p) => [p.picture.index, p.picture])).values()];
      await mapLimit(
        pictures.filter((picture) => !drawn.has(picture.index)),
        concurrency,
        async (picture) => {
          const file = path.join(staging, `${picture.index}.jpg`);
          result.bytes += await renderMaster(picture, file);
          result.pictures += 1;
          drawn.set(picture.index, file);
        },
      );

      if (fresh.length > 0) {
        const lines: DemoImportLine[] = fresh.map((plan) => ({
          line: plan.index + 1,
          value: demoRecord(planner, plan, drawn.get(plan.picture.index) as string),
        }));
        // Pooled pictures serve several images: copy them; otherwise move them into place.
        const report = await options.importLines(db, lines, {
          mediaDir: options.mediaDir,
          baseDir: staging,
          move: !pooled,
          batchSize,
          concurrency,
        });
        if (report.rejected.length > 0) {
          const { line, reason } = report.rejected[0] as { line: number; reason: string };
          throw new Error(`demo image ${line - 1} was rejected by the import: ${reason}`);
        }
        result.images += report.inserted;
        for (const plan of fresh) artists.add(plan.artistIndex);
        if (!pooled) for (const plan of fresh) drawn.delete(plan.picture.index);
      }
      options.onProgress?.(Math.min(options.count, offset + batchSize), options.count);
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
    // Another generator may be using it still; then it is not empty and stays.
    await rmdir(path.dirname(staging)).catch(() => undefined);
  }

  result.artists = artists.size;
  result.ms = Math.round(performance.now() - started);
  return result;
}
