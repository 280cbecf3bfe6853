/** SPEC §9: a token refresh is shared by every caller for 10 s after it starts. */
export const REFRESH_MEMO_MS = 10_000;

/**
 * Wraps `refresh` so that calls within `ttlMs` of a started refresh share its promise:
 * ten requests failing with 401 at once cause one refresh, and a burst of 401s right after
 * a failed refresh does not hammer the server.
 */
export function memoizeRefresh<T>(
  refresh: () => Promise<T>,
  ttlMs: number = REFRESH_MEMO_MS,
  now: () => number = Date.now,
): () => Promise<T> {
  let pending: { promise: Promise<T>; startedAt: number } | null = null;
  return () => {
    if (pending && now() - pending.startedAt < ttlMs) return pending.promise;
    const promise = refresh();
    pending = { promise, startedAt: now() };
    return promise;
  };
}
