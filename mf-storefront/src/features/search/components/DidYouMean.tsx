import { Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { updateSearchUrl } from '../search-url';

const DID_YOU_MEAN = 'Did you mean';

/**
 * The server's correction of a query that found nothing, as a link searching it with the
 * same sort and filters (from the first page).
 */
export function DidYouMean({ suggestion }: { suggestion: string | undefined }) {
  const [params] = useSearchParams();
  if (!suggestion) return null;
  const search = `?${updateSearchUrl(params, { q: suggestion }).toString()}`;
  return (
    <Typography.Paragraph style={{ fontSize: 16 }}>
      {DID_YOU_MEAN}{' '}
      <Link to={{ search }}>
        <strong>{suggestion}</strong>
      </Link>
      ?
    </Typography.Paragraph>
  );
}
