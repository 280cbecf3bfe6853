import { Button, Empty, Input, Skeleton, Table, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { formatUsd, groupThousands, type PaymentDue } from '@atelier/contracts';
import { ErrorDisplay, PaginationBar } from '@atelier/ui';
import { LIST_IS_EMPTY, NO_RESULTS } from '../../../shared/list-messages';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { usePaymentsDue } from '../api/payout-queries';
import { PAST_RUNS } from './PayoutRunListPage';
import { PAYOUTS_CSS } from './payouts-css';
import { usePageQuery } from './use-page-query';

export const RUN_PAYOUTS = 'Run payouts';

/** /manage/payment-due: per artist, what they have earned on paid orders and not been paid. */
export function PaymentDueListPage() {
  const navigate = useNavigate();
  const { search, page, pageSize, update, setPage } = usePageQuery();
  const list = usePaymentsDue({ search, page, pageSize });
  const title = 'Payments Due';

  return (
    <section>
      <style>{MANAGE_CSS + PAYOUTS_CSS}</style>
      <ManageBreadcrumb type="payment-due" />
      <div className="mg-header">
        <Typography.Title level={1}>{title}</Typography.Title>
        <span className="po-header-links">
          <Link to="/manage/payment-due/runs">{PAST_RUNS}</Link>
          <Button type="primary" onClick={() => void navigate('/manage/payment-due/run')}>
            {RUN_PAYOUTS}
          </Button>
        </span>
      </div>
      <div className="mg-toolbar">
        <Input.Search
          key={search}
          aria-label={`Search ${title}`}
          placeholder="Search artists or royalty codes"
          defaultValue={search}
          allowClear
          onSearch={(value) => update({ search: value.trim(), page: null })}
        />
      </div>
      {list.isPending && <Skeleton active />}
      {list.isError && <ErrorDisplay error={list.error} />}
      {list.isSuccess && list.data.results.length === 0 && (
        <Empty description={search ? NO_RESULTS : LIST_IS_EMPTY} />
      )}
      {list.isSuccess && list.data.results.length > 0 && (
        <>
          <Table<PaymentDue>
            className="po-table"
            aria-label={title}
            rowKey="id"
            size="middle"
            pagination={false}
            loading={list.isFetching && list.isPlaceholderData}
            dataSource={list.data.results}
            columns={[
              {
                key: 'artist',
                title: 'Artist',
                render: (_, due) => (
                  <>
                    <Link to={`/manage/payment-due/${due.id}`}>{due.artist}</Link>
                    <span className="po-sub">{due.royalty_code}</span>
                  </>
                ),
              },
              {
                key: 'lines',
                title: 'Lines',
                align: 'right',
                responsive: ['sm'],
                render: (_, due) => groupThousands(due.lines),
              },
              {
                key: 'amount',
                title: 'Amount due',
                align: 'right',
                render: (_, due) => formatUsd(due.amount),
              },
            ]}
          />
          <PaginationBar
            count={list.data.count}
            page={page}
            pageSize={pageSize}
            ariaLabel={`${title} pages`}
            formatCount={(count) => `${groupThousands(count)} artists`}
            onChange={setPage}
          />
        </>
      )}
    </section>
  );
}
