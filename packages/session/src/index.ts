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
