import { useLayoutEffect, useRef, useState } from 'react';

/** SPEC §9: the grid re-lays itself out at most every 400 ms while resizing. */
export const GRID_RESIZE_THROTTLE_MS = 400;

/** The element's width, null until it has been measured (in the commit that mounts it). */
export function useContainerWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState<number | null>(null);

  // Measured before the first paint: tiles laid out at a guessed width and then at the real
  // one would all move (a layout shift of 0.28 on the home page).
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    setWidth(element.clientWidth);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        setWidth(element.clientWidth);
      }, GRID_RESIZE_THROTTLE_MS);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, []);

  return [ref, width] as const;
}
