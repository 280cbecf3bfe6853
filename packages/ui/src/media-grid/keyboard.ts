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

/** A key press the page's own shortcuts may take: no modifier, not typed into a field. */
export function isPlainKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return false;
  return !event.shiftKey && !isTextField(event.target);
}

/** A click the browser should handle itself: new tab, new window, download, not the main button. */
export function isModifiedClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}
