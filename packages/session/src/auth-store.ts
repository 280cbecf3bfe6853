import type { SessionProfile, User as SessionUser } from '@atelier/contracts';
import { create } from 'zustand';

/** SPEC §3 User and Profile: the contracts' shapes, under the names the front ends use. */
export type { SessionProfile, User as SessionUser } from '@atelier/contracts';

export interface AuthState {
  user: SessionUser | null;
  /** Set when the user has an artist profile. */
  isArtist: boolean;
  profile: SessionProfile | null;
  accessToken: string | null;
  /** 'booting' until the shell has tried the stored login and the session profile. */
  status: 'booting' | 'ready';
  /** Set when a refresh failed and the login was dropped (SPEC §8 session-expired notice). */
  sessionExpired: boolean;
  setUser(user: SessionUser | null, options?: { isArtist?: boolean }): void;
  setProfile(profile: SessionProfile | null): void;
  setAccessToken(token: string | null): void;
  setReady(): void;
  setSessionExpired(expired: boolean): void;
  clear(): void;
}

/**
 * Who is using the page. One instance for the whole page: `@atelier/session` is a federation
 * singleton, so what the shell sets here is what every remote reads.
 */
export const useAuthStore = create<AuthState>()((set) => ({
  user: null,
  isArtist: false,
  profile: null,
  accessToken: null,
  status: 'booting',
  sessionExpired: false,
  setUser: (user, options) => set({ user, isArtist: Boolean(user && options?.isArtist) }),
  setProfile: (profile) => set({ profile }),
  setAccessToken: (accessToken) => set({ accessToken }),
  setReady: () => set({ status: 'ready' }),
  setSessionExpired: (sessionExpired) => set({ sessionExpired }),
  clear: () => set({ user: null, isArtist: false, profile: null, accessToken: null }),
}));

export const selectIsStaff = (state: AuthState): boolean => Boolean(state.user?.is_staff);
export const selectIsSignedIn = (state: AuthState): boolean => state.user !== null;
