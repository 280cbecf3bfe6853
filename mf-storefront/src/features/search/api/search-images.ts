import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, searchImages, type SearchImagesParams } from '@atelier/api-client';

/**
 * The screen's search. It goes through the shared `searchImages` so the SPEC §7 merge (both
 * APIs in parallel) and the SPEC §8 partial-failure warnings are written once.
 */
export const searchQuery = (params: SearchImagesParams) =>
  queryOptions({
    queryKey: ['search', params],
    queryFn: ({ signal }) => searchImages(api, params, { signal }),
    // The last page stays on screen while the next one loads: no blank flash between pages.
    placeholderData: keepPreviousData,
  });

/** searchRefresh (SPEC §3 local preferences): results kept fresh while the page is open. */
const REFRESH_INTERVAL_MS = 60_000;

export const useSearch = (params: SearchImagesParams, { refresh = false } = {}) =>
  useQuery({
    ...searchQuery(params),
    refetchInterval: refresh ? REFRESH_INTERVAL_MS : false,
    refetchOnWindowFocus: refresh,
  });
