import { access } from 'node:fs/promises';
import { cpus } from 'node:os';
import path from 'node:path';
import { substratesFor } from '@atelier/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { createPlanner, type ImagePlan, type PlanOptions } from './plan';
import { renderPicture } from './render';

export interface GenerateOptions extends PlanOptions {
  /** How many images to generate. */
  count: number;
  /** Index of the first image (to extend an existing demo catalogue). Default 0. */
  start?: number;
  /** Size of the whole catalogue, which sets the number of artists. Default start + count. */
  total?: number;
  mediaDir: string;
  /** Images planned, drawn and inserted per batch. Default 50. */
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
  /** Picture files drawn (master + thumbnail each). */
  pictures: number;
  bytes: number;
  ms: number;
}

/** Runs `fn` over `items` with at most `limit` calls in flight. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

const exists = (file: string): Promise<boolean> =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * Generates demo images (metadata, artists and real JPEG files) and inserts them, batch by
 * batch. Deterministic for a given seed and `now`; safe to re-run (rows that exist are
 * skipped, artists are matched by royalty code).
 */
export async function generateCatalogue(
  db: Kysely<DB>,
  options: GenerateOptions,
): Promise<GenerateResult> {
  const started = performance.now();
  const start = options.start ?? 0;
  const total = options.total ?? start + options.count;
  const batchSize = Math.max(1, options.batchSize ?? 50);
  const concurrency = Math.max(1, options.concurrency ?? Math.max(2, cpus().length * 2));
  const planner = createPlanner(options);
  const artistIds = new Map<number, number>();
  const result: GenerateResult = { images: 0, artists: 0, pictures: 0, bytes: 0, ms: 0 };
  const drawn = new Set<number>();

  for (let offset = 0; offset < options.count; offset += batchSize) {
    const plans: ImagePlan[] = [];
    for (let i = offset; i < Math.min(options.count, offset + batchSize); i++) {
      plans.push(planner.image(start + i, total));
    }

    // Rows that exist already (a re-run, a resumed first start) keep their files.
    const existing = await db
      .selectFrom('images')
      .select(['source', 'local_id'])
      .where((eb) =>
        eb(
          eb.refTuple('source', 'local_id'),
          'in',
          plans.map((p) => eb.tuple(p.source, p.local_id)),
        ),
      )
      .execute();
    const known = new Set(existing.map((row) => `${row.source}/${row.local_id}`));
    const fresh = plans.filter((p) => !known.has(`${p.source}/${p.local_id}`));

    const pictures = [...new Map(fresh.map((p) => [p.picture.index, p.picture])).values()].filter(
      (picture) => !drawn.has(picture.index),
    );
    await mapLimit(pictures, concurrency, async (picture) => {
      drawn.add(picture.index);
      const reused = options.picturePool !== undefined;
      if (
        reused &&
        (await exists(path.join(options.mediaDir, picture.masterPath))) &&
        (await exists(path.join(options.mediaDir, picture.thumbPath)))
      ) {
        return;
      }
      const { masterBytes, thumbBytes } = await renderPicture(picture, options.mediaDir);
      result.pictures += 1;
      result.bytes += masterBytes + thumbBytes;
    });

    if (fresh.length === 0) {
      options.onProgress?.(Math.min(options.count, offset + batchSize), options.count);
      continue;
    }
    const missing = [...new Set(fresh.map((p) => p.artistIndex))].filter((i) => !artistIds.has(i));
    if (missing.length > 0) {
      const rows = await db
        .insertInto('artists')
        .values(
          missing.map((i) => {
            const a = planner.artist(i);
            return {
              name: a.name,
              royalty_code: a.royalty_code,
              gaa_artist: a.gaa_artist,
              active: a.active,
              created: a.created,
            };
          }),
        )
        .onConflict((oc) =>
          oc.column('royalty_code').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })),
        )
        .returning(['id', 'royalty_code'])
        .execute();
      const byCode = new Map(rows.map((row) => [row.royalty_code, row.id]));
      for (const i of missing) {
        const id = byCode.get(planner.artist(i).royalty_code);
        if (id === undefined) throw new Error(`artist ${i} was not saved`);
        artistIds.set(i, id);
      }
    }

    const inserted = await db
      .insertInto('images')
      .values(
        fresh.map((p) => ({
          local_id: p.local_id,
          source: p.source,
          artist_id: artistIds.get(p.artistIndex) as number,
          title: p.title,
          caption: p.caption,
          keywords: p.keywords,
          created: p.created,
          updated: p.updated,
          max_width: p.picture.width,
          max_height: p.picture.height,
          price: p.price,
          published: p.published,
          popularity: p.popularity,
          orientation: p.picture.orientation,
          image_type: p.image_type,
          people: p.people,
          colours: p.colours,
          static_sets: p.static_sets,
          substrates: substratesFor(p.picture.width, p.picture.height),
          master_path: p.picture.masterPath,
          thumb_path: p.picture.thumbPath,
          thumb_width: p.picture.thumbWidth,
          thumb_height: p.picture.thumbHeight,
        })),
      )
      .onConflict((oc) => oc.columns(['source', 'local_id']).doNothing())
      .returning('id')
      .execute();
    result.images += inserted.length;
    options.onProgress?.(Math.min(options.count, offset + batchSize), options.count);
  }

  result.artists = artistIds.size;
  result.ms = Math.round(performance.now() - started);
  return result;
}
