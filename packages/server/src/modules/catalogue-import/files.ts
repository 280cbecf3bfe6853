import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Colour } from '@atelier/contracts';
import sharp from 'sharp';
import { measureColours } from './colours';

/** What a picture file must be (checked by content, never by name). */
export const PICTURE_LIMITS = {
  /** Formats a browser shows, so the master can be served as it is. */
  formats: ['jpeg', 'png', 'webp'] as const,
  /** Each side at least this many pixels. */
  minSide: 100,
  /** At most 250 megapixels (decompression bombs are refused before decoding). */
  maxPixels: 250_000_000,
  /** At most 200 MB on disk. */
  maxBytes: 200 * 1024 * 1024,
};

/** Thumbnails are 400 px high (at most 1600 px wide, for extreme panoramas). */
export const THUMB_HEIGHT = 400;
export const THUMB_MAX_WIDTH = 1600;
const THUMB_QUALITY = 78;
const EXTENSIONS: Record<(typeof PICTURE_LIMITS.formats)[number], string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
};

/** A reason to refuse a line, as opposed to a failure of the import itself. */
export class PictureRejected extends Error {
  override name = 'PictureRejected';
}

export interface PictureFile {
  path: string;
  bytes: number;
  sha256: string;
}

/** Finds the file and hashes its content; refuses missing, non-regular and oversized files. */
export async function hashPicture(file: string): Promise<PictureFile> {
  let info;
  try {
    info = await stat(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new PictureRejected(
      code === 'ENOENT' ? `file not found: ${file}` : `file cannot be read: ${file} (${code})`,
    );
  }
  if (!info.isFile()) throw new PictureRejected(`not a regular file: ${file}`);
  if (info.size === 0) throw new PictureRejected(`file is empty: ${file}`);
  if (info.size > PICTURE_LIMITS.maxBytes) {
    throw new PictureRejected(
      `file is larger than ${PICTURE_LIMITS.maxBytes / 1024 / 1024} MB: ${file}`,
    );
  }
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return { path: file, bytes: info.size, sha256: hash.digest('hex') };
}

export interface StoredPicture {
  /** Displayed pixels of the master (EXIF orientation applied). */
  width: number;
  height: number;
  format: string;
  /** Relative to MEDIA_DIR. */
  masterPath: string;
  thumbPath: string;
  thumbWidth: number;
  thumbHeight: number;
  colours: Colour[];
}

const sharpInput = (file: string) =>
  sharp(file, { limitInputPixels: PICTURE_LIMITS.maxPixels, failOn: 'warning' });

/** Reads the header: a real picture of an allowed format and size, or PictureRejected. */
export async function inspectPicture(
  file: string,
): Promise<{ width: number; height: number; format: keyof typeof EXTENSIONS }> {
  let metadata;
  try {
    metadata = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw new PictureRejected(`not a picture (unknown or corrupt content): ${file}`);
  }
  const format = metadata.format as string | undefined;
  if (!format || !(PICTURE_LIMITS.formats as readonly string[]).includes(format)) {
    throw new PictureRejected(
      `not a JPEG, PNG or WebP picture (${format ?? 'unknown'} content): ${file}`,
    );
  }
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw new PictureRejected(`picture has no size: ${file}`);
  if (Math.min(width, height) < PICTURE_LIMITS.minSide) {
    throw new PictureRejected(
      `picture is ${width}x${height} px; each side must be at least ${PICTURE_LIMITS.minSide} px`,
    );
  }
  if (width * height > PICTURE_LIMITS.maxPixels) {
    throw new PictureRejected(
      `picture is ${width}x${height} px; at most ${PICTURE_LIMITS.maxPixels / 1e6} megapixels`,
    );
  }
  return { width, height, format: format as keyof typeof EXTENSIONS };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** Writes `produce(tmp)` to a temporary name beside `target`, then renames: atomic. */
async function atomically(target: string, produce: (tmp: string) => Promise<void>): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await produce(tmp);
    await rename(tmp, target);
  } catch (error) {
    await unlink(tmp).catch(() => undefined);
    throw error;
  }
}

/**
 * Decodes the whole picture once (a corrupt or truncated file is refused here), writes the
 * thumbnail (JPEG, THUMB_HEIGHT px high unless wider than THUMB_MAX_WIDTH) and the master (the file's own bytes) under
 * `mediaDir` at paths named by the content hash, and measures the colours from the pixels.
 * With `move`, the master is moved instead of copied (the demo generator's own files).
 */
export async function storePicture(
  file: PictureFile,
  mediaDir: string,
  options: { move?: boolean } = {},
): Promise<StoredPicture> {
  const { width, height, format } = await inspectPicture(file.path);
  const shard = file.sha256.slice(0, 2);
  const masterPath = `originals/${shard}/${file.sha256}.${EXTENSIONS[format]}`;
  const thumbPath = `thumbs/${shard}/${file.sha256}.jpg`;

  let thumb;
  try {
    thumb = await sharpInput(file.path)
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .resize({ width: THUMB_MAX_WIDTH, height: THUMB_HEIGHT, fit: 'inside' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new PictureRejected(`picture cannot be decoded (${message}): ${file.path}`);
  }
  const layout = {
    width: thumb.info.width,
    height: thumb.info.height,
    channels: thumb.info.channels as 1 | 2 | 3 | 4,
  };
  const [{ colours }] = await Promise.all([
    measureColours(thumb.data, layout),
    (async () => {
      const target = path.join(mediaDir, thumbPath);
      if (await exists(target)) return;
      const jpeg = await sharp(thumb.data, { raw: layout })
        .jpeg({ quality: THUMB_QUALITY })
        .toBuffer();
      await atomically(target, (tmp) => writeFile(tmp, jpeg));
    })(),
  ]);

  const master = path.join(mediaDir, masterPath);
  if (await exists(master)) {
    if (options.move) await unlink(file.path).catch(() => undefined);
  } else if (options.move) {
    await mkdir(path.dirname(master), { recursive: true });
    await rename(file.path, master).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EXDEV') throw error;
      await atomically(master, (tmp) => copyFile(file.path, tmp));
      await unlink(file.path);
    });
  } else {
    await atomically(master, (tmp) => copyFile(file.path, tmp));
  }

  return {
    width,
    height,
    format,
    masterPath,
    thumbPath,
    thumbWidth: layout.width,
    thumbHeight: layout.height,
    colours,
  };
}
