import { groupThousands, type Page } from '@atelier/contracts';

/** SPEC §9: typeahead debounce. */
export const TYPEAHEAD_DEBOUNCE_MS = 300;

/** SPEC §5: the entry that says there is more than is listed; choosing it does nothing. */
export const TYPEAHEAD_MORE_MARKER = '…';

export const isMoreMarker = (value: unknown) => value === TYPEAHEAD_MORE_MARKER;

/** What the marker tells a screen reader and a hovering pointer. */
export const moreMatches = (more: number) =>
  `${groupThousands(more)} more; keep typing to narrow the list`;

/** A page of matches, as DRF lists answer: `count` is every match, `results` the first few. */
export type TypeaheadPage<T> = Pick<Page<T>, 'count' | 'results'>;
