import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { pageViewKey, trackPageView } from '@atelier/session';

/** How long a page whose title comes from data may take before its view is counted anyway. */
const DATA_TITLE_WAIT_MS = 3000;

const hasStaticTitle = (handle: unknown) =>
  Boolean(handle && typeof handle === 'object' && 'title' in handle && handle.title);

/**
 * SPEC §1: a page view is tracked when the path or the `q` query changes. It is counted once
 * the page has its title: at once for routes titled statically, when the title changes for
 * pages titled from data. A location left at once (a redirect) is not counted.
 */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  const lastKey = useRef<string | null>(null);
  const matches = useMatches();
  const deepest = matches[matches.length - 1];
  const waitsForData = !hasStaticTitle(deepest?.handle) && pathname !== '/';

  useEffect(() => {
    const key = pageViewKey(pathname, search);
    if (key === lastKey.current) return undefined;
    const q = new URLSearchParams(search).get('q');
    let done = false;
    const track = () => {
      if (done) return;
      done = true;
      lastKey.current = key;
      trackPageView(pathname, q, document.title);
    };
    if (!waitsForData) {
      const timer = setTimeout(track, 0);
      return () => clearTimeout(timer);
    }
    const titleAtStart = document.title;
    const observer = new MutationObserver(() => {
      if (document.title !== titleAtStart) track();
    });
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    const timer = setTimeout(track, DATA_TITLE_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, search, waitsForData]);
}
