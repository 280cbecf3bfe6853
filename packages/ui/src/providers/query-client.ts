import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@atelier/api-client';

/** A 4xx will not change by asking again; network errors and 5xx get two retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => {
          const status = isApiError(error) ? error.status : undefined;
          if (status !== undefined && status >= 400 && status < 500) return false;
          return failures < 2;
        },
      },
    },
  });
}
