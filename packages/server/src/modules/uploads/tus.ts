import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { PICTURE_HEADERS, UPLOAD_FILES_PATH, uploadTooLarge } from '@atelier/contracts';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server, type ServerOptions } from '@tus/server';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors';
import { requireUploader } from './access';
import { checkPicture, UploadRefused } from './content-check';
import type { UploadRepository } from './repository';

/**
 * The tus endpoint (resumable uploads, https://tus.io) under UPLOAD_FILES_PATH, through
 * @tus/server and its file store: every PATCH is streamed to disk under `dir`, never held
 * in memory, and a dropped connection resumes from the offset HEAD answers. Fastify routes
 * it (so access, request ids and logging apply) and hands the raw request to tus.
 */

/** The uploader of each request in tus's hands, for its hooks (which see srvx requests). */
const uploaders = new WeakMap<IncomingMessage, number>();

/** The file of a transfer in the tus file store. */
export const transferPath = (dir: string, id: string): string => path.join(dir, id);

const TRANSFER_ID = /^[a-f0-9]{32}$/;

/** An unfinished transfer older than this is abandoned: its bytes are deleted. */
const TRANSFER_LIFETIME_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** A tus hook's refusal: tus answers it with this status and body. */
const refusal = (status_code: number, body: string) => ({ status_code, body });

export interface TusOptions {
  dir: string;
  maxBytes: number;
  files: UploadRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes transfers begun before `cutoff` and never finished; answers how many. */
    sweepAbandonedTransfers(cutoff?: Date): Promise<number>;
  }
}

/**
 * Deletes, at start and hourly, transfers begun TRANSFER_LIFETIME_MS ago and never finished
 * (an artist gave up): their bytes would otherwise stay for ever. Finished ones are never
 * touched (an upload's picture). Decorates the app with the sweep (tests call it).
 */
export function registerTransferSweeper(
  app: FastifyInstance,
  { dir, files }: Pick<TusOptions, 'dir' | 'files'>,
): void {
  const store = new FileStore({ directory: dir });
  app.decorate(
    'sweepAbandonedTransfers',
    async (cutoff = new Date(Date.now() - TRANSFER_LIFETIME_MS)) => {
      const ids = await files.abandonedFiles(cutoff);
      for (const id of ids) {
        await store.remove(id).catch(() => undefined);
        await files.removeFile(id);
      }
      return ids.length;
    },
  );
  let sweeper: NodeJS.Timeout | null = null;
  const sweep = () =>
    app
      .sweepAbandonedTransfers()
      .catch((err: unknown) => app.log.error({ err }, 'upload: sweeping transfers failed'));
  app.addHook('onReady', async () => {
    void sweep();
    sweeper = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
  });
}

export const tusRoutes: FastifyPluginAsync<TusOptions> = async (app, { dir, maxBytes, files }) => {
  await mkdir(dir, { recursive: true });
  const userOf = (req: object): number => {
    // srvx wraps Node's request and keeps it at runtime.node.req.
    const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const userId = raw ? uploaders.get(raw) : undefined;
    if (userId === undefined) throw refusal(401, 'Authentication credentials were not provided.');
    return userId;
  };

  const options: ConstructorParameters<typeof Server>[0] = {
    path: UPLOAD_FILES_PATH.replace(/\/$/, ''),
    datastore: new FileStore({ directory: dir }),
    maxSize: maxBytes,
    relativeLocation: true,
    // A finished transfer may be an upload's picture: only an unfinished one may be ended.
    disableTerminationForFinishedUploads: true,
    namingFunction: () => randomBytes(16).toString('hex'),
    onUploadCreate: async (req, upload) => {
      if (upload.size === undefined) throw refusal(400, 'Upload-Length is required.');
      await files.createFile(upload.id, userOf(req), upload.size);
      return {};
    },
    onUploadFinish: async (_req, upload) => {
      try {
        const picture = await checkPicture(transferPath(dir, upload.id));
        await files.finishFile(upload.id, picture);
        // What the screen shows before the form is sent (print-readiness needs the pixels).
        return {
          headers: {
            [PICTURE_HEADERS.format]: picture.format,
            [PICTURE_HEADERS.width]: picture.width,
            [PICTURE_HEADERS.height]: picture.height,
          },
        };
      } catch (error) {
        if (!(error instanceof UploadRefused)) throw error;
        // The bytes are worthless: gone at once; the transfer's row goes with them.
        await tus.datastore.remove(upload.id).catch(() => undefined);
        await files.removeFile(upload.id);
        throw refusal(422, error.message);
      }
    },
    onResponseError: (_req, error) => {
      // tus's own 413 says 'Maximum size exceeded'; ours names the limit.
      if ('status_code' in error && error.status_code === 413) {
        return refusal(413, uploadTooLarge(maxBytes));
      }
      return undefined;
    },
  } satisfies Partial<ServerOptions> & { datastore: FileStore };
  const tus = new Server(options);
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id: string) => {
    files.removeFile(id).catch((err: unknown) => app.log.error({ err }, 'upload: row not removed'));
  });

  // tus reads the body itself, as a stream: Fastify must leave it unread.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );

  /** Only the transfer's own uploader may resume, read or end it; others get 404. */
  const ownTransfer = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const uploader = await requireUploader(request, files);
    const { id } = request.params;
    if (!TRANSFER_ID.test(id) || !(await files.fileOwnedBy(id, uploader.userId))) {
      throw notFound();
    }
  };

  const hand = async (request: FastifyRequest, reply: FastifyReply) => {
    uploaders.set(request.raw, request.viewer.userId as number);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };

  app.route({
    method: 'POST',
    url: UPLOAD_FILES_PATH,
    config: { access: 'artist' },
    schema: { hide: true },
    preValidation: async (request) => {
      await requireUploader(request, files);
    },
    handler: hand,
  });
  app.route<{ Params: { id: string } }>({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${UPLOAD_FILES_PATH}:id`,
    config: { access: 'artist' },
    schema: { hide: true },
    preValidation: async (request) => {
      await ownTransfer(request);
    },
    handler: hand,
  });
};
