import { useSearchParams } from 'react-router-dom';
import { defaultTaxYear } from '../components/tax-labels';

/** The year in the URL, or last calendar year. */
export function useTaxYear(): [
  number,
  URLSearchParams,
  (changes: Record<string, string | null>) => void,
] {
  const [query, setQuery] = useSearchParams();
  const asked = Number(query.get('year'));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : defaultTaxYear();
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(query);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setQuery(next);
  };
  return [year, query, update];
}
