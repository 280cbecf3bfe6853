import { Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { formatUsd, type TaxReportRow } from '@atelier/contracts';
import { NO_FORM, OVER_THRESHOLD, UNDER_THRESHOLD } from './tax-labels';

/** Each artist paid in the year: total, the threshold mark, the form on file, the TIN masked. */
export function TaxReportTable({
  rows,
  year,
  busy = false,
}: {
  rows: TaxReportRow[];
  year: number;
  busy?: boolean;
}) {
  return (
    <div className="mg-table-scroll">
      <Table<TaxReportRow>
        rowKey="artist_id"
        size="middle"
        aria-label={`Artist payments in ${year}`}
        aria-busy={busy}
        dataSource={rows}
        pagination={false}
        style={{ minWidth: 760 }}
        columns={[
          {
            title: 'Artist',
            key: 'artist',
            render: (_, row) => (
              <Link to={`/manage/tax-reporting/${row.artist_id}?year=${year}`}>
                {row.artist_name}
              </Link>
            ),
          },
          {
            title: 'Payee (legal name)',
            key: 'payee',
            render: (_, row) => (
              <>
                {row.payee_name}
                {row.business_name && <div className="tx-muted">{row.business_name}</div>}
              </>
            ),
          },
          {
            title: 'Total paid',
            key: 'total',
            align: 'right',
            render: (_, row) => <span className="tx-money">{formatUsd(row.total_paid)}</span>,
          },
          {
            title: 'Threshold',
            key: 'threshold',
            render: (_, row) =>
              row.over_threshold ? (
                <Tag color="orange">{OVER_THRESHOLD}</Tag>
              ) : (
                <span className="tx-muted">{UNDER_THRESHOLD}</span>
              ),
          },
          {
            title: 'Form on file',
            key: 'form',
            render: (_, row) =>
              row.form ? (
                <Tag color={row.form === 'W-9' ? 'blue' : 'purple'}>{row.form}</Tag>
              ) : (
                <span className="tx-muted">{NO_FORM}</span>
              ),
          },
          {
            title: 'TIN',
            key: 'tin',
            render: (_, row) => <span className="tx-tin">{row.tin_masked ?? '—'}</span>,
          },
          {
            title: '1099-NEC',
            key: 'due',
            render: (_, row) => (row.form_1099_due ? 'Due' : '—'),
          },
        ]}
      />
    </div>
  );
}
