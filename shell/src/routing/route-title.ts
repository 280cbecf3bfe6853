import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { formatPageTitle } from '@atelier/ui';

const titleOf = (handle: unknown): string | undefined =>
  handle && typeof handle === 'object' && 'title' in handle && typeof handle.title === 'string'
    ? handle.title
    : undefined;

/**
 * Sets the page title from the deepest route that names one. A page whose title comes from
 * data (an image) leaves `handle.title` out and calls `usePageTitle` itself.
 */
export function useRouteTitle(): string {
  const matches = useMatches();
  const deepest = matches[matches.length - 1];
  const title = titleOf(deepest?.handle);
  const isHome = deepest?.pathname === '/';
  useEffect(() => {
    if (title || isHome) document.title = formatPageTitle(isHome ? null : title);
  }, [title, isHome]);
  return document.title;
}
