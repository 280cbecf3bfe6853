export {
  useAuthStore,
  selectIsSignedIn,
  selectIsStaff,
  type AuthState,
  type SessionProfile,
  type SessionUser,
} from './auth-store';
export { useCartStore, itemCountLabel, type CartState } from './cart-store';
export { pushEvent, trackPageView, pageViewKey, type AnalyticsEvent } from './analytics';
export {
  authActions,
  createAuthActions,
  AUTH_PATHS,
  type AuthActions,
  type Registration,
} from './auth/auth-actions';
export {
  AUTH_STATE_MESSAGES,
  SESSION_EXPIRED,
  SESSION_EXPIRED_DEBOUNCE_MS,
  AuthStateError,
} from './auth/messages';
export {
  createTokenStorage,
  tokenStorage,
  TOKEN_STORAGE_KEY,
  type TokenStorage,
} from './auth/token-storage';
export { isTokenUsable, jwtExpiresAt } from './auth/jwt-expiry';
