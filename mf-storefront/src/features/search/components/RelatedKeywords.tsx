import { Button, Flex, Typography } from 'antd';
import type { RelatedKeyword } from '@atelier/contracts';

/**
 * The response's related keywords as buttons (SPEC §2, §3); choosing one searches that keyword
 * (its id is the search word). Wraps onto more lines on a phone.
 */
export function RelatedKeywords({
  keywords,
  onSearch,
}: {
  keywords: readonly RelatedKeyword[];
  onSearch: (keyword: string) => void;
}) {
  if (keywords.length === 0) return null;
  return (
    <nav aria-label="Related keywords" style={{ marginBottom: 12 }}>
      <Flex wrap align="center" gap={6}>
        <Typography.Text type="secondary">Related:</Typography.Text>
        {keywords.map((keyword) => (
          <Button key={keyword.id} size="small" shape="round" onClick={() => onSearch(keyword.id)}>
            {keyword.label}
          </Button>
        ))}
      </Flex>
    </nav>
  );
}
