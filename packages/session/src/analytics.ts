/** One event as pushed to the tag manager's data layer. */
export type AnalyticsEvent = { event: string } & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: AnalyticsEvent[];
  }
}

export function pushEvent(event: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}

/** A page view; the shell calls it when the path or the `q` query changes. */
export function trackPageView(path: string, q: string | null, title: string): void {
  pushEvent({
    event: 'page_view',
    page_path: path,
    search_term: q ?? undefined,
    page_title: title,
  });
}

/** The key that decides whether a location change is a new page view. */
export function pageViewKey(pathname: string, search: string): string {
  const q = new URLSearchParams(search).get('q');
  return q === null ? pathname : `${pathname}?q=${q}`;
}
