/** The search module's public surface: what app.ts wires together (docs/search.md). */
export { searchChangeCount } from './indexer/change-feed';
export { createSearchIndexer } from './indexer/indexer';
export { createSearchRepository } from './query/repository';
export { searchRoutes } from './routes';
export { createSearchService } from './query/service';
