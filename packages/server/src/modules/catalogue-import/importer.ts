import { createReadStream } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { orientationOf, substratesFor, type ImageSource } from '@atelier/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import {
  hashPicture,
  inspectPicture,
  PictureRejected,
  storePicture,
  type PictureFile,
} from './files';
import { parseRecord, recordKey, type ImportRecord } from './record';

/** One line of the input: its number (from 1) and either its JSON value or why it is not. */
export interface ImportLine {
  line: number;
  value?: unknown;
  /** Set when the line could not be read as JSON. */
  error?: string;
}

type LineOutcome = 'inserted' | 'updated' | 'unchanged' | 'rejected';

export interface ImportReport {
  /** Lines read (blank lines are not counted). */
  lines: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: { line: number; reason: string }[];
  artists: { created: number; updated: number };
  ms: number;
}

export interface ImportOptions {
  mediaDir: string;
  /** Relative `file` paths are resolved from here (the import file's directory). */
  baseDir: string;
  /** Move picture files into MEDIA_DIR instead of copying them (the demo generator). */
  move?: boolean;
  /** Lines validated, checked and written together. Default 64. */
  batchSize?: number;
  /** Pictures checked and stored at the same time. Default twice the CPU count. */
  concurrency?: number;
  /** The clock, for tests. */
  now?: () => Date;
  /** Called once per line with its outcome (and the reason or the image id). */
  onLine?: (line: number, outcome: LineOutcome, detail: string | number) => void;
}

/** Runs `fn` over `items` with at most `limit` calls in flight. */
async function mapLimit<T, R>(
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

/** Reads a JSON Lines file: one ImportLine per non-blank line. Throws if it cannot be opened. */
async function* readJsonLines(file: string): AsyncGenerator<ImportLine> {
  const stream = createReadStream(file, { encoding: 'utf8' });
  // Surface open errors (missing file, a directory) before the first line.
  await new Promise<void>((resolve, reject) => {
    stream.once('readable', resolve);
    stream.once('error', reject);
  });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let number = 0;
  for await (const raw of lines) {
    number += 1;
    const text = number === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.trim() === '') continue;
    try {
      yield { line: number, value: JSON.parse(text) as unknown };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      yield { line: number, error: `invalid JSON: ${message}` };
    }
  }
}

interface Candidate {
  line: number;
  record: ImportRecord;
  key: string;
  file?: PictureFile;
}

type ExistingRow = Awaited<ReturnType<typeof findExisting>>[number];

function findExisting(db: Kysely<DB>, candidates: readonly Candidate[]) {
  return db
    .selectFrom('images')
    .innerJoin('artists', 'artists.id', 'images.artist_id')
    .select([
      'images.id',
      'images.source',
      'images.local_id',
      'images.title',
      'images.caption',
      'images.keywords',
      'images.image_type',
      'images.people',
      'images.price',
      'images.published',
      'images.created',
      'images.updated',
      'images.static_sets',
      'images.popularity',
      'images.file_sha256',
      'images.max_width',
      'images.max_height',
      'artists.royalty_code',
    ])
    .where((eb) =>
      eb(
        eb.refTuple('images.source', 'images.local_id'),
        'in',
        candidates.map((c) => eb.tuple(c.record.source, c.record.local_id)),
      ),
    )
    .execute();
}

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((v, i) => v === b[i]);
const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((v) => b.includes(v));

/** True when writing `record` over `row` would change nothing. */
function unchanged(record: ImportRecord, row: ExistingRow, sha256: string): boolean {
  return (
    row.file_sha256 === sha256 &&
    row.royalty_code === record.artist.royalty_code &&
    row.title === record.title &&
    row.caption === record.caption &&
    sameList(row.keywords, record.keywords) &&
    row.image_type === record.image_type &&
    row.people === record.people &&
    row.price === record.price &&
    row.published === record.published &&
    (record.created === undefined || row.created.getTime() === record.created.getTime()) &&
    (record.updated === undefined || row.updated.getTime() === record.updated.getTime()) &&
    (record.static_sets === undefined || sameSet(row.static_sets, record.static_sets)) &&
    (record.popularity === undefined || row.popularity === record.popularity)
  );
}

const dimensionsMismatch = (record: ImportRecord, width: number, height: number): string | null =>
  record.dimensions && (record.dimensions.width !== width || record.dimensions.height !== height)
    ? `dimensions ${record.dimensions.width}x${record.dimensions.height} do not match the file (${width}x${height} px)`
    : null;

/** What a batch's transaction wrote, applied to the report once it committed. */
interface Written {
  artists: ImportReport['artists'];
  outcomes: [line: number, outcome: Exclude<LineOutcome, 'rejected'>, id: number][];
}

/**
 * The import itself failed (the database went away, say), not a line: which lines were being
 * written, so that the message names them and says what was loaded before.
 */
export class ImportFailed extends Error {
  override name = 'ImportFailed';
  readonly firstLine: number;
  readonly lastLine: number;
  constructor(
    candidates: readonly { line: number }[],
    override readonly cause: unknown,
  ) {
    const numbers = candidates.map((c) => c.line);
    const firstLine = Math.min(...numbers);
    const lastLine = Math.max(...numbers);
    super(
      `${firstLine === lastLine ? `line ${firstLine}` : `lines ${firstLine}–${lastLine}`}: ` +
        `the database failed: ${databaseMessage(cause)}`,
    );
    this.firstLine = firstLine;
    this.lastLine = lastLine;
  }
}

/** "value too long for type … (SQLSTATE 22001)". */
function databaseMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
    ? `${message} (SQLSTATE ${code})`
    : message;
}

/**
 * Errors a line's values cause, as opposed to the database failing: data exceptions (22: a
 * date out of range, a bad byte), integrity violations (23) and program limits (54: an index
 * row too large for a huge keyword list).
 */
function lineFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|54)[0-9A-Z]{3}$/.test(code);
}

/** Creates missing artists and applies given name/flag changes; returns royalty code → id. */
async function upsertArtists(
  db: Kysely<DB>,
  records: readonly ImportRecord[],
  now: Date,
  counts: ImportReport['artists'],
): Promise<Map<string, number>> {
  const wanted = new Map<string, ImportRecord['artist']>();
  for (const record of records) wanted.set(record.artist.royalty_code, record.artist);
  const ids = new Map<string, number>();
  if (wanted.size === 0) return ids;
  const codes = [...wanted.keys()];
  const known = await db
    .selectFrom('artists')
    .select(['id', 'royalty_code', 'name', 'gaa_artist', 'active'])
    .where('royalty_code', 'in', codes)
    .execute();
  for (const row of known) {
    ids.set(row.royalty_code, row.id);
    const artist = wanted.get(row.royalty_code);
    if (!artist) continue;
    const changes = {
      ...(artist.name !== row.name ? { name: artist.name } : {}),
      ...(artist.gaa_artist !== undefined && artist.gaa_artist !== row.gaa_artist
        ? { gaa_artist: artist.gaa_artist }
        : {}),
      ...(artist.active !== undefined && artist.active !== row.active
        ? { active: artist.active }
        : {}),
    };
    if (Object.keys(changes).length > 0) {
      await db.updateTable('artists').set(changes).where('id', '=', row.id).execute();
      counts.updated += 1;
    }
  }
  const missing = codes.filter((code) => !ids.has(code));
  if (missing.length > 0) {
    const inserted = await db
      .insertInto('artists')
      .values(
        missing.map((code) => {
          const artist = wanted.get(code) as ImportRecord['artist'];
          return {
            name: artist.name,
            royalty_code: code,
            gaa_artist: artist.gaa_artist ?? false,
            active: artist.active ?? true,
            created: artist.created ?? now,
          };
        }),
      )
      .onConflict((oc) => oc.column('royalty_code').doNothing())
      .returning(['id', 'royalty_code'])
      .execute();
    counts.created += inserted.length;
    for (const row of inserted) ids.set(row.royalty_code, row.id);
    const raced = missing.filter((code) => !ids.has(code));
    if (raced.length > 0) {
      const rows = await db
        .selectFrom('artists')
        .select(['id', 'royalty_code'])
        .where('royalty_code', 'in', raced)
        .execute();
      for (const row of rows) ids.set(row.royalty_code, row.id);
    }
  }
  return ids;
}

/**
 * Imports catalogue records (the lines of a JSON Lines file, or the demo generator's
 * records): validates each, checks its picture by content, measures its colours, stores
 * master and thumbnail in MEDIA_DIR and upserts the image on (source, local_id). A line
 * that fails is reported with its reason and the others load. Idempotent: a line whose
 * fields and file are those already stored is 'unchanged' and writes nothing.
 */
export async function importLines(
  db: Kysely<DB>,
  lines: Iterable<ImportLine> | AsyncIterable<ImportLine>,
  options: ImportOptions,
): Promise<ImportReport> {
  const started = performance.now();
  const batchSize = Math.max(1, options.batchSize ?? 64);
  const concurrency = Math.max(1, options.concurrency ?? Math.max(2, cpus().length * 2));
  const clock = options.now ?? (() => new Date());
  const report: ImportReport = {
    lines: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: [],
    artists: { created: 0, updated: 0 },
    ms: 0,
  };
  const seen = new Map<string, number>();
  const done = (line: number, outcome: LineOutcome, detail: string | number): void => {
    if (outcome === 'rejected') report.rejected.push({ line, reason: String(detail) });
    else report[outcome] += 1;
    options.onLine?.(line, outcome, detail);
  };

  const runBatch = async (batch: ImportLine[]): Promise<void> => {
    const now = clock();
    const candidates: Candidate[] = [];
    for (const item of batch) {
      if (item.error !== undefined) {
        done(item.line, 'rejected', item.error);
        continue;
      }
      const parsed = parseRecord(item.value);
      if (!parsed.ok) {
        done(item.line, 'rejected', parsed.reason);
        continue;
      }
      const key = recordKey(parsed.record.source, parsed.record.local_id);
      const first = seen.get(key);
      if (first !== undefined) {
        done(item.line, 'rejected', `${key} is already given on line ${first}`);
        continue;
      }
      seen.set(key, item.line);
      candidates.push({ line: item.line, record: parsed.record, key });
    }

    const rejected = new Set<Candidate>();
    const reject = (candidate: Candidate, reason: string): void => {
      rejected.add(candidate);
      done(candidate.line, 'rejected', reason);
    };
    const guard = async (candidate: Candidate, fn: () => Promise<void>): Promise<void> => {
      try {
        await fn();
      } catch (error) {
        if (error instanceof PictureRejected) reject(candidate, error.message);
        else throw error;
      }
    };

    await mapLimit(candidates, concurrency, (candidate) =>
      guard(candidate, async () => {
        candidate.file = await hashPicture(path.resolve(options.baseDir, candidate.record.file));
      }),
    );
    let live = candidates.filter((c) => !rejected.has(c));
    if (live.length === 0) return;

    const existing = new Map(
      (await findExisting(db, live)).map((row) => [
        recordKey(row.source as ImageSource, row.local_id),
        row,
      ]),
    );

    // Pictures not stored yet are decoded, measured and written; a known file is not.
    const stored = new Map<Candidate, Awaited<ReturnType<typeof storePicture>>>();
    const untouched = new Set<Candidate>();
    const toStore: Candidate[] = [];
    for (const candidate of live) {
      const row = existing.get(candidate.key);
      const file = candidate.file as PictureFile;
      if (row && row.file_sha256 === file.sha256) {
        const mismatch = dimensionsMismatch(candidate.record, row.max_width, row.max_height);
        if (mismatch) reject(candidate, mismatch);
        else if (unchanged(candidate.record, row, file.sha256)) untouched.add(candidate);
      } else {
        toStore.push(candidate);
      }
    }
    await mapLimit(toStore, concurrency, (candidate) =>
      guard(candidate, async () => {
        const file = candidate.file as PictureFile;
        // The header first: a declared size the file contradicts writes nothing.
        const header = await inspectPicture(file.path);
        const mismatch = dimensionsMismatch(candidate.record, header.width, header.height);
        if (mismatch) throw new PictureRejected(mismatch);
        stored.set(candidate, await storePicture(file, options.mediaDir, { move: options.move }));
      }),
    );
    live = live.filter((c) => !rejected.has(c));
    if (live.length === 0) return;

    /** The database writes of `group`: artists, updates, inserts; outcomes once committed. */
    const write = async (group: Candidate[]): Promise<Written> =>
      db.transaction().execute(async (trx) => {
        const artists = { created: 0, updated: 0 };
        const outcomes: Written['outcomes'] = [];
        const artistIds = await upsertArtists(
          trx,
          group.map((c) => c.record),
          now,
          artists,
        );

        const inserts: Candidate[] = [];
        for (const candidate of group) {
          if (untouched.has(candidate)) {
            outcomes.push([
              candidate.line,
              'unchanged',
              (existing.get(candidate.key) as ExistingRow).id,
            ]);
            continue;
          }
          const row = existing.get(candidate.key);
          if (!row) {
            inserts.push(candidate);
            continue;
          }
          const { record } = candidate;
          const picture = stored.get(candidate);
          await trx
            .updateTable('images')
            .set({
              artist_id: artistIds.get(record.artist.royalty_code) as number,
              title: record.title,
              caption: record.caption,
              keywords: record.keywords,
              image_type: record.image_type,
              people: record.people,
              price: record.price,
              published: record.published,
              updated: record.updated ?? now,
              ...(record.created ? { created: record.created } : {}),
              ...(record.static_sets ? { static_sets: record.static_sets } : {}),
              ...(record.popularity !== undefined ? { popularity: record.popularity } : {}),
              ...(picture
                ? {
                    max_width: picture.width,
                    max_height: picture.height,
                    orientation: orientationOf(picture.width, picture.height),
                    substrates: substratesFor(picture.width, picture.height),
                    colours: picture.colours,
                    master_path: picture.masterPath,
                    thumb_path: picture.thumbPath,
                    thumb_width: picture.thumbWidth,
                    thumb_height: picture.thumbHeight,
                    file_sha256: (candidate.file as PictureFile).sha256,
                  }
                : {}),
            })
            .where('id', '=', row.id)
            .execute();
          outcomes.push([candidate.line, 'updated', row.id]);
        }

        if (inserts.length > 0) {
          const rows = await trx
            .insertInto('images')
            .values(
              inserts.map(({ record, file }, i) => {
                const picture = stored.get(inserts[i] as Candidate);
                if (!picture) throw new Error(`picture of line ${inserts[i]?.line} was not stored`);
                const created = record.created ?? now;
                return {
                  local_id: record.local_id,
                  source: record.source,
                  artist_id: artistIds.get(record.artist.royalty_code) as number,
                  title: record.title,
                  caption: record.caption,
                  keywords: record.keywords,
                  created,
                  updated: record.updated ?? created,
                  max_width: picture.width,
                  max_height: picture.height,
                  price: record.price,
                  published: record.published,
                  popularity: record.popularity ?? 0,
                  orientation: orientationOf(picture.width, picture.height),
                  image_type: record.image_type,
                  people: record.people,
                  colours: picture.colours,
                  static_sets: record.static_sets ?? [],
                  substrates: substratesFor(picture.width, picture.height),
                  master_path: picture.masterPath,
                  thumb_path: picture.thumbPath,
                  thumb_width: picture.thumbWidth,
                  thumb_height: picture.thumbHeight,
                  file_sha256: (file as PictureFile).sha256,
                };
              }),
            )
            .returning(['id', 'source', 'local_id'])
            .execute();
          const ids = new Map(rows.map((row) => [`${row.source}/${row.local_id}`, row.id]));
          for (const candidate of inserts)
            outcomes.push([candidate.line, 'inserted', ids.get(candidate.key) ?? 0]);
        }
        return { artists, outcomes };
      });
    const apply = ({ artists, outcomes }: Written): void => {
      report.artists.created += artists.created;
      report.artists.updated += artists.updated;
      for (const [line, outcome, id] of outcomes) done(line, outcome, id);
    };

    // One transaction per batch: a value the database refuses rolls the whole batch back
    // (nothing half-written), then its lines are written one by one to name the bad one; a
    // failure that is no line's fault (the database went away) stops the import there.
    try {
      apply(await write(live));
    } catch {
      for (const candidate of live) {
        try {
          apply(await write([candidate]));
        } catch (single) {
          if (!lineFault(single)) throw new ImportFailed([candidate], single);
          reject(candidate, `the database refused it: ${databaseMessage(single)}`);
        }
      }
    }
  };

  // Whatever fails is reported with the lines it stopped at, never as the file's failure.
  const run = (items: ImportLine[]): Promise<void> =>
    runBatch(items).catch((error: unknown) => {
      throw error instanceof ImportFailed ? error : new ImportFailed(items, error);
    });
  let batch: ImportLine[] = [];
  for await (const item of lines) {
    report.lines += 1;
    batch.push(item);
    if (batch.length >= batchSize) {
      await run(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await run(batch);
  report.rejected.sort((a, b) => a.line - b.line);
  report.ms = Math.round(performance.now() - started);
  return report;
}

export function summary(report: ImportReport): string {
  const { artists } = report;
  return (
    `${report.lines} lines: ${report.inserted} inserted, ${report.updated} updated, ` +
    `${report.unchanged} unchanged, ${report.rejected.length} rejected; ` +
    `artists: ${artists.created} created, ${artists.updated} updated ` +
    `(${(report.ms / 1000).toFixed(1)} s)`
  );
}

/** Nothing could be read: no line was accepted. */
export const nothingRead = (report: ImportReport): boolean =>
  report.inserted + report.updated + report.unchanged === 0;

/** Imports a JSON Lines file; relative picture paths are resolved from its directory. */
export function importFile(
  db: Kysely<DB>,
  file: string,
  options: Omit<ImportOptions, 'baseDir'> & { baseDir?: string },
): Promise<ImportReport> {
  const absolute = path.resolve(file);
  return importLines(db, readJsonLines(absolute), {
    ...options,
    baseDir: options.baseDir ?? path.dirname(absolute),
  });
}
