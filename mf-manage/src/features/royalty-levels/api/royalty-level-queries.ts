import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { Page, RoyaltyLevelRate, RoyaltyLevelRecord } from '@atelier/contracts';

const ROYALTY_LEVELS_PATH = '/api/royalty-levels/';

/** Under ['manage', 'royalty-levels'], which the generic form refreshes after a save. */
const royaltyLevelKeys = {
  all: ['manage', 'royalty-levels'] as const,
  list: (search: string) => [...royaltyLevelKeys.all, 'levels', search] as const,
  detail: (id: string) => [...royaltyLevelKeys.all, 'detail', id] as const,
  rates: (id: string) => [...royaltyLevelKeys.all, 'rates', id] as const,
};

const royaltyLevelsQuery = (search: string) =>
  queryOptions({
    queryKey: royaltyLevelKeys.list(search),
    queryFn: ({ signal }) =>
      api.get<Page<RoyaltyLevelRecord>>(ROYALTY_LEVELS_PATH, {
        params: { limit: 1000, ordering: 'rate_bp', ...(search ? { search } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

const royaltyLevelQuery = (id: string) =>
  queryOptions({
    queryKey: royaltyLevelKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<RoyaltyLevelRecord>(`${ROYALTY_LEVELS_PATH}${encodeURIComponent(id)}/`, { signal }),
  });

const royaltyLevelRatesQuery = (id: string) =>
  queryOptions({
    queryKey: royaltyLevelKeys.rates(id),
    queryFn: ({ signal }) =>
      api.get<Page<RoyaltyLevelRate>>(`${ROYALTY_LEVELS_PATH}${encodeURIComponent(id)}/rates/`, {
        params: { limit: 1000 },
        signal,
      }),
  });

export const useRoyaltyLevels = (search: string) => useQuery(royaltyLevelsQuery(search));
export const useRoyaltyLevel = (id: string) => useQuery(royaltyLevelQuery(id));
export const useRoyaltyLevelRates = (id: string) => useQuery(royaltyLevelRatesQuery(id));

/** Cancels a scheduled rate of the level; the level and its history are stale afterwards. */
export function useCancelRate(levelId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rateId: number) =>
      api.delete<null>(`${ROYALTY_LEVELS_PATH}${encodeURIComponent(levelId)}/rates/${rateId}/`),
    onSuccess: () => client.invalidateQueries({ queryKey: royaltyLevelKeys.all }),
  });
}
