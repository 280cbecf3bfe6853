import { useEffect, useRef } from 'react';
import { isPlainKey } from '@atelier/ui';

export interface SearchKeyHandlers {
  previous: () => void;
  next: () => void;
  escape: () => void;
}

/**
 * SPEC §2: ←/→ page through results and Esc clears the selection, anywhere on the page but in
 * a text field. A key with a modifier is left to the browser (Alt+← is Back).
 */
export function useSearchKeys(handlers: SearchKeyHandlers) {
  // The latest handlers without re-binding the listener on every render.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPlainKey(event)) return;
      const action =
        event.key === 'ArrowLeft'
          ? latest.current.previous
          : event.key === 'ArrowRight'
            ? latest.current.next
            : event.key === 'Escape'
              ? latest.current.escape
              : null;
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
