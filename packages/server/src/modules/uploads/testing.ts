/** tus requests for tests, through app.inject (test code only). */
import { deflateSync, crc32 } from 'node:zlib';
import { UPLOAD_FILES_PATH } from '@atelier/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

type Headers = Record<string, string>;
const TUS = { 'tus-resumable': '1.0.0' };

/** Starts a transfer of `length` bytes; answers the response (Location on 201). */
export function createTransfer(
  app: FastifyInstance,
  as: Headers,
  length: number,
  name = 'picture.jpg',
) {
  return app.inject({
    method: 'POST',
    url: UPLOAD_FILES_PATH,
    headers: {
      ...as,
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
    },
  });
}

/** Sends `bytes` at `offset` of the transfer at `location`. */
export function patchTransfer(
  app: FastifyInstance,
  as: Headers,
  location: string,
  offset: number,
  bytes: Buffer,
) {
  return app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...as,
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}

export function headTransfer(app: FastifyInstance, as: Headers, location: string) {
  return app.inject({ method: 'HEAD', url: location, headers: { ...as, ...TUS } });
}

/** Uploads `bytes` whole; answers the transfer id (the form's `file`) and the last answer. */
export async function uploadBytes(app: FastifyInstance, as: Headers, bytes: Buffer) {
  const created = await createTransfer(app, as, bytes.length);
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const location = String(created.headers.location);
  const done = await patchTransfer(app, as, location, 0, bytes);
  return { id: location.split('/').pop() as string, location, done };
}

/** A JPEG of width × height px whose EXIF says "rotate 90° clockwise" (orientation 6). */
export function rotatedJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * A PNG whose header claims `side` × `side` pixels of which almost nothing is stored: a
 * decompression bomb. Its image data is one compressed row, so it is tiny on disk.
 */
export function pngBomb(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(side + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
