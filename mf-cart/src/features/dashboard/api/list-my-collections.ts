import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { Collection, CollectionPage } from '@atelier/contracts';
import { DASHBOARD_LIMITS } from '../messages';

/**
 * The collections list answers public ones and the caller's own (staff: all) and has no
 * owner filter: the most recently changed are read and the user's own kept.
 */
const COLLECTIONS_SCANNED = 100;

export interface MyCollections {
  results: Collection[];
  /** How many of the scanned collections are the user's. */
  count: number;
}

const listMyCollections = async (
  ownerUuid: string,
  signal?: AbortSignal,
): Promise<MyCollections> => {
  const page = await api.get<CollectionPage>('/api/collections/', {
    params: { ordering: '-modified', limit: COLLECTIONS_SCANNED },
    signal,
  });
  const own = page.results.filter((collection) => collection.owner === ownerUuid);
  return { results: own.slice(0, DASHBOARD_LIMITS.collections), count: own.length };
};

const myCollectionsQuery = (ownerUuid: string) =>
  queryOptions({
    queryKey: ['collections', 'mine', ownerUuid],
    queryFn: ({ signal }) => listMyCollections(ownerUuid, signal),
  });

export const useMyCollections = (ownerUuid: string) => useQuery(myCollectionsQuery(ownerUuid));
