import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { ApiRoot } from '@atelier/contracts';

const apiRootQuery = () =>
  queryOptions({
    queryKey: ['api-root'],
    queryFn: ({ signal }) => api.get<ApiRoot>('/api/', { signal }),
    staleTime: 5 * 60_000,
  });

export const useApiRoot = () => useQuery(apiRootQuery());
