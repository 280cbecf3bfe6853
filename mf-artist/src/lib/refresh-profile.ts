import { useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import { APPROVED_STAGES, type ApplicationStage } from '@atelier/contracts';
import { AUTH_PATHS, useAuthStore, type SessionProfile } from '@atelier/session';

/**
 * Re-reads the profile after a step moved application_stage (or staff decided), so that the
 * shell's My Account menu (Artist Profile at 'payment', Artist Portal for an artist) follows.
 */
export async function refreshProfile(): Promise<SessionProfile | null> {
  const profile = await api.get<SessionProfile>(AUTH_PATHS.profile).catch(() => null);
  if (!profile) return null;
  const auth = useAuthStore.getState();
  auth.setProfile(profile);
  const stage = profile.application_stage as ApplicationStage | null;
  if (auth.user && stage && APPROVED_STAGES.includes(stage) && !auth.isArtist) {
    auth.setUser(auth.user, { isArtist: true });
  }
  return profile;
}

/** The profile as the server has it now: staff may have decided since sign-in. */
export function useFreshProfile(enabled: boolean) {
  return useQuery({
    queryKey: ['artist-portal', 'fresh-profile'],
    queryFn: refreshProfile,
    enabled,
    staleTime: 0,
  });
}
