import { Pagination } from 'antd';
import { PAGE_SIZE_OPTIONS } from '@atelier/contracts';

export interface PaginationBarProps {
  count: number;
  page: number;
  pageSize: number;
  onChange(page: number, pageSize: number): void;
}

/**
 * Stand-in for @atelier/ui's PaginationBar (same props) until it is exported there: count,
 * page-size dropdown, previous/next and a page-number input (SPEC §2).
 */
export function PaginationBar({ count, page, pageSize, onChange }: PaginationBarProps) {
  return (
    <Pagination
      total={count}
      current={page}
      pageSize={pageSize}
      onChange={onChange}
      showSizeChanger
      showQuickJumper
      pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
      showTotal={(total) => `${total} total`}
      hideOnSinglePage={false}
    />
  );
}
