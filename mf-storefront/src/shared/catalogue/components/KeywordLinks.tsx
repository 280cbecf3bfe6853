import { Link } from 'react-router-dom';

const keywordSearchPath = (keyword: string): string => `/search?q=${encodeURIComponent(keyword)}`;

const chip = {
  display: 'inline-block',
  padding: '2px 12px',
  border: '1px solid #d9d2c5',
  borderRadius: 16,
  color: 'inherit',
  background: '#faf8f4',
  lineHeight: '22px',
} as const;

/**
 * SPEC §2: keyword buttons search that keyword. They navigate, so they are links (Enter opens
 * them, modifier-clicks open a tab) drawn as buttons.
 */
export function KeywordLinks({ keywords }: { keywords: readonly string[] }) {
  if (keywords.length === 0) return null;
  return (
    <nav aria-label="Keywords">
      <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', padding: 0 }}>
        {keywords.map((keyword) => (
          <li key={keyword}>
            <Link to={keywordSearchPath(keyword)} style={chip}>
              {keyword}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
