import { parentPort, workerData } from 'node:worker_threads';
import { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { ApiError } from '../../../lib/errors';
import { createSearchIndexer } from '../indexer/indexer';
import { createSearchRepository } from '../query/repository';
import { createSearchService } from '../query/service';
import { warmUpSearch } from '../query/warm-up';
import { readSearchChangeCount } from './change-count';
import type { FromThread, SearchAnswer, SearchCall, ThreadData } from './protocol';
import { RemoteDialect } from './remote-dialect';

/**
 * A search thread (pool.ts): its own index and cards, built and kept in step by the same
 * indexer as the main thread's, reading the database through the main thread
 * (remote-dialect.ts). Answers each search as JSON, or as the service's client error.
 */
async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('search threads: thread-entry.ts runs in a worker thread');
  const data = workerData as ThreadData;
  const db = new Kysely<DB>({ dialect: new RemoteDialect(data.database) });
  const indexer = createSearchIndexer(db, readSearchChangeCount(data.changes));
  const repository = createSearchRepository(db, indexer);
  const service = createSearchService(repository);
  const index = await repository.warm();
  const warmUp = await warmUpSearch(service, repository, data.warmUp);
  port.postMessage({
    type: 'ready',
    buildMs: repository.indexStats().lastBuildMs,
    images: index.size,
    warmUpFailures: warmUp.failures,
  } satisfies FromThread);

  const answer = async (call: SearchCall): Promise<SearchAnswer> => {
    try {
      const result =
        call.kind === 'search'
          ? await service.search(call.request, call.viewer)
          : await service.related(call.request, call.viewer);
      return { type: 'answer', id: call.id, json: JSON.stringify(result) };
    } catch (error) {
      if (error instanceof ApiError) {
        return { type: 'answer', id: call.id, status: error.statusCode, body: error.body };
      }
      return {
        type: 'answer',
        id: call.id,
        failure: error instanceof Error ? (error.stack ?? error.message) : String(error),
      };
    }
  };
  port.on('message', (call: SearchCall) => {
    void answer(call).then((reply) => port.postMessage(reply satisfies FromThread));
  });
}

// A failure to build ends the thread (an uncaught rejection): the pool sees it exit before
// it was ready, and the server does not start.
void main();
