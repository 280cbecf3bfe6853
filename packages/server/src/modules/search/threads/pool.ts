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
 * How many more searches in flight than the least busy thread a search's own thread may have
 * and still get it.
 */
export const AFFINITY_SLACK = 2;

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
 * same thread. Sent to the least busy thread instead, a repeated search found its cache on
 * the other thread about half the time: the benchmark's second pass at a million images had
 * p95 211 ms (one run) against 55–230 ms with affinity (three runs, load 7–9; docs/performance.md).
 */
export function searchAffinity(request: SearchRequest, viewer: Viewer): number {
  const { limit: _limit, offset: _offset, sort: _sort, ...counted } = request;
  return hash(JSON.stringify([counted, viewer.isStaff, request.favorites ? viewer.userId : null]));
}

interface Waiting {
  resolve(json: string): void;
  reject(error: Error): void;
}

interface Slot {
  thread: SearchThread;
  ready: boolean;
  inFlight: Map<number, Waiting>;
}

/**
 * Searches on `size` threads, each with its own index (thread-entry.ts). Each search goes to
 * its own thread (searchAffinity), or to the least busy one when its own is busier by more
 * than AFFINITY_SLACK searches in flight, and comes back as JSON, or as the
 * service's client error (an ApiError: the same 400). `start` resolves once every thread's
 * index is built and rejects if one dies first; afterwards a thread that dies is replaced
 * (its searches in flight fail), and searches go to the others until the replacement is
 * ready. `close` stops every thread.
 */
export class SearchPool {
  private readonly slots = new Set<Slot>();
  private nextId = 1;
  private started: Promise<number> | null = null;
  private closed = false;
  /** Searches that arrived while no thread was ready. */
  private readonly queue: (() => void)[] = [];
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
    for (const waiting of this.queue.splice(0)) waiting();
    const slots = [...this.slots];
    this.slots.clear();
    for (const slot of slots) this.fail(slot, stopping);
    await Promise.all(slots.map((slot) => slot.thread.terminate().catch(() => undefined)));
    this.options.onClose?.();
  }

  private async call(make: (id: number) => SearchCall, affinity: number): Promise<string> {
    await this.start();
    let slot = this.pick(affinity);
    while (!slot) {
      if (this.closed) throw new Error('search threads: the server is stopping');
      await new Promise<void>((resolve) => this.queue.push(resolve));
      slot = this.pick(affinity);
    }
    if (this.closed) throw new Error('search threads: the server is stopping');
    const id = this.nextId++;
    const target = slot;
    return new Promise<string>((resolve, reject) => {
      target.inFlight.set(id, { resolve, reject });
      target.thread.postMessage(make(id));
    });
  }

  /**
   * The search's own thread (by its affinity), unless that one has more than AFFINITY_SLACK
   * searches in flight beyond the least busy: then the least busy.
   */
  private pick(affinity: number): Slot | undefined {
    const ready = [...this.slots].filter((slot) => slot.ready);
    let least: Slot | undefined;
    for (const slot of ready) {
      if (!least || slot.inFlight.size < least.inFlight.size) least = slot;
    }
    const own = ready[affinity % ready.length];
    if (!own || !least) return least;
    return own.inFlight.size <= least.inFlight.size + AFFINITY_SLACK ? own : least;
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
        slot.ready = true;
        starting.ready(message.buildMs, message.images);
        for (const waiting of this.queue.splice(0)) waiting();
        return;
      }
      const waiting = slot.inFlight.get(message.id);
      if (!waiting) return;
      slot.inFlight.delete(message.id);
      if ('json' in message) waiting.resolve(message.json);
      else if ('status' in message) waiting.reject(new ApiError(message.status, message.body));
      else waiting.reject(new Error(`search thread: ${message.failure}`));
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
