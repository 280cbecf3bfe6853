import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { pageViewKey, trackPageView } from '@atelier/session';

/** SPEC §1: a page view is tracked when the path or the `q` query changes. */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  const last = useRef<string | null>(null);
  useEffect(() => {
    const key = pageViewKey(pathname, search);
    if (key === last.current) return;
    last.current = key;
    // After the title effect of the new page has run.
    const timer = setTimeout(() => {
      trackPageView(pathname, new URLSearchParams(search).get('q'), document.title);
    }, 0);
    return () => clearTimeout(timer);
  }, [pathname, search]);
}
