import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@atelier/contracts';

const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

/** search, page and page_size in the URL (SPEC §3 front-end conventions), and a setter. */
export function usePageQuery() {
  const [query, setQuery] = useSearchParams();
  const search = query.get('search') ?? '';
  const page = positive(query.get('page'), 1);
  const pageSize = positive(query.get('page_size'), DEFAULT_PAGE_SIZE);
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(query);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setQuery(next);
  };
  const setPage = (nextPage: number, nextSize: number) =>
    update({
      page: nextPage > 1 ? String(nextPage) : null,
      page_size: nextSize === DEFAULT_PAGE_SIZE ? null : String(nextSize),
    });
  return { query, search, page, pageSize, update, setPage };
}
