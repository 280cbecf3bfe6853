import { api, isApiError, type ApiClient } from '@atelier/api-client';
import type { Page, Registration, SessionProfile, TokenPair, User } from '@atelier/contracts';
import { useAuthStore } from '../auth-store';
import { useCartStore } from '../cart-store';
import { cartActions as defaultCartActions, type CartActions } from '../cart/cart-actions';
import { usePreferencesStore } from '../preferences/preferences-store';
import { isTokenUsable } from './jwt-expiry';
import { AUTH_STATE_MESSAGES, AuthStateError, REGISTERED_ADDRESS_TAKEN } from './messages';
import { cancelSessionExpiredNotice, notifySessionExpired } from './session-expired';
import { webRefreshLock, type RefreshLock } from './refresh-lock';
import { tokenStorage as defaultStorage, type TokenStorage } from './token-storage';

/** The calls of SPEC §7 Auth API (and the profile and sign-out of the main app API). */
export const AUTH_PATHS = {
  create: '/auth/jwt/create/',
  refresh: '/auth/jwt/refresh/',
  fromSession: '/auth/jwt/get/',
  me: '/auth/users/me/',
  register: '/auth/users/',
  resetPassword: '/auth/users/reset_password/',
  resetPasswordConfirm: '/auth/users/reset_password_confirm/',
  profile: '/api/v2/profile/',
  artistProfile: '/api/artist-profile/',
  signOut: '/accounts/signout-no-redirect/',
} as const;

/** Their 401 or 400 is the answer: never refresh-and-retry them. */
const NO_RETRY = { refreshOn401: false } as const;

export interface AuthActions {
  /** SPEC §4 authentication on start: a stored token first, then the session profile. */
  boot(): Promise<void>;
  /** SPEC §4 login flow: clear old state, get a token, load the user's data. */
  signIn(email: string, password: string): Promise<void>;
  /** Creates the account, then signs in with it. */
  register(registration: Registration): Promise<void>;
  /** SPEC §4 logout: clears local state whatever the server answers; rethrows its failure. */
  signOut(): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  confirmPasswordReset(uid: string, token: string, newPassword: string): Promise<void>;
  /**
   * The api client's 401 hook: a new access token, or null (no login, or the refresh was
   * refused: then the login is dropped and the session-expired notice raised).
   */
  refreshAccessToken(): Promise<string | null>;
}

export function createAuthActions(
  client: ApiClient = api,
  storage: TokenStorage = defaultStorage,
  refreshLock: RefreshLock = webRefreshLock,
  carts: CartActions = defaultCartActions,
): AuthActions {
  const auth = () => useAuthStore.getState();

  function clearLocalState(): void {
    storage.clear();
    useCartStore.getState().clear();
    carts.forget();
    useAuthStore.getState().clear();
  }

  /** Loads the cart; a failure leaves the visitor without one, never without the page. */
  async function loadCart(guestToken: string | null = null): Promise<void> {
    try {
      const { user, profile } = auth();
      if (guestToken && user && profile && (await carts.migrateGuestCart(guestToken))) return;
      await carts.loadOnStart(profile);
    } catch (error) {
      console.warn('The cart could not be loaded.', error);
    }
  }

  /** SPEC §4: a session-profile 403 clears the profile and the cart. */
  async function loadProfile(): Promise<SessionProfile | null> {
    try {
      const profile = await client.get<SessionProfile>(AUTH_PATHS.profile);
      auth().setProfile(profile);
      return profile;
    } catch (error) {
      if (isApiError(error) && error.status === 403) {
        auth().setProfile(null);
        useCartStore.getState().clear();
        return null;
      }
      throw new AuthStateError(AUTH_STATE_MESSAGES.noProfile, { cause: error });
    }
  }

  async function isArtist(user: User): Promise<boolean> {
    try {
      const page = await client.get<Page<unknown>>(AUTH_PATHS.artistProfile, {
        params: { user_uuid: user.uuid },
      });
      return page.count > 0;
    } catch {
      // Without the artist profile the menu lacks the Artist Portal entry; the rest works.
      return false;
    }
  }

  /** Token-based: the user, the artist profile and the profile. */
  async function loadUserData(pair: TokenPair): Promise<void> {
    storage.write(pair);
    auth().setAccessToken(pair.access);
    let user: User;
    try {
      user = await client.get<User>(AUTH_PATHS.me);
    } catch (error) {
      throw new AuthStateError(AUTH_STATE_MESSAGES.noUser, { cause: error });
    }
    const [artist] = await Promise.all([isArtist(user), loadProfile().catch(() => null)]);
    auth().setUser(user, { isArtist: artist });
  }

  function expire(): void {
    clearLocalState();
    notifySessionExpired();
  }

  async function refreshAccessToken(): Promise<string | null> {
    const seen = storage.read();
    if (!seen) return null;
    return refreshLock(async () => {
      const stored = storage.read();
      if (!stored) return null;
      // Another tab refreshed while this one waited: its new pair is ours too.
      if (stored.refresh !== seen.refresh && isTokenUsable(stored.access)) {
        auth().setAccessToken(stored.access);
        return stored.access;
      }
      try {
        const pair = await client.post<TokenPair>(
          AUTH_PATHS.refresh,
          { refresh: stored.refresh },
          NO_RETRY,
        );
        storage.write(pair);
        auth().setAccessToken(pair.access);
        return pair.access;
      } catch (error) {
        // A refused refresh ends the login; a network failure leaves it for the next try.
        if (isApiError(error) && error.status !== undefined && error.status < 500) expire();
        return null;
      }
    });
  }

  /** SPEC §4 login flow: clear old state, get a token, load user data, load the cart. */
  async function signIn(email: string, password: string): Promise<void> {
    // A guest's cart outlives the clearing: it is migrated into the account (SPEC §4).
    const held = useCartStore.getState();
    const guestToken = held.guest ? held.token : null;
    clearLocalState();
    const pair = await client.post<TokenPair>(AUTH_PATHS.create, { email, password }, NO_RETRY);
    cancelSessionExpiredNotice();
    await loadUserData(pair);
    await loadCart(guestToken);
  }

  async function bootFromStoredToken(): Promise<boolean> {
    const stored = storage.read();
    if (!stored) return false;
    const access = isTokenUsable(stored.access) ? stored.access : await refreshAccessToken();
    const current = storage.read();
    if (!access || !current) return false;
    await loadUserData(current);
    return true;
  }

  async function bootFromSession(): Promise<void> {
    const profile = await loadProfile();
    // A session cookie signed in to an account (e.g. in another tab) swaps for tokens.
    if (!profile?.user_id) return;
    let pair: TokenPair;
    try {
      pair = await client.get<TokenPair>(AUTH_PATHS.fromSession, NO_RETRY);
    } catch (error) {
      throw new AuthStateError(AUTH_STATE_MESSAGES.noToken, { cause: error });
    }
    await loadUserData(pair);
  }

  return {
    async boot() {
      // Whatever fails, the visitor goes on as a guest; the reason is logged for support.
      const report = (error: unknown) =>
        console.warn(error instanceof Error ? error.message : String(error), error);
      try {
        if (!(await bootFromStoredToken().catch((error: unknown) => (report(error), false)))) {
          // No usable stored login (or it just expired): the session profile decides.
          await bootFromSession().catch(report);
        }
      } finally {
        auth().setReady();
      }
      // SPEC §4 cart on start, once it is known who is here.
      await loadCart();
    },

    signIn,

    async register({ email, password, name }) {
      await client.post(
        AUTH_PATHS.register,
        name === undefined ? { email, password } : { email, password, name },
        NO_RETRY,
      );
      try {
        await signIn(email, password);
      } catch (error) {
        // The server answers a taken address as it does a free one (and emails its owner):
        // a refused sign-in right after means the address already had an account.
        if (isApiError(error) && error.status === 401) {
          throw new AuthStateError(REGISTERED_ADDRESS_TAKEN, { cause: error });
        }
        throw error;
      }
    },

    async signOut() {
      try {
        await client.get(AUTH_PATHS.signOut, NO_RETRY);
      } finally {
        clearLocalState();
        usePreferencesStore.getState().reset();
      }
    },

    async requestPasswordReset(email) {
      await client.post(AUTH_PATHS.resetPassword, { email }, NO_RETRY);
    },

    async confirmPasswordReset(uid, token, newPassword) {
      await client.post(
        AUTH_PATHS.resetPasswordConfirm,
        { uid, token, new_password: newPassword },
        NO_RETRY,
      );
    },

    refreshAccessToken,
  };
}

/** The page's auth actions, over the shared api client. */
export const authActions = createAuthActions();
