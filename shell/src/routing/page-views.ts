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
    // Runs after the title effects (the page's and the layout's), so the title is current.
    trackPageView(pathname, new URLSearchParams(search).get('q'), document.title);
  }, [pathname, search]);
}
