import { useState } from 'react';
import { Alert, Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { Page } from '@atelier/contracts';
import { formatError } from '../errors/format-error';
import { useDebouncedValue } from '../typeahead/use-debounced-value';
import { LOOKUP_DEBOUNCE_MS, LOOKUP_LIMIT, lookupErrorMessage } from './entity-form-rules';

type Related = { id: number | string } & Record<string, unknown>;

/** What a related row is called in a list: its name, title, full name or email, else its id. */
function relatedLabel(row: Related): string {
  for (const key of ['name', 'title', 'full_name', 'email', 'label', 'royalty_code']) {
    const value = row[key];
    if (typeof value === 'string' && value) return value;
  }
  return `#${row.id}`;
}

export interface RelatedSelectProps {
  id: string;
  label: string;
  /** The list to look up: `GET {endpoint}?search&limit=1000` (SPEC §7 related lookups). */
  endpoint: string;
  multiple: boolean;
  required: boolean;
  value: unknown;
  invalid: boolean;
  onChange: (value: unknown) => void;
  onBlur: () => void;
}

/** A primary key related or many related field: a searchable select over the related list. */
export function RelatedSelect({
  id,
  label,
  endpoint,
  multiple,
  required,
  value,
  invalid,
  onChange,
  onBlur,
}: RelatedSelectProps) {
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim(), LOOKUP_DEBOUNCE_MS);
  const lookup = useQuery({
    queryKey: ['related-lookup', endpoint, search],
    queryFn: ({ signal }) =>
      api.get<Page<Related>>(endpoint, {
        params: { ...(search ? { search } : {}), limit: LOOKUP_LIMIT },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const options = (lookup.data?.results ?? []).map((row) => ({
    value: row.id,
    label: relatedLabel(row),
  }));
  const chosen = (multiple ? (Array.isArray(value) ? value : []) : [value]).filter(
    (item): item is number | string => item !== null && item !== undefined && item !== '',
  );
  // A chosen row the current lookup did not return still shows as itself.
  for (const item of chosen) {
    if (!options.some((option) => option.value === item)) {
      options.push({ value: item, label: `#${item}` });
    }
  }
  return (
    <>
      <Select<unknown>
        id={id}
        aria-label={label}
        mode={multiple ? 'multiple' : undefined}
        value={multiple ? chosen : (chosen[0] ?? null)}
        options={options}
        allowClear={!required}
        status={invalid ? 'error' : undefined}
        loading={lookup.isFetching}
        virtual={false}
        showSearch={{ searchValue: term, onSearch: setTerm, filterOption: false }}
        notFoundContent={lookup.isFetching ? 'Searching…' : 'No matches'}
        onChange={(next) => {
          setTerm('');
          onChange(next ?? (multiple ? [] : null));
        }}
        onBlur={onBlur}
        style={{ width: '100%' }}
      />
      {lookup.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={lookupErrorMessage(label)}
          description={formatError(lookup.error).title}
          style={{ marginTop: 8 }}
        />
      )}
    </>
  );
}
