import {
  formatOfBytes,
  UPLOAD_DEFAULT_MAX_BYTES,
  UPLOAD_MAGIC_BYTES,
  UPLOAD_NOT_A_PICTURE,
  uploadTooLarge,
} from '@atelier/contracts';

/**
 * The checks a browser can make before sending a byte, by content as the server does (the
 * server checks again and decides): the first bytes must be a JPEG's, PNG's or TIFF's.
 * Answers the reason to refuse, or null.
 */
export async function refusalOf(
  file: Blob,
  maxBytes: number = UPLOAD_DEFAULT_MAX_BYTES,
): Promise<string | null> {
  if (file.size > maxBytes) return uploadTooLarge(maxBytes);
  const head = new Uint8Array(await file.slice(0, UPLOAD_MAGIC_BYTES).arrayBuffer());
  return formatOfBytes(head) ? null : UPLOAD_NOT_A_PICTURE;
}

/** 'harbour-at-dawn_2.tif' → 'harbour at dawn 2': a first name for the picture. */
export const nameFromFile = (fileName: string): string =>
  fileName
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300) || 'Untitled';

/** 1536 → '1.5 KB', 5.2e8 → '496 MB'. */
export function bytesLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
