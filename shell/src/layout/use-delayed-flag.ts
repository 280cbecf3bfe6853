import { useEffect, useState } from 'react';

/**
 * `active`, but only once it has stayed true for `delayMs`; false again as soon as it turns
 * false. Keeps busy indicators away from work that finishes quickly, so they do not flash.
 */
export function useDelayedFlag(active: boolean, delayMs: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => setElapsed(true), delayMs);
    return () => {
      clearTimeout(timer);
      // The next busy spell waits its own full delay.
      setElapsed(false);
    };
  }, [active, delayMs]);
  return active && elapsed;
}
