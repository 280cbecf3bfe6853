export {
  useAuthStore,
  selectIsSignedIn,
  selectIsStaff,
  type SessionProfile,
  type SessionUser,
} from './auth-store';
export { useCartStore, itemCountLabel } from './cart-store';
export {
  usePreferencesStore,
  DEFAULT_PREFERENCES,
  type SavedCustomSize,
} from './preferences/preferences-store';
export { cartApi, type ProjectListParams } from './cart/cart-api';
export { cartKeys, cartQuery, cartItemsQuery, useCurrentCart } from './cart/cart-queries';
export { cartActions } from './cart/cart-actions';
export { bindQueryClient, boundQueryClient } from './cart/query-client';
export { pushEvent, trackPageView, pageViewKey, type AnalyticsEvent } from './analytics';
export { authActions, AUTH_PATHS } from './auth/auth-actions';
export { SESSION_EXPIRED } from './auth/messages';
