/** Runs `task` while holding the page's refresh lock. */
export type RefreshLock = <T>(task: () => Promise<T>) => Promise<T>;

const LOCK_NAME = 'atelier.auth.refresh';

/**
 * Refresh tokens are single-use and shared by every tab through localStorage: two tabs
 * refreshing with the same token at once would look like token theft to the server, which
 * then ends the login everywhere. The Web Locks API serialises refreshes across the tabs of
 * the origin; where it is missing, a refresh runs unguarded (one tab still works).
 */
export const webRefreshLock: RefreshLock = async <T>(task: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks
    ? ((await navigator.locks.request(LOCK_NAME, task)) as T)
    : task();
