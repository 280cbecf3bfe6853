import type { TokenPair } from '@atelier/contracts';

/** Where the login survives a reload: the token pair, in localStorage. */
export const TOKEN_STORAGE_KEY = 'atelier.auth';

export interface TokenStorage {
  read(): TokenPair | null;
  write(pair: TokenPair): void;
  clear(): void;
}

const isPair = (value: unknown): value is TokenPair =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TokenPair).access === 'string' &&
  typeof (value as TokenPair).refresh === 'string';

/** Storage may be missing or refuse writes (private windows); the login then lasts a page. */
export function createTokenStorage(storage: () => Storage | undefined): TokenStorage {
  return {
    read() {
      try {
        const raw = storage()?.getItem(TOKEN_STORAGE_KEY);
        const value: unknown = raw ? JSON.parse(raw) : null;
        return isPair(value) ? value : null;
      } catch {
        return null;
      }
    },
    write(pair) {
      try {
        storage()?.setItem(TOKEN_STORAGE_KEY, JSON.stringify(pair));
      } catch {
        // Not persisted: the session still works until the page is closed.
      }
    },
    clear() {
      try {
        storage()?.removeItem(TOKEN_STORAGE_KEY);
      } catch {
        // Nothing was stored.
      }
    },
  };
}

export const tokenStorage = createTokenStorage(() =>
  typeof window === 'undefined' ? undefined : window.localStorage,
);
