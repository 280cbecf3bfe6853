import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, searchImages } from '@atelier/api-client';
import { DASHBOARD_LIMITS } from '../messages';

/** The signed-in user's favourites: the search's favorites filter (one call). */
const listFavorites = (signal?: AbortSignal) =>
  searchImages(api, { favorites: true, limit: DASHBOARD_LIMITS.favorites }, { signal });

const favoritesQuery = () =>
  queryOptions({
    queryKey: ['search', 'favorites', DASHBOARD_LIMITS.favorites],
    queryFn: ({ signal }) => listFavorites(signal),
  });

export const useFavorites = () => useQuery(favoritesQuery());
