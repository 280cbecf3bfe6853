import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import {
  isMoreMarker,
  TYPEAHEAD_DEBOUNCE_MS,
  TYPEAHEAD_MORE_MARKER,
  useDebouncedValue,
} from '@atelier/ui';
import { collectionKeys } from './collection-keys';
import { searchCollections } from './search-collections';
import { andMore } from './collection-rules';

interface Option {
  value: string;
  label: string;
  disabled?: boolean;
}

const COLLECTIONS_TYPEAHEAD_LABEL = 'Find a collection';

/**
 * SPEC §2 collections typeahead: matches by name as you type (300 ms debounce), a last
 * 'and N more' entry when more match than are listed, which is never chosen (SPEC §5), and
 * choosing a match opens that collection. The shared Typeahead shows its marker as '…', while
 * SPEC §2 spells this one out, so the same rules are composed here with that wording.
 */
export function CollectionsTypeahead({
  onChoose,
  label = COLLECTIONS_TYPEAHEAD_LABEL,
}: {
  /** What choosing a collection does; by default it opens the collection. */
  onChoose?: (collection: { id: number; name: string }) => void;
  label?: string;
} = {}) {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const term = useDebouncedValue(input.trim(), TYPEAHEAD_DEBOUNCE_MS);
  const active = term.length > 0 && input.trim().length > 0;
  const matches = useQuery({
    queryKey: [...collectionKeys.lookup, term],
    queryFn: ({ signal }) => searchCollections(term, signal),
    enabled: active,
    staleTime: 30_000,
  });

  const page = active ? matches.data : undefined;
  const results = page?.results ?? [];
  const options: Option[] = results.map((c) => ({ value: String(c.id), label: c.name }));
  if (page && page.count > results.length) {
    options.push({
      value: TYPEAHEAD_MORE_MARKER,
      label: andMore(page.count - results.length),
      // Shown, skipped by the arrows, never chosen.
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
      className="sf-collections-typeahead"
      placeholder={label}
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
      onSelect={(value, option) => {
        if (value === null || isMoreMarker(value)) return;
        setInput('');
        if (onChoose) onChoose({ id: Number(value), name: option.label });
        else void navigate(`/collections/${value}`);
      }}
    />
  );
}
