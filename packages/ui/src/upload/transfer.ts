import type { DetailedError, Upload } from 'tus-js-client';
import { PICTURE_HEADERS, UPLOAD_FILES_PATH, type UploadFormat } from '@atelier/contracts';
import { api } from '@atelier/api-client';
import { useAuthStore } from '@atelier/session';

/** What the server's content check found in a finished file. */
export interface PictureFacts {
  format: UploadFormat;
  width: number;
  height: number;
}

export interface TransferEvents {
  onProgress(sent: number, total: number): void;
  /** The connection dropped; the transfer resumes by itself from the server's offset. */
  onReconnecting(): void;
  onDone(result: { id: string; picture: PictureFacts | null }): void;
  /** The server refused the file (its reason), or the transfer gave up. */
  onFailed(reason: string, retryable: boolean): void;
}

export interface Transfer {
  /** Starts, or resumes after a failure, from what the server already has. */
  start(): void;
  /** Stops sending; `start` resumes later. */
  pause(): void;
}

/**
 * Each PATCH carries at most this much: a dropped connection loses at most one chunk, and
 * every request ends well within the server's request timeout even on a slow link.
 */
export const CHUNK_BYTES = 8 * 1024 * 1024;
/** Waits before each automatic retry after a dropped connection (then the user resumes). */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000, 20000];

const TOKEN_MARGIN_S = 30;

/** Seconds the JWT has left (its `exp`), or 0 when it cannot be read. */
function secondsLeft(token: string): number {
  try {
    const payload = JSON.parse(
      atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
    ) as {
      exp?: number;
    };
    return (payload.exp ?? 0) - Date.now() / 1000;
  } catch {
    return 0;
  }
}

/**
 * A current access token: an upload of a large master outlives the 5-minute token, so one
 * close to expiry is renewed first (any API call renews it through the shared client).
 */
async function freshToken(): Promise<string | null> {
  const token = useAuthStore.getState().accessToken;
  if (token && secondsLeft(token) < TOKEN_MARGIN_S) {
    await api.get('/auth/users/me/').catch(() => undefined);
  }
  return useAuthStore.getState().accessToken;
}

const pictureOf = (header: (name: string) => string | undefined): PictureFacts | null => {
  const format = header(PICTURE_HEADERS.format) as UploadFormat | undefined;
  const width = Number(header(PICTURE_HEADERS.width));
  const height = Number(header(PICTURE_HEADERS.height));
  return format && width > 0 && height > 0 ? { format, width, height } : null;
};

/** The server's reason (a 4xx body is plain text), else the error's message. */
function reasonOf(error: Error | DetailedError): { reason: string; retryable: boolean } {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  const body = response?.getBody()?.trim();
  if (status >= 400 && status < 500 && body) return { reason: body, retryable: false };
  return { reason: body || error.message, retryable: true };
}

/**
 * A resumable transfer of `file` over tus (tus-js-client): streamed in CHUNK_BYTES pieces,
 * retried from the server's offset after a dropped connection, and remembered in the
 * browser so that the same file picked again after a reload resumes too. tus-js-client is
 * loaded with the first transfer, so @atelier/ui's entry (a shared module) stays small.
 */
export function createTransfer(file: File, events: TransferEvents): Transfer {
  let upload: Upload | null = null;
  let stopped = false;
  const ready: Promise<Upload> = import('tus-js-client').then(({ Upload: TusUpload }) => {
    const created: Upload = new TusUpload(file, {
      endpoint: UPLOAD_FILES_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { filename: file.name, filetype: file.type },
      removeFingerprintOnSuccess: true,
      onBeforeRequest: async (request) => {
        const token = await freshToken();
        if (token) request.setHeader('Authorization', `JWT ${token}`);
      },
      onProgress: (sent, total) => events.onProgress(sent, total),
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        // Network failures and server hiccups are retried; a refusal (4xx) is final.
        const retry = status === 0 || status >= 500 || status === 409 || status === 423;
        if (retry) events.onReconnecting();
        return retry;
      },
      onSuccess: ({ lastResponse }) => {
        const id = (created.url ?? '').split('/').pop() ?? '';
        events.onDone({ id, picture: pictureOf((name) => lastResponse.getHeader(name)) });
      },
      onError: (error) => {
        const { reason, retryable } = reasonOf(error);
        events.onFailed(reason, retryable);
      },
    });
    upload = created;
    return created;
  });
  ready.catch((error: unknown) =>
    events.onFailed(error instanceof Error ? error.message : String(error), true),
  );

  let resumedOnce = false;
  return {
    start() {
      stopped = false;
      void ready.then((tus) => {
        if (stopped) return;
        if (tus.url || resumedOnce) {
          tus.start();
          return;
        }
        resumedOnce = true;
        // The same file picked again (after a reload): go on from what the server has.
        void tus.findPreviousUploads().then((previous) => {
          const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
          if (latest) tus.resumeFromPreviousUpload(latest);
          if (!stopped) tus.start();
        });
      });
    },
    pause() {
      stopped = true;
      if (upload) void upload.abort();
    },
  };
}
