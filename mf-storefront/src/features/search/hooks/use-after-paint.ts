import { useEffect, useState } from 'react';

/**
 * False until a frame has been painted after `ready` first held, then true for good: what a
 * page's first paint does not need (the search page's Filters panel) is asked for after it,
 * so its code and styles neither share the network with the page's first results nor run
 * before they are on screen.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs before that frame's paint; the task it queues, after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
