import { useAuthStore } from '../auth-store';
import { SESSION_EXPIRED_DEBOUNCE_MS } from './messages';

let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Raises the session-expired notice once per burst: several requests failing together
 * (or a refresh failing on start and again just after) show it once, 1 s after the last.
 */
export function notifySessionExpired(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    useAuthStore.getState().setSessionExpired(true);
  }, SESSION_EXPIRED_DEBOUNCE_MS);
}

/** A new sign-in makes any pending notice moot. */
export function cancelSessionExpiredNotice(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  useAuthStore.getState().setSessionExpired(false);
}
