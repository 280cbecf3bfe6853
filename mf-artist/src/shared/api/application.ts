import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { ApplicationInfoBody, ArtistApplication } from '@atelier/contracts';
import { refreshProfile } from '../../lib/refresh-profile';

export const APPLICATION_PATH = '/api/artist-application/';

const applicationKey = ['artist-application'] as const;

const getApplication = (signal?: AbortSignal) =>
  api.get<ArtistApplication>(APPLICATION_PATH, { signal });

const applicationQuery = () =>
  queryOptions({ queryKey: applicationKey, queryFn: ({ signal }) => getApplication(signal) });

export const useApplication = (enabled = true) => useQuery({ ...applicationQuery(), enabled });

/** A mutation whose answer is the application: it replaces the cached one. */
function useApplicationMutation<Input>(send: (input: Input) => Promise<ArtistApplication>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (application) => {
      client.setQueryData(applicationKey, application);
      await refreshProfile();
    },
  });
}

export const useSaveApplicationInfo = () =>
  useApplicationMutation((body: ApplicationInfoBody) =>
    api.put<ArtistApplication>(APPLICATION_PATH, body),
  );

export const useAddSample = () =>
  useApplicationMutation((body: { name: string; data: string }) =>
    api.post<ArtistApplication>(`${APPLICATION_PATH}samples/`, body),
  );

export const useRemoveSample = () =>
  useApplicationMutation((id: number) =>
    api.delete<ArtistApplication>(`${APPLICATION_PATH}samples/${id}/`),
  );

export const useSubmitApplication = () =>
  useApplicationMutation(() => api.post<ArtistApplication>(`${APPLICATION_PATH}submit/`));
