import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { ArtistEmail, ArtistEmailPage, ArtistEmailRequest } from '@atelier/contracts';

const artistEmailPath = (profileId: string) =>
  `/api/artist-profile/${encodeURIComponent(profileId)}/email/`;

const keys = {
  sent: (profileId: string) => ['manage', 'artist-email', profileId] as const,
};

/** `GET /api/artist-profile/{id}/email/`: what staff sent this artist, newest first. */
const sentEmailsQuery = (profileId: string) =>
  queryOptions({
    queryKey: keys.sent(profileId),
    queryFn: ({ signal }) =>
      api.get<ArtistEmailPage>(artistEmailPath(profileId), { params: { limit: 50 }, signal }),
    placeholderData: keepPreviousData,
  });

export const useSentEmails = (profileId: string) => useQuery(sentEmailsQuery(profileId));

/** `POST /api/artist-profile/{id}/email/`. */
export function useSendArtistEmail(profileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ArtistEmailRequest) =>
      api.post<ArtistEmail>(artistEmailPath(profileId), body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.sent(profileId) });
    },
  });
}
