import type { WarmUpOptions } from '../query/warm-up';
import type { TransactionSettings } from 'kysely';
import type { ErrorBody } from '../../../lib/errors';
import type { Viewer } from '../../../plugins/viewer';
import type { SearchRequest } from '../query/service';

/**
 * What the main thread and a search thread tell each other (threads/README in
 * docs/search.md): searches over the thread's own port, database statements over a second
 * port (database-host.ts, remote-dialect.ts).
 */

/** The related-images request, as the route validated it. */
export interface RelatedRequest {
  q: string;
  api?: SearchRequest['api'];
  limit: number;
}

export type SearchCall =
  | { id: number; kind: 'search'; request: SearchRequest; viewer: Viewer }
  | { id: number; kind: 'related'; request: RelatedRequest; viewer: Viewer };

/** The answer, already JSON; or the service's client error (a 400); or a failure (a 500). */
export type SearchAnswer =
  | { type: 'answer'; id: number; json: string }
  | { type: 'answer'; id: number; status: number; body: ErrorBody }
  | { type: 'answer'; id: number; failure: string };

/** A thread's first message: its index is built. */
interface ThreadReady {
  type: 'ready';
  buildMs: number;
  /** Images in its index. */
  images: number;
  /** Its warm-up's searches that failed other than as client errors (warm-up.ts). */
  warmUpFailures: number;
}

export type FromThread = SearchAnswer | ThreadReady;

/** What a thread is started with (workerData). */
export interface ThreadData {
  /** The database port (remote-dialect.ts). */
  database: MessagePortLike;
  /** The change count (change-count.ts). */
  changes: SharedArrayBuffer;
  /** The warm-up it runs once its index is built, before it says it is ready. */
  warmUp: WarmUpOptions;
}

/** The parts of a MessagePort the dialect and the host use (tests pass a MessageChannel's). */
export interface MessagePortLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/** A statement, a transaction's start or its end, from a thread. */
export type DatabaseCall =
  | { id: number; type: 'query'; lease: number | null; sql: string; parameters: unknown[] }
  | { id: number; type: 'begin'; settings: TransactionSettings }
  | { id: number; type: 'end'; lease: number; commit: boolean };

export type DatabaseAnswer =
  | {
      id: number;
      ok: true;
      rows?: unknown[];
      numAffectedRows?: bigint | undefined;
      lease?: number;
    }
  | { id: number; ok: false; message: string; code?: string | undefined };
