import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { Database } from '../../../db/client';
import { sharedSearchChangeCount } from './change-count';
import { serveDatabase } from './database-host';
import { SearchPool, type PoolLog, type SearchThread } from './pool';
import type { ThreadData } from './protocol';

/** The compiled thread's file beside the compiled server (build.mjs's entry of that name). */
export const COMPILED_THREAD = 'search-thread.js';

/**
 * The thread's entry and the options to load it: in the compiled server (dist/, every module
 * bundled in server.js) the bundle of thread-entry.ts beside it; from the sources (tsx in
 * development, Jest in tests) thread-entry.ts itself, through tsx's loader, which a thread
 * inherits from `node --import tsx` and is given otherwise.
 */
function threadEntry(): { file: string; execArgv?: string[] } {
  if (!__filename.endsWith('.ts')) return { file: path.join(__dirname, COMPILED_THREAD) };
  const file = path.join(__dirname, 'thread-entry.ts');
  if (process.execArgv.some((arg) => arg.includes('tsx'))) return { file };
  const loader = pathToFileURL(createRequire(__filename).resolve('tsx')).href;
  return { file, execArgv: ['--import', loader] };
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
  onFatal?: (error: Error) => void,
): SearchPool {
  const changes = sharedSearchChangeCount(database);
  const entry = threadEntry();
  return new SearchPool({
    size,
    log,
    ...(onFatal ? { onFatal } : {}),
    onClose: () => changes.close(),
    spawn(): SearchThread {
      const channel = new MessageChannel();
      const host = serveDatabase(channel.port1, database.db);
      const data: ThreadData = { database: channel.port2, changes: changes.buffer };
      const worker = new Worker(entry.file, {
        workerData: data,
        transferList: [channel.port2],
        ...(entry.execArgv ? { execArgv: entry.execArgv } : {}),
      });
      worker.on('exit', () => {
        void host.close().finally(() => channel.port1.close());
      });
      return worker;
    },
  });
}
