import { TONAL_COLOURS } from '@atelier/contracts';

/** SPEC §9: the filter count ignores these params. */
const NOT_FILTERS = new Set(['q', 'offset', 'limit', 'sort', 'code']);

/** The Filters badge: every URL param but q, offset, limit, sort and code, one per value. */
export function activeFilterCount(params: URLSearchParams): number {
  let count = 0;
  for (const [key, value] of params) if (!NOT_FILTERS.has(key) && value !== '') count += 1;
  return count;
}

const isTonal = (colour: string) => (TONAL_COLOURS as readonly string[]).includes(colour);

/**
 * The colours chosen after checking or unchecking `colour` (SPEC §5): the four tonal options
 * are exclusive, so choosing one clears every other colour, and choosing a named colour
 * clears the tonal ones.
 */
export function toggleColour(chosen: readonly string[], colour: string, on: boolean): string[] {
  if (!on) return chosen.filter((value) => value !== colour);
  if (isTonal(colour)) return [colour];
  return [...chosen.filter((value) => !isTonal(value) && value !== colour), colour];
}

/**
 * The values of a many-choice filter after one is (un)checked, in the order chosen. Colours
 * follow their exclusivity rule.
 */
export function toggleValue(
  key: string,
  chosen: readonly string[],
  value: string,
  on: boolean,
): string[] {
  if (key === 'colours') return toggleColour(chosen, value, on);
  const rest = chosen.filter((existing) => existing !== value);
  return on ? [...rest, value] : rest;
}

/**
 * A copy of the URL params with `key` set to `values` (none removes it). A new filter starts
 * at the first result: the old offset may lie past the new result set's end.
 */
export function withFilter(
  params: URLSearchParams,
  key: string,
  values: readonly string[],
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(key);
  for (const value of values) next.append(key, value);
  next.delete('offset');
  return next;
}

/** Clear All: keeps the query, sort and page size; drops every filter and the offset. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (NOT_FILTERS.has(key) && key !== 'offset') next.append(key, value);
  }
  return next;
}
