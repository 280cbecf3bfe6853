export {
  useAuthStore,
  selectIsSignedIn,
  selectIsStaff,
  type AuthState,
  type SessionProfile,
  type SessionUser,
} from './auth-store';
export { useCartStore, itemCountLabel, CART_STORAGE_KEY, type CartState } from './cart-store';
export {
  usePreferencesStore,
  DEFAULT_PREFERENCES,
  CUSTOM_SIZES_KEPT,
  PREFERENCES_STORAGE_KEY,
  type LocalPreferences,
  type PreferencesState,
  type SavedCustomSize,
} from './preferences/preferences-store';
export {
  cartApi,
  createCartApi,
  CART_PATHS,
  type CartApi,
  type CartItemsParams,
  type ProjectListParams,
} from './cart/cart-api';
export { cartKeys, cartQuery, cartItemsQuery, useCurrentCart } from './cart/cart-queries';
export { cartActions, createCartActions, type CartActions } from './cart/cart-actions';
export { bindQueryClient, boundQueryClient } from './cart/query-client';
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
