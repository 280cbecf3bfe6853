import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { Collection, CollectionPage } from '@atelier/contracts';

/** How many collections the home page features. */
const FEATURED_COLLECTIONS = 4;

/**
 * How many recently changed collections to look through: the API answers a signed-in
 * caller their private ones too, and empty ones are not worth featuring.
 */
const FEATURED_COLLECTIONS_SCAN = 24;

/** Public collections with works in them, the most recently changed first. */
const pickFeatured = (page: CollectionPage): Collection[] =>
  page.results
    .filter((collection) => collection.public && collection.contents.length > 0)
    .slice(0, FEATURED_COLLECTIONS);

const getFeaturedCollections = async (signal?: AbortSignal) =>
  pickFeatured(
    await api.get<CollectionPage>('/api/collections/', {
      params: { limit: FEATURED_COLLECTIONS_SCAN, offset: 0, ordering: '-modified' },
      signal,
    }),
  );

const featuredCollectionsQuery = () =>
  queryOptions({
    queryKey: ['collections', 'featured'],
    queryFn: ({ signal }) => getFeaturedCollections(signal),
  });

export const useFeaturedCollections = () => useQuery(featuredCollectionsQuery());
