import { Skeleton, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { formatUsd, type TaxPayment } from '@atelier/contracts';
import { ErrorDisplay } from '@atelier/ui';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { useTaxDetail } from '../api/tax-report-queries';
import { useTaxYear } from '../hooks/use-tax-year';
import { TAX_CSS } from './tax-css';
import { NO_FORM, OVER_THRESHOLD, UTC_NOTE } from './tax-labels';

const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'medium' }) : '—';

/** /manage/tax-reporting/:id: one artist's payments in the year, and the form on file. */
export function TaxArtistDetail({ id }: { id: string }) {
  const [year] = useTaxYear();
  const detail = useTaxDetail(year, id);
  const data = detail.data;
  const title = data ? `${data.artist_name} · ${year}` : `Artist #${id} · ${year}`;

  return (
    <section>
      <style>{MANAGE_CSS + TAX_CSS}</style>
      <ManageBreadcrumb type="tax-reporting" trail={[{ title: data?.artist_name ?? `#${id}` }]} />
      <div className="mg-header">
        <Typography.Title level={1}>{title}</Typography.Title>
        <Link to={`/manage/tax-reporting?year=${year}`}>Back to {year}</Link>
      </div>
      {detail.isPending && <Skeleton active />}
      {detail.isError && <ErrorDisplay error={detail.error} />}
      {data && (
        <>
          <dl className="mg-facts" style={{ marginBottom: 20 }}>
            <div>
              <dt>Payee (legal name)</dt>
              <dd>{data.payee_name}</dd>
            </div>
            {data.business_name && (
              <div>
                <dt>Business name</dt>
                <dd>{data.business_name}</dd>
              </div>
            )}
            <div>
              <dt>Total paid in {year}</dt>
              <dd>
                {formatUsd(data.total_paid)}{' '}
                {data.over_threshold && <Tag color="orange">{OVER_THRESHOLD}</Tag>}
              </dd>
            </div>
            <div>
              <dt>Threshold</dt>
              <dd>{formatUsd(data.threshold)}</dd>
            </div>
            <div>
              <dt>Form on file</dt>
              <dd>{data.form ?? NO_FORM}</dd>
            </div>
            <div>
              <dt>TIN</dt>
              <dd className="tx-tin">{data.tin_masked ?? '—'}</dd>
            </div>
            <div>
              <dt>1099-NEC</dt>
              <dd>{data.form_1099_due ? 'Due' : 'Not due'}</dd>
            </div>
          </dl>
          <h2 className="mg-section-title">Payments in {year}</h2>
          <Typography.Paragraph type="secondary">{UTC_NOTE}</Typography.Paragraph>
          <div className="mg-table-scroll">
            <Table<TaxPayment>
              rowKey="id"
              size="small"
              aria-label={`Payments in ${year}`}
              dataSource={data.payments}
              pagination={false}
              style={{ minWidth: 560 }}
              locale={{ emptyText: `No payments in ${year}` }}
              columns={[
                { title: 'Completed', key: 'completed', render: (_, p) => day(p.completed_on) },
                {
                  title: 'Amount',
                  key: 'amount',
                  align: 'right',
                  render: (_, p) => <span className="tx-money">{formatUsd(p.amount)}</span>,
                },
                { title: 'Status', key: 'status', render: (_, p) => p.status },
                {
                  title: 'Counted',
                  key: 'counted',
                  render: (_, p) => (p.counted ? 'Yes' : 'No'),
                },
                { title: 'Payment', key: 'token', render: (_, p) => <code>{p.token}</code> },
              ]}
            />
          </div>
        </>
      )}
    </section>
  );
}
