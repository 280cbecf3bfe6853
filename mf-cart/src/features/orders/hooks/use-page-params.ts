import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@atelier/contracts';

const positive = (raw: string | null, fallback: number): number => {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
};

/** A list's page and page size, kept in the URL (?page=2&page_size=50). */
export function usePageParams() {
  const [params, setParams] = useSearchParams();
  const page = positive(params.get('page'), 1);
  const requested = positive(params.get('page_size'), DEFAULT_PAGE_SIZE);
  const pageSize = (PAGE_SIZE_OPTIONS as readonly number[]).includes(requested)
    ? requested
    : DEFAULT_PAGE_SIZE;
  const setPage = useCallback(
    (nextPage: number, nextSize: number) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (nextPage > 1) next.set('page', String(nextPage));
        else next.delete('page');
        if (nextSize !== DEFAULT_PAGE_SIZE) next.set('page_size', String(nextSize));
        else next.delete('page_size');
        return next;
      }),
    [setParams],
  );
  return { page, pageSize, setPage };
}
