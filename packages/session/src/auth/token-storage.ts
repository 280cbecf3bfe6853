import type { TokenPair } from '@atelier/contracts';
import { createJSONStorage, persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';

/** Where the login survives a reload: the token pair, in localStorage. */
export const TOKEN_STORAGE_KEY = 'atelier.auth';

export interface TokenStorage {
  read(): TokenPair | null;
  write(pair: TokenPair): void;
  clear(): void;
}

interface TokenState {
  pair: TokenPair | null;
}

const isPair = (value: unknown): value is TokenPair =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TokenPair).access === 'string' &&
  typeof (value as TokenPair).refresh === 'string';

const pairOf = (state: unknown): TokenPair | null => {
  const pair = (state as Partial<TokenState> | undefined)?.pair;
  return isPair(pair) ? pair : null;
};

/**
 * The token pair in a zustand store persisted to `storage` (zustand's `persist`). Every tab
 * shares the stored pair: `read()` rehydrates first, so a pair another tab refreshed or
 * signed out is what this tab reads. Storage may be missing or refuse writes (private
 * windows); the login then lasts a page, held in memory.
 */
export function createTokenStorage(storage: () => Storage | undefined): TokenStorage {
  const available = (): Storage => {
    const target = storage();
    if (!target) throw new Error('no storage');
    return target;
  };
  /** False without storage, or once it refused a write: the pair then lives in memory. */
  let persisted = true;
  try {
    available();
  } catch {
    persisted = false;
  }
  const store = createStore<TokenState>()(
    persist(() => ({ pair: null }), {
      name: TOKEN_STORAGE_KEY,
      version: 1,
      // Without storage, createJSONStorage gives none and persist keeps the pair in memory.
      storage: createJSONStorage(available, {
        // Before version 1 the key held the bare pair: a login made then is kept.
        reviver: (key, value) =>
          key === '' && isPair(value) ? { state: { pair: value }, version: 1 } : value,
      }),
      // Whatever the storage holds replaces this tab's pair: nothing (signed out) included.
      merge: (stored) => ({ pair: pairOf(stored) }),
    }),
  );

  return {
    read() {
      if (persisted) void store.persist.rehydrate();
      return store.getState().pair;
    },
    write(pair) {
      try {
        store.setState({ pair });
      } catch {
        persisted = false;
      }
    },
    clear() {
      try {
        store.setState({ pair: null });
        if (persisted) void store.persist.clearStorage();
      } catch {
        // Nothing was stored.
      }
    },
  };
}

export const tokenStorage = createTokenStorage(() =>
  typeof window === 'undefined' ? undefined : window.localStorage,
);
