import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  SAMPLE_MAX_BYTES,
  SAMPLE_MAX_PIXELS,
  SAMPLE_NOT_IMAGE,
  SAMPLE_TOO_LARGE,
  SAMPLE_TOO_MANY_PIXELS,
} from '@atelier/contracts';
import sharp, { type OutputInfo } from 'sharp';
import { fieldError } from '../../lib/errors';

/** The longest side kept of a sample or a profile photo: reviewers need no more. */
const STORED_PICTURE_MAX_SIDE = 2000;

const MAGIC: Array<{ type: string; test: (b: Buffer) => boolean }> = [
  { type: 'jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'png',
    test: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    type: 'webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The picture's type by its first bytes (never by its name), or null. */
function pictureType(bytes: Buffer): string | null {
  return MAGIC.find((m) => m.test(bytes))?.type ?? null;
}

export interface StoredPicture {
  /** Relative to MEDIA_DIR. */
  path: string;
  width: number;
  height: number;
}

/**
 * Checks a small picture by its content (magic bytes, decoded by sharp, byte and pixel
 * limits against decompression bombs), then stores a re-encoded JPEG (orientation applied,
 * metadata dropped) under a random name in `folder`. A bad one is a 400 on `field`.
 */
export async function storePicture(
  base64: string,
  options: { mediaDir: string; folder: string; field: string },
): Promise<StoredPicture> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > SAMPLE_MAX_BYTES) throw fieldError(options.field, SAMPLE_TOO_LARGE);
  const type = pictureType(bytes);
  if (!type) throw fieldError(options.field, SAMPLE_NOT_IMAGE);
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
    if (meta.format !== type) throw new Error('format mismatch');
  } catch {
    throw fieldError(options.field, SAMPLE_NOT_IMAGE);
  }
  if (width * height > SAMPLE_MAX_PIXELS) throw fieldError(options.field, SAMPLE_TOO_MANY_PIXELS);
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(bytes, { limitInputPixels: SAMPLE_MAX_PIXELS })
      .rotate()
      .resize(STORED_PICTURE_MAX_SIDE, STORED_PICTURE_MAX_SIDE, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw fieldError(options.field, SAMPLE_NOT_IMAGE);
  }
  const relative = path.posix.join(options.folder, `${randomUUID()}.jpg`);
  await mkdir(path.join(options.mediaDir, options.folder), { recursive: true });
  await writeFile(path.join(options.mediaDir, relative), output.data);
  return { path: relative, width: output.info.width, height: output.info.height };
}
