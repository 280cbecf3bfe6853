import type { QueryClient } from '@tanstack/react-query';

let bound: QueryClient | null = null;

/**
 * The page's one query cache, bound by AppProviders, so that actions outside React (the
 * login flow, cart creation) can refresh or drop cart data. `@atelier/session` is a
 * federation singleton, so the shell's binding is every remote's.
 */
export function bindQueryClient(client: QueryClient | null): void {
  bound = client;
}

export function boundQueryClient(): QueryClient | null {
  return bound;
}
