import type { WarmUpOptions } from '../query/warm-up';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { Database } from '../../../db/client';
import { COLLECT_AFTER_BUILDS_OF, collectGarbage } from '../indexer/index-sync';
import { sharedSearchChangeCount } from './change-count';
import { serveDatabase } from './database-host';
import { SearchPool, type PoolLog, type SearchThread } from './pool';
import type { ThreadData } from './protocol';

/** The compiled thread's file beside the compiled server (build.mjs's entry of that name). */
const COMPILED_THREAD = 'search-thread.js';

/**
 * How a thread is started: in the compiled server (dist/, every module bundled in server.js)
 * from the bundle of thread-entry.ts beside it; from the sources (tsx in development and the
 * benchmark, Jest in tests) by a CommonJS stub that registers tsx's require hook in the
 * thread, then requires thread-entry.ts (a thread inheriting `--import tsx` cannot load a
 * .ts entry on Node 20).
 */
function threadEntry(): { source: string; eval: boolean } {
  if (!__filename.endsWith('.ts')) {
    return { source: path.join(__dirname, COMPILED_THREAD), eval: false };
  }
  const tsx = createRequire(__filename).resolve('tsx/cjs/api');
  const file = path.join(__dirname, 'thread-entry.ts');
  return {
    source: `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(file)});`,
    eval: true,
  };
}

/**
 * A search thread's young generation starts at the largest size the server allows it
 * (`--max-semi-space-size`, as `pnpm start` and the image run it), instead of V8's 1 MB
 * that grows only while much of it survives. A thread's searches leave little alive, so
 * one thread's stayed small: at a million images it ran a scavenge every 20–50 ms (1–37 ms
 * each) through the benchmark's passes. Started at the largest size, the two threads ran 4
 * in all, and a first-pass search cost 4.6–5.6 ms of CPU instead of 6.6 (docs/performance.md).
 * V8 reads the flag when an isolate is made: it changes the threads made after it, not the
 * running main thread; without the server's own flag (tests, development) nothing changes.
 */
export function sizeThreadsYoungGeneration(execArgv: readonly string[]): void {
  const flag = execArgv.find((arg) => arg.startsWith('--max-semi-space-size='));
  const megabytes = Number(flag?.split('=')[1]);
  if (Number.isInteger(megabytes) && megabytes > 0) {
    setFlagsFromString(`--min-semi-space-size=${megabytes}`);
  }
}

/**
 * PGlite's search threads (docs/search.md, Threads): a pool of `size` threads, each reading
 * the database through this thread (database-host.ts) and the change count from shared
 * memory (change-count.ts).
 */
export function createSearchThreads(
  database: Database,
  size: number,
  log: PoolLog,
  warmUp: WarmUpOptions = { searches: 0, maxMs: 0 },
): SearchPool {
  const changes = sharedSearchChangeCount(database);
  const entry = threadEntry();
  sizeThreadsYoungGeneration(process.execArgv);
  const pool = new SearchPool({
    size,
    log,
    onClose: () => changes.close(),
    // Serving the builds (every row read by PGlite and copied to a thread) leaves this
    // thread's old generation full of garbage: collected before the server listens, not amid
    // its first searches, as index-sync.ts does after a build in this thread.
    onStarted: (images) => {
      if (images >= COLLECT_AFTER_BUILDS_OF) collectGarbage();
    },
    spawn(): SearchThread {
      const channel = new MessageChannel();
      const host = serveDatabase(channel.port1, database.db);
      const data: ThreadData = { database: channel.port2, changes: changes.buffer, warmUp };
      const worker = new Worker(entry.source, {
        eval: entry.eval,
        workerData: data,
        transferList: [channel.port2],
      });
      worker.on('exit', () => {
        void host.close().finally(() => channel.port1.close());
      });
      return worker;
    },
  });
  return pool;
}
