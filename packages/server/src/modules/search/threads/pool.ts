import { ApiError } from '../../../lib/errors';
import type { Viewer } from '../../../plugins/viewer';
import type { SearchRequest } from '../query/service';
import type { FromThread, RelatedRequest, SearchCall } from './protocol';

/** A search thread as the pool drives it (a node:worker_threads Worker; tests pass fakes). */
export interface SearchThread {
  postMessage(call: SearchCall): void;
  on(event: 'message', listener: (message: FromThread) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  terminate(): Promise<unknown>;
}

export interface PoolLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface SearchPoolOptions {
  size: number;
  /** Starts a thread (it builds its index, then says it is ready). */
  spawn(): SearchThread;
  log: PoolLog;
  /** Called once every thread is first ready, with the most images an index holds. */
  onStarted?: (images: number) => void;
  /** Called once every thread has stopped (`close`). */
  onClose?: () => void;
}

/**
 * Searches a thread holds at once: the one it answers and the next, so that it never waits on
 * the main thread between two. The rest wait in the pool's own queue and go to whichever
 * thread has room first: a thread held up (a long search, a collection) holds up at most the
 * one search sent to it beside its own, while the other thread takes the queue.
 */
export const THREAD_QUEUE = 2;

/**
 * A thread with room takes, of the searches waiting, the oldest of its own among the first
 * this many (searchAffinity), else the oldest: its own keep their cache, and no search is
 * passed over more than this many times.
 */
export const AFFINITY_WINDOW = 4;

/** FNV-1a of a string: a search's affinity. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Which thread a search belongs to: each thread caches the counts and facets of the searches
 * it answered (query/service.ts), so the same search (any page, any sort) goes back to the
 * same thread when that one has room (AFFINITY_WINDOW). Sent to the least busy thread
 * instead, a repeated search found its cache on the other thread about half the time.
 */
export function searchAffinity(request: SearchRequest, viewer: Viewer): number {
  const { limit: _limit, offset: _offset, sort: _sort, ...counted } = request;
  return hash(JSON.stringify([counted, viewer.isStaff, request.favorites ? viewer.userId : null]));
}

interface Waiting {
  resolve(json: string): void;
  reject(error: Error): void;
}

/** A search waiting for a thread with room. */
interface Queued extends Waiting {
  make(id: number): SearchCall;
  affinity: number;
}

interface Slot {
  thread: SearchThread;
  ready: boolean;
  inFlight: Map<number, Waiting>;
}

/**
 * Searches on `size` threads, each with its own index (thread-entry.ts). A thread holds up to
 * THREAD_QUEUE searches; the others wait here, in order, for the first thread with room, which
 * takes one of its own if one is near the front (AFFINITY_WINDOW). Answers come back as JSON,
 * or as the service's client error (an ApiError: the same 400). `start` resolves once every
 * thread's index is built and rejects if one dies first; afterwards a thread that dies is
 * replaced (its searches in flight fail), and searches go to the others until the
 * replacement is ready. `close` stops every thread.
 */
export class SearchPool {
  private readonly slots = new Set<Slot>();
  private nextId = 1;
  private started: Promise<number> | null = null;
  private closed = false;
  /** Searches waiting for a thread with room, oldest first. */
  private readonly queue: Queued[] = [];
  private readonly fatalListeners: ((error: Error) => void)[] = [];

  constructor(private readonly options: SearchPoolOptions) {}

  /** Starts the threads (once); resolves with the slowest index build's milliseconds. */
  start(): Promise<number> {
    this.started ??= new Promise<number>((resolve, reject) => {
      let ready = 0;
      let slowest = 0;
      let images = 0;
      for (let i = 0; i < this.options.size; i++) {
        this.add({
          ready: (buildMs, size) => {
            slowest = Math.max(slowest, buildMs);
            images = Math.max(images, size);
            ready += 1;
            if (ready === this.options.size) {
              this.options.onStarted?.(images);
              resolve(slowest);
            }
          },
          diedStarting: (error) => {
            void this.close();
            reject(error);
          },
        });
      }
    });
    return this.started;
  }

  search(request: SearchRequest, viewer: Viewer): Promise<string> {
    return this.call(
      (id) => ({ id, kind: 'search', request, viewer }),
      searchAffinity(request, viewer),
    );
  }

  related(request: RelatedRequest, viewer: Viewer): Promise<string> {
    const { q, api } = request;
    return this.call(
      (id) => ({ id, kind: 'related', request, viewer }),
      hash(JSON.stringify(['related', q, api ?? null, viewer.isStaff])),
    );
  }

  /** Searches in flight on each thread (ready ones), for tests and logs. */
  load(): number[] {
    return [...this.slots].filter((slot) => slot.ready).map((slot) => slot.inFlight.size);
  }

  /**
   * Calls `listener` if a replacement thread dies before it is ready (the pool has stopped:
   * no crash loop): the server cannot answer searches any more (server.ts exits).
   */
  onFatal(listener: (error: Error) => void): void {
    this.fatalListeners.push(listener);
  }

  /** The ready threads (tests stop one to see it replaced). */
  threads(): SearchThread[] {
    return [...this.slots].filter((slot) => slot.ready).map((slot) => slot.thread);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const stopping = new Error('search threads: the server is stopping');
    for (const waiting of this.queue.splice(0)) waiting.reject(stopping);
    const slots = [...this.slots];
    this.slots.clear();
    for (const slot of slots) this.fail(slot, stopping);
    await Promise.all(slots.map((slot) => slot.thread.terminate().catch(() => undefined)));
    this.options.onClose?.();
  }

  private async call(make: (id: number) => SearchCall, affinity: number): Promise<string> {
    await this.start();
    if (this.closed) throw new Error('search threads: the server is stopping');
    return new Promise<string>((resolve, reject) => {
      this.queue.push({ make, affinity, resolve, reject });
      this.dispatch();
    });
  }

  /**
   * Hands waiting searches to the ready threads with room: the oldest to its own thread when
   * that one has room; else the least busy thread takes the first of its own among the
   * oldest AFFINITY_WINDOW, or the oldest.
   */
  private dispatch(): void {
    const ready = [...this.slots].filter((slot) => slot.ready);
    const ownOf = (queued: Queued) => ready[queued.affinity % ready.length];
    while (this.queue.length > 0) {
      let target = ownOf(this.queue[0] as Queued);
      let at = 0;
      if (!target || target.inFlight.size >= THREAD_QUEUE) {
        target = undefined;
        for (const slot of ready) {
          const room = slot.inFlight.size < THREAD_QUEUE;
          if (room && (!target || slot.inFlight.size < target.inFlight.size)) target = slot;
        }
        if (!target) return;
        const window = Math.min(AFFINITY_WINDOW, this.queue.length);
        for (let i = 1; i < window; i++) {
          if (ownOf(this.queue[i] as Queued) === target) {
            at = i;
            break;
          }
        }
      }
      const [queued] = this.queue.splice(at, 1) as [Queued];
      const id = this.nextId++;
      target.inFlight.set(id, queued);
      target.thread.postMessage(queued.make(id));
    }
  }

  private fail(slot: Slot, error: Error): void {
    for (const waiting of slot.inFlight.values()) waiting.reject(error);
    slot.inFlight.clear();
  }

  private add(starting: {
    ready(buildMs: number, images: number): void;
    diedStarting(error: Error): void;
  }): void {
    const slot: Slot = { thread: this.options.spawn(), ready: false, inFlight: new Map() };
    this.slots.add(slot);
    let lastError: Error | undefined;
    slot.thread.on('message', (message) => {
      if (message.type === 'ready') {
        if (message.warmUpFailures > 0) {
          this.options.log.error(
            { failures: message.warmUpFailures },
            'search thread: warm-up searches failed',
          );
        }
        slot.ready = true;
        starting.ready(message.buildMs, message.images);
        this.dispatch();
        return;
      }
      const waiting = slot.inFlight.get(message.id);
      if (!waiting) return;
      slot.inFlight.delete(message.id);
      if ('json' in message) waiting.resolve(message.json);
      else if ('status' in message) waiting.reject(new ApiError(message.status, message.body));
      else waiting.reject(new Error(`search thread: ${message.failure}`));
      this.dispatch();
    });
    slot.thread.on('error', (error) => {
      lastError = error;
    });
    slot.thread.on('exit', (code) => {
      if (this.closed || !this.slots.has(slot)) return;
      this.slots.delete(slot);
      const error = new Error(
        `search thread exited (code ${code})${lastError ? `: ${lastError.message}` : ''}`,
        { cause: lastError },
      );
      this.fail(slot, error);
      this.options.log.error({ err: error, code }, 'search thread died');
      if (!slot.ready) {
        starting.diedStarting(error);
        return;
      }
      this.add({
        ready: (buildMs) =>
          this.options.log.info({ ms: Math.round(buildMs) }, 'search thread replaced'),
        diedStarting: (replacementError) => {
          void this.close();
          for (const listener of this.fatalListeners) listener(replacementError);
        },
      });
    });
  }
}
