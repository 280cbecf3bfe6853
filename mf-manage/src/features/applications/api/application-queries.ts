import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type {
  ApplicationReviewState,
  ArtistApplication,
  DecisionBody,
  Page,
  StaffApplication,
} from '@atelier/contracts';

const APPLICATIONS_PATH = '/api/artist-applications/';

const applicationKeys = {
  all: ['manage', 'artist-applications'] as const,
  list: (state: ApplicationReviewState | 'all', page: number, pageSize: number) =>
    [...applicationKeys.all, 'list', state, page, pageSize] as const,
  one: (id: number) => [...applicationKeys.all, 'one', id] as const,
};

/** GET /api/artist-applications/: those awaiting review first; `state` filters. */
const applicationListQuery = (
  state: ApplicationReviewState | 'all',
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: applicationKeys.list(state, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<Page<StaffApplication>>(APPLICATIONS_PATH, {
        params: {
          ...(state === 'all' ? {} : { state }),
          limit: pageSize,
          offset: (page - 1) * pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useApplicationList = (
  state: ApplicationReviewState | 'all',
  page: number,
  pageSize: number,
) => useQuery(applicationListQuery(state, page, pageSize));

const applicationQuery = (id: number) =>
  queryOptions({
    queryKey: applicationKeys.one(id),
    queryFn: ({ signal }) => api.get<StaffApplication>(`${APPLICATIONS_PATH}${id}/`, { signal }),
  });

export const useApplication = (id: number) => useQuery(applicationQuery(id));

/** POST /api/artist-applications/:id/decision/: approve or decline, the message emailed. */
const decideApplication = (id: number, body: DecisionBody) =>
  api.post<ArtistApplication>(`${APPLICATIONS_PATH}${id}/decision/`, body);

export function useDecideApplication(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DecisionBody) => decideApplication(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
