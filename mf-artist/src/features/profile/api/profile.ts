import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { ArtistOwnProfile, ArtistProfileEditBody } from '@atelier/contracts';

const OWN_PROFILE_PATH = '/api/artist-portal/profile/';
const ownProfileKey = ['artist-portal', 'profile'] as const;

const ownProfileQuery = () =>
  queryOptions({
    queryKey: ownProfileKey,
    queryFn: ({ signal }) => api.get<ArtistOwnProfile>(OWN_PROFILE_PATH, { signal }),
  });
export const useOwnProfile = () => useQuery(ownProfileQuery());

export const useSaveOwnProfile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ArtistProfileEditBody) => api.put<ArtistOwnProfile>(OWN_PROFILE_PATH, body),
    onSuccess: (profile) => client.setQueryData(ownProfileKey, profile),
  });
};
