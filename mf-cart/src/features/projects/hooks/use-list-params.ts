import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

/** A list's state in the URL: page, page_size and search (ARCHITECTURE §3). */
export function useListParams(defaultPageSize: number) {
  const [params, setParams] = useSearchParams();
  const page = positive(params.get('page'), 1);
  const pageSize = positive(params.get('page_size'), defaultPageSize);
  const search = params.get('search') ?? '';

  const update = useCallback(
    (changes: Record<string, string | number | null>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      }),
    [setParams],
  );

  const setPage = useCallback(
    (nextPage: number, nextPageSize: number) =>
      update({
        page: nextPage > 1 ? nextPage : null,
        page_size: nextPageSize !== defaultPageSize ? nextPageSize : null,
      }),
    [update, defaultPageSize],
  );
  // A new search starts at its first page.
  const setSearch = useCallback(
    (text: string) => update({ search: text.trim(), page: null }),
    [update],
  );

  return { page, pageSize, search, setPage, setSearch };
}
