import { useEffect } from 'react';
import { formatPageTitle } from '@atelier/ui';

/**
 * Sets the home page's title (SPEC §1: the government variant has its own).
 *
 * The shell sets the standard home title whenever the path becomes `/`, in an effect of its
 * layout. A parent's effects run after its children's in the same commit, so on a
 * navigation to `/` with the site already known, a plain effect here would be overwritten at
 * once. A microtask runs after the whole commit's effects, so this title is the last word.
 */
export function useHomeTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) document.title = formatPageTitle(title);
    });
    return () => {
      cancelled = true;
    };
  }, [title]);
}
