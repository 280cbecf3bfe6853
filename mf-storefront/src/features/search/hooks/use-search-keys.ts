import { useEffect, useRef } from 'react';

/** Where a key belongs to the field being typed in: arrows move the caret, Esc is the field's. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    // Checkboxes, radios and buttons do not use the arrows for text.
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range'].includes(target.type);
  }
  // antd's Select search box is an input, but its combobox role can sit on a wrapper.
  return target.getAttribute('role') === 'combobox';
}

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
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.shiftKey || isTextField(event.target)) return;
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
