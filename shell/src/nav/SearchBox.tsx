import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

const SEARCH_PLACEHOLDER = 'Search Art';

/** Searching from any page goes to /search?q=…; the box mirrors the q of a search page. */
export function SearchBox() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = params.get('q') ?? '';
  const [value, setValue] = useState(current);
  const [shownQuery, setShownQuery] = useState(current);
  // A new q in the URL (another search, back button) replaces what the box shows.
  if (shownQuery !== current) {
    setShownQuery(current);
    setValue(current);
  }
  return (
    <form
      role="search"
      className="atelier-search"
      onSubmit={(event) => {
        event.preventDefault();
        const q = value.trim();
        void navigate(q ? `/search?q=${encodeURIComponent(q)}` : '/search');
      }}
    >
      <input
        type="search"
        name="q"
        aria-label="Search art"
        placeholder={SEARCH_PLACEHOLDER}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        enterKeyHint="search"
      />
    </form>
  );
}
