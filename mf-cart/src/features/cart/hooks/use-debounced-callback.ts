import { useCallback, useEffect, useRef } from 'react';

/**
 * `schedule(value)` calls `callback` with the last value once `delayMs` has passed without
 * another call. A call still waiting when the component goes away is made then, so a change
 * is not lost by leaving the page quickly.
 */
export function useDebouncedCallback<T>(callback: (value: T) => void, delayMs: number) {
  const callbackRef = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<{ value: T } | null>(null);

  useEffect(() => {
    callbackRef.current = callback;
  }, [callback]);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const waiting = pending.current;
    pending.current = null;
    if (waiting) callbackRef.current(waiting.value);
  }, []);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );

  useEffect(() => flush, [flush]);

  return { schedule, flush };
}
