import { useCallback, useRef } from 'react';

const newKey = (): string => crypto.randomUUID();

/**
 * The Idempotency-Key of the current checkout attempt. `current()` makes one on first use
 * and answers the same key until `settle()`: a double click, or a retry after a network
 * error or a server failure, sends the same key, so the server never makes two orders.
 * Settle once the server has answered for good (an order, or a 4xx that made none).
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => (key.current ??= newKey()), []);
  const settle = useCallback(() => {
    key.current = null;
  }, []);
  return { current, settle };
}
