import { api } from '@atelier/api-client';
import type { CollectionPage } from '@atelier/contracts';

/** SPEC §9: typeahead page size. */
const COLLECTION_TYPEAHEAD_PAGE_SIZE = 20;

/** The collections typeahead's lookup: the first matches by name and how many match in all. */
export const searchCollections = (term: string, signal?: AbortSignal) =>
  api.get<CollectionPage>('/api/collections/', {
    params: { search: term, ordering: 'name', limit: COLLECTION_TYPEAHEAD_PAGE_SIZE },
    signal,
  });
