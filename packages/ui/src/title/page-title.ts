import { useEffect } from 'react';

export const BRAND = 'Atelier';
const HOME_TITLE = 'Fine Art & Photography Prints';

/** SPEC §1: every page title carries the brand suffix. */
export function formatPageTitle(title?: string | null): string {
  return `${title || HOME_TITLE} | ${BRAND}`;
}

/** For pages whose title comes from data (an image's title); static titles live on routes. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = formatPageTitle(title);
  }, [title]);
}
