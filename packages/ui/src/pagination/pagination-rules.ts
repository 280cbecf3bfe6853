import { groupThousands, PAGE_SIZE_OPTIONS } from '@atelier/contracts';

/** SPEC §5 page input: the message when the typed page is not 1..pages. */
export const PAGE_NUMBER_MESSAGE = 'Please enter a page number between 1 and {pages}.';
export const pageNumberMessage = (pages: number) =>
  PAGE_NUMBER_MESSAGE.replace('{pages}', String(pages));

/** SPEC §9: the page sizes offered. */
export const DEFAULT_PAGE_SIZE_OPTIONS: readonly number[] = PAGE_SIZE_OPTIONS;

/** How many pages `count` items fill; an empty list still has its one page. */
export const pageCount = (count: number, pageSize: number) =>
  Math.max(1, Math.ceil(Math.max(0, count) / Math.max(1, pageSize)));

/** The page typed into the page input, or null when it is not a whole number in 1..pages. */
export function parsePageInput(text: string, pages: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const page = Number(trimmed);
  return page >= 1 && page <= pages ? page : null;
}

/** A new page size keeps the first item of the current page on screen. */
export const pageKeepingFirstItem = (page: number, pageSize: number, nextPageSize: number) =>
  Math.floor(((Math.max(1, page) - 1) * pageSize) / nextPageSize) + 1;

/** The count shown at the start of the bar. */
export const formatResultCount = (count: number) =>
  count === 1 ? '1 result' : `${groupThousands(count)} results`;
