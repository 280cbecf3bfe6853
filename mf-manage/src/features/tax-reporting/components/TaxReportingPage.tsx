import { Alert, Checkbox, Empty, Input, Select, Skeleton, Typography } from 'antd';
import { useParams } from 'react-router-dom';
import { formatUsd } from '@atelier/contracts';
import { ErrorDisplay, PaginationBar } from '@atelier/ui';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { useTaxReport } from '../api/tax-report-queries';
import { useTaxYear } from '../hooks/use-tax-year';
import { ExportActions } from './ExportActions';
import { ExportLog } from './ExportLog';
import { TaxArtistDetail } from './TaxArtistDetail';
import { TaxReportTable } from './TaxReportTable';
import { TAX_CSS } from './tax-css';
import {
  NO_PAYEES,
  OVER_THRESHOLD,
  taxYears,
  THRESHOLD_SOURCES,
  UTC_NOTE,
  W8_NOTE,
} from './tax-labels';

const PAGE_SIZE = 50;

/** /manage/tax-reporting/:id?: the year's report, or one artist's payments in it. */
export function TaxReportingPage() {
  const { id } = useParams();
  return id ? <TaxArtistDetail id={id} /> : <TaxReport />;
}

function TaxReport() {
  const [year, query, update] = useTaxYear();
  const overThreshold = query.get('over_threshold') === 'true';
  const search = query.get('search') ?? '';
  const page = Math.max(1, Number(query.get('page')) || 1);
  const report = useTaxReport({ year, overThreshold, search, page, pageSize: PAGE_SIZE });
  const data = report.data;
  const years = taxYears();
  if (!years.includes(year)) years.push(year);

  return (
    <section>
      <style>{MANAGE_CSS + TAX_CSS}</style>
      <ManageBreadcrumb type="tax-reporting" />
      <div className="mg-header">
        <Typography.Title level={1}>Tax Reporting</Typography.Title>
        <ExportActions year={year} />
      </div>
      <div className="mg-toolbar">
        <label>
          <span className="tx-muted">Year </span>
          <Select<number>
            aria-label="Tax year"
            value={year}
            style={{ width: 110 }}
            options={years.sort((a, b) => b - a).map((y) => ({ value: y, label: String(y) }))}
            onChange={(value) => update({ year: String(value), page: null })}
          />
        </label>
        <Checkbox
          checked={overThreshold}
          onChange={(e) => update({ over_threshold: e.target.checked ? 'true' : null, page: null })}
        >
          {OVER_THRESHOLD} only
        </Checkbox>
        <Input.Search
          key={search}
          aria-label="Search payees"
          placeholder="Search artist or legal name"
          defaultValue={search}
          allowClear
          onSearch={(value) => update({ search: value.trim(), page: null })}
        />
      </div>
      {report.isPending && <Skeleton active />}
      {report.isError && <ErrorDisplay error={report.error} />}
      {data && (
        <>
          <dl className="tx-summary" aria-label={`${data.year} summary`}>
            <div>
              <dt>Reporting threshold</dt>
              <dd>
                {formatUsd(data.threshold)}{' '}
                <span className="tx-muted">
                  ({THRESHOLD_SOURCES[data.threshold_source]}
                  {data.threshold_source === 'carried forward'
                    ? ` ${data.threshold_from_year}`
                    : ''}
                  )
                </span>
              </dd>
            </div>
            <div>
              <dt>Paid in {data.year}</dt>
              <dd>{formatUsd(data.total_paid)}</dd>
            </div>
            <div>
              <dt>Payees over the threshold</dt>
              <dd>{data.over_threshold_count}</dd>
            </div>
          </dl>
          <Alert
            type="info"
            showIcon
            title={UTC_NOTE}
            description={W8_NOTE}
            style={{ marginBottom: 12 }}
          />
          {data.results.length === 0 ? (
            <Empty description={search || overThreshold ? 'No results' : NO_PAYEES} />
          ) : (
            <>
              <TaxReportTable rows={data.results} year={data.year} busy={report.isFetching} />
              {data.count > PAGE_SIZE && (
                <PaginationBar
                  count={data.count}
                  page={page}
                  pageSize={PAGE_SIZE}
                  pageSizeOptions={[PAGE_SIZE]}
                  ariaLabel="Tax report pages"
                  onChange={(next) => update({ page: next > 1 ? String(next) : null })}
                />
              )}
            </>
          )}
          <h2 className="mg-section-title" style={{ marginTop: 24 }}>
            Exports of {data.year}
          </h2>
          <ExportLog exports={data.exports} />
        </>
      )}
    </section>
  );
}
