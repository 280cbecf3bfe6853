import { useId, useState, type ReactNode } from 'react';
import { Button, Flex, Input, Select, Typography } from 'antd';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import {
  DEFAULT_PAGE_SIZE_OPTIONS,
  formatResultCount,
  pageCount,
  pageKeepingFirstItem,
  pageNumberMessage,
  parsePageInput,
} from './pagination-rules';

export interface PaginationBarProps {
  /** How many items there are in all. */
  count: number;
  /** The current page, from 1. */
  page: number;
  pageSize: number;
  /** A new page or page size was chosen. */
  onChange: (page: number, pageSize: number) => void;
  /** SPEC §9: 20, 50, 100 unless a list says otherwise. */
  pageSizeOptions?: readonly number[];
  /** The count's wording; 'N results' by default. */
  formatCount?: (count: number) => ReactNode;
  /** The navigation landmark's name, when a page has more than one bar. */
  ariaLabel?: string;
}

/**
 * SPEC §2 Pagination bar: the count, a page-size dropdown, previous and next, and a page-number
 * input that takes 1..pages (SPEC §5). It wraps onto more lines on a narrow screen.
 */
export default function PaginationBar({
  count,
  page,
  pageSize,
  onChange,
  pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
  formatCount = formatResultCount,
  ariaLabel = 'Pagination',
}: PaginationBarProps) {
  const pages = pageCount(count, pageSize);
  const current = Math.min(Math.max(1, page), pages);
  const errorId = useId();
  const [draft, setDraft] = useState(String(current));
  const [invalid, setInvalid] = useState(false);
  // The page can change from outside (previous/next, a link): the input follows it.
  const [shownPage, setShownPage] = useState(current);
  if (shownPage !== current) {
    setShownPage(current);
    setDraft(String(current));
    setInvalid(false);
  }

  const sizes = pageSizeOptions.includes(pageSize)
    ? pageSizeOptions
    : [...pageSizeOptions, pageSize].sort((a, b) => a - b);

  const commitDraft = () => {
    const typed = parsePageInput(draft, pages);
    if (typed === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (typed !== current) onChange(typed, pageSize);
  };

  return (
    <nav aria-label={ariaLabel} className="atelier-pagination">
      <Flex wrap align="center" gap="small" justify="space-between">
        <Typography.Text aria-live="polite">{formatCount(count)}</Typography.Text>
        <Flex wrap align="center" gap="small">
          <Select
            aria-label="Page size"
            size="small"
            virtual={false}
            value={pageSize}
            onChange={(size: number) =>
              onChange(
                Math.min(pageKeepingFirstItem(current, pageSize, size), pageCount(count, size)),
                size,
              )
            }
            options={sizes.map((size) => ({ value: size, label: `${size} / page` }))}
            popupMatchSelectWidth={false}
          />
          <Button
            size="small"
            aria-label="Previous page"
            icon={<LeftOutlined />}
            disabled={current <= 1}
            onClick={() => onChange(current - 1, pageSize)}
          />
          <Flex align="center" gap={4}>
            <Input
              size="small"
              aria-label="Page number"
              inputMode="numeric"
              style={{ width: 56, textAlign: 'center' }}
              value={draft}
              status={invalid ? 'error' : undefined}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
              onChange={(event) => {
                setDraft(event.target.value);
                setInvalid(false);
              }}
              onPressEnter={commitDraft}
              onBlur={() => {
                if (draft.trim() !== String(current)) commitDraft();
              }}
            />
            <Typography.Text>of {pages}</Typography.Text>
          </Flex>
          <Button
            size="small"
            aria-label="Next page"
            icon={<RightOutlined />}
            disabled={current >= pages}
            onClick={() => onChange(current + 1, pageSize)}
          />
        </Flex>
      </Flex>
      {invalid && (
        <div role="alert" id={errorId}>
          <Typography.Text type="danger">{pageNumberMessage(pages)}</Typography.Text>
        </div>
      )}
    </nav>
  );
}
