/**
 * The search module's public surface: what app.ts wires together, and what tools/demo's
 * EXPLAIN harness builds the same way (docs/search.md).
 */
export { searchChangeCount } from './indexer/change-feed';
export { createSearchIndexer } from './indexer/indexer';
export { createSearchRepository } from './query/repository';
export { searchRoutes } from './routes';
export { createSearchService, type SearchOptions } from './query/service';
export { createSearchThreads } from './threads/spawn';
export { warmUpSearch } from './query/warm-up';
export type { SearchPool } from './threads/pool';
