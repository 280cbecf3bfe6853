import { Empty, Skeleton, Table, type TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { groupThousands, type Page } from '@atelier/contracts';
import { ErrorDisplay, PaginationBar } from '@atelier/ui';

export interface PayoutListTableProps<Row extends { token: string }> {
  /** The page query: while its next page loads, the previous page stays on screen, dimmed. */
  list: UseQueryResult<Page<Row>>;
  /** The table's and the pagination's accessible name. */
  label: string;
  columns: TableColumnsType<Row>;
  /** What an empty page says (a filtered list says that nothing matched). */
  emptyText: string;
  /** The rows' noun in the count, plural: "1,234 payments". */
  countNoun: string;
  page: number;
  pageSize: number;
  setPage: (page: number, pageSize: number) => void;
}

/**
 * The payouts lists' body (artist payments, past runs): loading, error, empty, then the rows
 * keyed by token with the pagination under them, so each page only declares its columns.
 */
export function PayoutListTable<Row extends { token: string }>({
  list,
  label,
  columns,
  emptyText,
  countNoun,
  page,
  pageSize,
  setPage,
}: PayoutListTableProps<Row>) {
  if (list.isPending) return <Skeleton active />;
  if (list.isError) return <ErrorDisplay error={list.error} />;
  if (list.data.results.length === 0) return <Empty description={emptyText} />;
  return (
    <>
      <Table<Row>
        className="po-table"
        aria-label={label}
        rowKey="token"
        size="middle"
        pagination={false}
        loading={list.isFetching && list.isPlaceholderData}
        dataSource={list.data.results}
        columns={columns}
      />
      <PaginationBar
        count={list.data.count}
        page={page}
        pageSize={pageSize}
        ariaLabel={`${label} pages`}
        formatCount={(count) => `${groupThousands(count)} ${countNoun}`}
        onChange={setPage}
      />
    </>
  );
}
