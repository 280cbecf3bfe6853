import { Empty, Input, Select, Skeleton, Table, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { ARTIST_PAYMENT_STATUSES, formatUsd, type ArtistPayment } from '@atelier/contracts';
import { ErrorDisplay, PaginationBar } from '@atelier/ui';
import { LIST_IS_EMPTY, NO_RESULTS } from '../../../shared/list-messages';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { useArtistPayments } from '../api/payout-queries';
import { PaymentStatusTag, STATUS_WORDS, formatDate } from './payout-labels';
import { PAYOUTS_CSS } from './payouts-css';
import { usePageQuery } from './use-page-query';

/** /manage/artist-payment: every payment a payout run made, newest first. */
export function ArtistPaymentListPage() {
  const { query, search, page, pageSize, update, setPage } = usePageQuery();
  const status = query.get('status') ?? '';
  const list = useArtistPayments({ search, page, pageSize, status });
  const title = 'Artist Payments';

  return (
    <section>
      <style>{MANAGE_CSS + PAYOUTS_CSS}</style>
      <ManageBreadcrumb type="artist-payment" />
      <div className="mg-header">
        <Typography.Title level={1}>{title}</Typography.Title>
      </div>
      <div className="mg-toolbar">
        <Input.Search
          key={search}
          aria-label={`Search ${title}`}
          placeholder="Search artists, royalty codes or tokens"
          defaultValue={search}
          allowClear
          onSearch={(value) => update({ search: value.trim(), page: null })}
        />
        <Select
          aria-label="Status"
          style={{ minWidth: 200 }}
          value={status}
          onChange={(value: string) => update({ status: value, page: null })}
          options={[
            { value: '', label: 'Every status' },
            ...ARTIST_PAYMENT_STATUSES.map((s) => ({ value: s, label: STATUS_WORDS[s] })),
          ]}
        />
      </div>
      {list.isPending && <Skeleton active />}
      {list.isError && <ErrorDisplay error={list.error} />}
      {list.isSuccess && list.data.results.length === 0 && (
        <Empty description={search || status ? NO_RESULTS : LIST_IS_EMPTY} />
      )}
      {list.isSuccess && list.data.results.length > 0 && (
        <>
          <Table<ArtistPayment>
            className="po-table"
            aria-label={title}
            rowKey="token"
            size="middle"
            pagination={false}
            loading={list.isFetching && list.isPlaceholderData}
            dataSource={list.data.results}
            columns={[
              {
                key: 'artist',
                title: 'Artist',
                render: (_, p) => (
                  <>
                    <Link to={`/manage/artist-payment/${p.token}`}>{p.artist.name}</Link>
                    <span className="po-sub">
                      <time dateTime={p.created_on}>{formatDate(p.created_on)}</time>
                      {p.account ? ` · ${p.account.display}` : ''}
                    </span>
                  </>
                ),
              },
              {
                key: 'status',
                title: 'Status',
                render: (_, p) => <PaymentStatusTag status={p.status} />,
              },
              {
                key: 'amount',
                title: 'Amount',
                align: 'right',
                render: (_, p) => formatUsd(p.amount),
              },
            ]}
          />
          <PaginationBar
            count={list.data.count}
            page={page}
            pageSize={pageSize}
            ariaLabel={`${title} pages`}
            formatCount={(count) => `${count.toLocaleString('en-US')} payments`}
            onChange={setPage}
          />
        </>
      )}
    </section>
  );
}
