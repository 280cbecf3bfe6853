import { Pagination } from 'antd';
import { PAGE_SIZE_OPTIONS } from '@atelier/contracts';

export interface PaginationBarProps {
  count: number;
  page: number;
  pageSize: number;
  onChange: (page: number, pageSize: number) => void;
}

/**
 * SPEC §2 pagination bar (count, page-size dropdown, previous/next, page-number input),
 * with the props of @atelier/ui's PaginationBar; stands in until that one is published.
 */
export function PaginationBar({ count, page, pageSize, onChange }: PaginationBarProps) {
  return (
    <Pagination
      total={count}
      current={page}
      pageSize={pageSize}
      pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
      showSizeChanger
      showQuickJumper
      showTotal={(total) => `${total} in all`}
      onChange={onChange}
      style={{ marginTop: 16 }}
    />
  );
}
