import { open } from 'node:fs/promises';
import {
  formatOfBytes,
  UPLOAD_MAGIC_BYTES,
  UPLOAD_MAX_PIXELS,
  UPLOAD_MIN_SIDE,
  UPLOAD_NOT_A_PICTURE,
  UPLOAD_UNREADABLE,
  uploadTooManyPixels,
  uploadTooSmall,
  type UploadFormat,
} from '@atelier/contracts';
import sharp from 'sharp';

/** A file refused for its content; the message is the reason the uploader reads. */
export class UploadRefused extends Error {
  override name = 'UploadRefused';
}

export interface CheckedPicture {
  format: UploadFormat;
  /** Displayed pixels (EXIF orientation applied). */
  width: number;
  height: number;
}

async function head(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(UPLOAD_MAGIC_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, UPLOAD_MAGIC_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Checks a finished transfer by its content, never its name: the magic bytes must be a
 * JPEG's, PNG's or TIFF's and agree with what the decoder finds in the header; the pixel
 * count (from the header alone, so a decompression bomb is never decoded) at most
 * UPLOAD_MAX_PIXELS; each side at least UPLOAD_MIN_SIDE. Throws UploadRefused with the reason.
 */
export async function checkPicture(file: string): Promise<CheckedPicture> {
  const format = formatOfBytes(await head(file));
  if (!format) throw new UploadRefused(UPLOAD_NOT_A_PICTURE);
  let metadata;
  try {
    metadata = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadRefused(UPLOAD_UNREADABLE);
  }
  if (metadata.format !== format) throw new UploadRefused(UPLOAD_NOT_A_PICTURE);
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw new UploadRefused(UPLOAD_UNREADABLE);
  if (width * height > UPLOAD_MAX_PIXELS)
    throw new UploadRefused(uploadTooManyPixels(width, height));
  if (Math.min(width, height) < UPLOAD_MIN_SIDE)
    throw new UploadRefused(uploadTooSmall(width, height));
  return { format, width, height };
}
