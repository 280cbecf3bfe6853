import { Input, Select, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { ARTIST_PAYMENT_STATUSES, formatUsd } from '@atelier/contracts';
import { LIST_IS_EMPTY, NO_RESULTS } from '../../../shared/list-messages';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { useArtistPayments } from '../api/payout-queries';
import { PaymentStatusTag, STATUS_WORDS, formatDate } from './payout-labels';
import { PayoutListTable } from './PayoutListTable';
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
      <PayoutListTable
        list={list}
        label={title}
        emptyText={search || status ? NO_RESULTS : LIST_IS_EMPTY}
        countNoun="payments"
        page={page}
        pageSize={pageSize}
        setPage={setPage}
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
    </section>
  );
}
