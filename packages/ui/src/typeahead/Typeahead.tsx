import { useState, type CSSProperties } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  isMoreMarker,
  moreMatches,
  TYPEAHEAD_DEBOUNCE_MS,
  TYPEAHEAD_MORE_MARKER,
  type TypeaheadPage,
} from './typeahead-rules';
import { useDebouncedValue } from './use-debounced-value';

export interface TypeaheadProps<T> {
  /** The accessible name of the search box. */
  label: string;
  placeholder?: string;
  /** The TanStack Query key of these lookups; the typed term is appended. */
  queryKey: readonly unknown[];
  /** Looks the term up; a page of at most the typeahead page size (SPEC §9). */
  search: (term: string, signal: AbortSignal) => Promise<TypeaheadPage<T>>;
  getKey: (item: T) => string | number;
  getLabel: (item: T) => string;
  /** A match was chosen (never the '…' marker). */
  onChoose: (item: T) => void;
  /**
   * The marker's words for `more` unlisted matches, for a list whose spec spells it out
   * (SPEC §2 collections: 'and N more'); without it the marker is '…' (SPEC §5).
   */
  moreLabel?: (more: number) => string;
  /** SPEC §9: 300 ms. */
  debounceMs?: number;
  className?: string;
  style?: CSSProperties;
}

interface Option {
  value: string;
  label: string;
  title?: string;
  className?: string;
  disabled?: boolean;
}

/**
 * A search box that lists matches as you type (SPEC §2 staff bar, SPEC §5): the lookup waits
 * until typing pauses for the debounce, a '…' entry says there are more matches than listed
 * and is ignored when chosen, and arrows, Enter and Escape work from the keyboard.
 */
export default function Typeahead<T>({
  label,
  placeholder,
  queryKey,
  search,
  getKey,
  getLabel,
  onChoose,
  moreLabel,
  debounceMs = TYPEAHEAD_DEBOUNCE_MS,
  className,
  style,
}: TypeaheadProps<T>) {
  const [input, setInput] = useState('');
  const term = useDebouncedValue(input.trim(), debounceMs);
  const active = term.length > 0 && input.trim().length > 0;
  const matches = useQuery({
    queryKey: [...queryKey, term],
    queryFn: ({ signal }) => search(term, signal),
    enabled: active,
    staleTime: 30_000,
  });

  const page = active ? matches.data : undefined;
  const items = page?.results ?? [];
  const options: Option[] = items.map((item) => ({
    value: String(getKey(item)),
    label: getLabel(item),
  }));
  if (page && page.count > items.length) {
    const unlisted = page.count - items.length;
    options.push({
      value: TYPEAHEAD_MORE_MARKER,
      label: moreLabel ? moreLabel(unlisted) : TYPEAHEAD_MORE_MARKER,
      title: moreMatches(unlisted),
      className: 'atelier-typeahead-more',
      // Shown, skipped by the arrows, and never chosen (SPEC §5).
      disabled: true,
    });
  }

  const busy = input.trim().length > 0 && (input.trim() !== term || matches.isFetching);
  let notFound: string | null = null;
  if (busy) notFound = 'Searching…';
  else if (active && matches.isError) notFound = 'The search failed; try again.';
  else if (active && page) notFound = 'No matches';

  return (
    <Select<string | null, Option>
      aria-label={label}
      className={className}
      style={style}
      placeholder={placeholder}
      value={null}
      virtual={false}
      options={options}
      showSearch={{
        searchValue: input,
        onSearch: setInput,
        filterOption: false,
        autoClearSearchValue: false,
      }}
      loading={busy}
      suffixIcon={null}
      notFoundContent={notFound}
      popupMatchSelectWidth={false}
      onSelect={(value) => {
        if (value === null || isMoreMarker(value)) return;
        const chosen = items.find((item) => String(getKey(item)) === value);
        if (!chosen) return;
        setInput('');
        onChoose(chosen);
      }}
    />
  );
}
