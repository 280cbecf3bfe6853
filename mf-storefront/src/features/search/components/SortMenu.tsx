import { Select } from 'antd';
import { SEARCH_SORTS, SEARCH_SORT_LABELS, type SearchSort } from '@atelier/contracts';

const OPTIONS = SEARCH_SORTS.map((sort) => ({ value: sort, label: SEARCH_SORT_LABELS[sort] }));

/** SPEC §9 sort options: Newest (default), Best Match, Most popular; the server's sort keys. */
export function SortMenu({
  value,
  onChange,
}: {
  value: SearchSort;
  onChange: (sort: SearchSort) => void;
}) {
  return (
    <Select
      aria-label="Sort"
      value={value}
      onChange={onChange}
      options={OPTIONS}
      // Real option elements, so a screen reader (and a test) sees every choice.
      virtual={false}
      popupMatchSelectWidth={false}
      style={{ minWidth: 140 }}
    />
  );
}
